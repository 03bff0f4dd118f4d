// The benches' HTTP client: node:http over kept-alive sockets, and the calls every bench makes
// (a signed platform POST as demo-app, a staff GET), with the latency helpers. fetch (undici
// behind WHATWG streams) costs the bench process about as much CPU per call as the server's own
// work on a small query, and the bench shares the machine's cores with the server and
// PostgreSQL, so with fetch the client's overhead showed up in the server's figures.
import http from 'node:http';
import { platformSignature } from '../../apps/server/src/http/platform-operation.ts';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
export const DEMO_APP = { appId: 'demo-app', secret: 'demo-platform-secret' } as const;

type Answer = { status: number; body: any };

function send(url: string, options: http.RequestOptions, payload?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** GET `url` with `headers`; resolves the status and the parsed JSON body. */
export const getJson = (url: string, headers: Record<string, string>) => send(url, { method: 'GET', headers });

/** POST `payload` (JSON text) to `url` with `headers`; resolves the status and the parsed JSON answer. */
export const postJson = (url: string, payload: string, headers: Record<string, string>) =>
  send(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } }, payload);

/** A platform call signed as demo-app (contract "Platform API"). */
export async function signedPost(url: string, path: string, body: unknown) {
  const payload = JSON.stringify(body);
  const timestamp = String(Date.now());
  const res = await postJson(url + path, payload, {
    'x-app-id': DEMO_APP.appId,
    'x-timestamp': timestamp,
    'x-signature': platformSignature(DEMO_APP.secret, timestamp, payload),
  });
  return { status: res.status, answer: res.body as { code: number; data?: any; message?: string } };
}

/** A staff GET; the answer's data, or an error naming the path. */
export async function staffGet(url: string, token: string, path: string, query: Record<string, string>) {
  const { status, body } = await getJson(`${url}${path}?${new URLSearchParams(query)}`, { 'x-token': token });
  const answer = body as { code: number; data?: any; message?: string };
  if (answer.code !== 200) throw new Error(`${path}: ${status} ${answer.message}`);
  return answer.data;
}

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return +s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(2);
};

/** Runs `count` calls of `call(i)` with `concurrency` in flight; returns each call's latency in ms. */
export async function timed(count: number, concurrency: number, call: (i: number) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await call(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return latencies;
}
