/**
 * The demo seed's console in process, for the domains' demo traffic after the simulated history
 * (domains/<x>/demo.ts): one app built for the seed whose clock the traffic moves, where
 *   - staff act through the staff API (POST /api/login from their office address when their
 *     last session would have lapsed, then the screens' own calls: roles, validation and the
 *     operation log as for a person at the console), and
 *   - the player's app calls the signed platform API as demo-app (`client`: events, payments,
 *     the activities screen; `app`: any other platform call).
 * Nothing is sent before a call needs it (a run that finds everything done signs nobody in).
 */
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import type { Db } from '../db/open';
import { OFFICE_IP } from '../simulator/in-process-staff';
import { injectCarrier, sign, SignedClient } from '../simulator/transport';

export interface Answer {
  status: number;
  body: Record<string, any>;
}
type Params = Record<string, string | number | boolean | undefined>;

export interface DemoConsole {
  /** The moment of the next calls (ms). */
  at(ms: number): void;
  now(): number;
  /** A staff call of the demo account `by`: a POST's body, or a GET's query. */
  staff(by: string, method: 'GET' | 'POST', url: string, input?: unknown): Promise<Answer>;
  /** A signed platform call as the app: a POST's body, or a GET's query. */
  app(method: 'GET' | 'POST', url: string, input?: unknown): Promise<Answer>;
  /** The simulator's signed client on the same app (each call moves the clock to its moment). */
  client: SignedClient;
  close(): Promise<void>;
}

const queryOf = (input: unknown) =>
  new URLSearchParams(
    Object.entries((input ?? {}) as Params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();

export async function openDemoConsole(
  db: Db,
  config: ServerConfig,
  password: string,
  application: { appId: string; secret: string } = { appId: 'demo-app', secret: 'demo-platform-secret' },
): Promise<DemoConsole> {
  let clock = config.now();
  const server = await buildApp({ db, config: { ...config, now: () => clock, webDist: undefined }, batchWorker: false });
  await server.ready();
  const sessions = new Map<string, { token: string; since: number; used: number }>();
  /** `raw`: a GET's query string or a POST's JSON body, as signed. */
  const send = async (method: 'GET' | 'POST', url: string, raw: string, headers: Record<string, string>, by?: string): Promise<Answer> => {
    const res = await server.inject({
      method,
      url: method === 'GET' && raw ? `${url}?${raw}` : url,
      ...(method === 'POST' ? { payload: raw } : {}),
      headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(by ? { remoteAddress: OFFICE_IP[by] ?? '203.177.52.20' } : {}),
    });
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Record<string, any>) : {} };
  };
  const rawOf = (method: 'GET' | 'POST', input: unknown) => (method === 'GET' ? queryOf(input) : JSON.stringify(input ?? {}));
  const tokenOf = async (by: string): Promise<string> => {
    const s = sessions.get(by);
    if (s && clock - s.used < config.session.idleMs - 60_000 && clock - s.since < config.session.absoluteMs - 60_000 && clock >= s.used) {
      s.used = clock;
      return s.token;
    }
    const login = await send('POST', '/api/login', JSON.stringify({ username: by, password }), {}, by);
    if (login.body.code !== 200) throw new Error(`demo console: ${by} cannot sign in: ${JSON.stringify(login.body)}`);
    sessions.set(by, { token: login.body.accessToken as string, since: clock, used: clock });
    return login.body.accessToken as string;
  };
  return {
    at(ms) {
      clock = ms;
    },
    now: () => clock,
    async staff(by, method, url, input) {
      return send(method, url, rawOf(method, input), { 'x-token': await tokenOf(by) }, by);
    },
    async app(method, url, input) {
      const raw = rawOf(method, input);
      const ts = String(clock);
      return send(method, url, raw, { 'x-app-id': application.appId, 'x-timestamp': ts, 'x-signature': sign(application.secret, ts, raw) });
    },
    client: new SignedClient(injectCarrier(server), {
      ...application,
      now: () => clock,
      setClock: (ms) => {
        clock = ms;
      },
      attempts: 1,
    }),
    async close() {
      await server.close();
    },
  };
}

/** A stable share (0..99) of a number and a salt: who is sampled, when, what (the demo traffic is deterministic). */
export const share = (id: number, salt: number) => {
  let h = Math.imul((id ^ Math.imul(salt, 0x9e3779b9)) >>> 0, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % 100;
};
