/**
 * Signed platform calls (docs/api/platform.md) against a running server, as the demo
 * application `demo-app`: what the browser tests use to put players and their text in place
 * through the real API. Also a staff API client (X-Token) for checks beside the screens.
 */
import { platformSignature, platformSignatureV2 } from '../apps/server/src/http/platform-operation.ts';

export const DEMO_APP = { appId: 'demo-app', secret: 'demo-platform-secret' } as const;

export interface EventResult {
  id: string;
  status: 'applied' | 'rejected' | 'duplicate';
  code?: number;
  message?: string;
}

let sequence = 0;
const nextId = (prefix: string) => `e2e-${prefix}-${process.pid}-${Date.now()}-${(sequence += 1)}`;

/** Signed as `app`; `version: 2` signs method and path too (contract "Platform API", signature version 2). */
export function platformClient(url: string, app: { appId: string; secret: string; version?: 1 | 2 } = DEMO_APP) {
  const headers = (payload: string, method = 'POST', path = ''): Record<string, string> => {
    const timestamp = String(Date.now());
    if (app.version === 2) {
      return {
        'X-App-Id': app.appId,
        'X-Timestamp': timestamp,
        'X-Signature-Version': '2',
        'X-Signature': platformSignatureV2(app.secret, timestamp, method, path, payload),
      };
    }
    return { 'X-App-Id': app.appId, 'X-Timestamp': timestamp, 'X-Signature': platformSignature(app.secret, timestamp, payload) };
  };
  const client = {
    async post(path: string, body: unknown): Promise<{ status: number; body: any }> {
      const payload = JSON.stringify(body);
      const res = await fetch(url + path, {
        method: 'POST',
        body: payload,
        headers: { ...headers(payload, 'POST', path), 'Content-Type': 'application/json' },
      });
      return { status: res.status, body: await res.json() };
    },
    async get(path: string, query: string): Promise<{ status: number; body: any }> {
      const res = await fetch(`${url}${path}?${query}`, { headers: headers(query, 'GET', path) });
      return { status: res.status, body: await res.json() };
    },
    /** Sends events (at: now unless given); returns one result per event. */
    async events(events: { type: string; data: Record<string, unknown>; at?: string; id?: string }[]): Promise<EventResult[]> {
      const now = new Date().toISOString();
      const res = await client.post('/api/platform/events', {
        events: events.map((e) => ({ id: e.id ?? nextId('ev'), at: e.at ?? now, type: e.type, data: e.data })),
      });
      if (res.status !== 200) throw new Error(`events: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.results as EventResult[];
    },
    async event(type: string, data: Record<string, unknown>): Promise<EventResult> {
      return (await client.events([{ type, data }]))[0];
    },
    /** Registers a player (defaults for every field); throws unless applied. */
    async register(uid: number, data: Record<string, unknown> = {}): Promise<void> {
      const result = await client.event('player.registered', {
        uid,
        name: `E2E player ${uid}`,
        ip: '10.9.0.1',
        deviceId: `e2e-device-${uid}`,
        package: 'com.demo.e2e',
        ...data,
      });
      if (result.status !== 'applied') throw new Error(`register ${uid}: ${JSON.stringify(result)}`);
    },
    async credit(uid: number, amount: number, currency = 'chip'): Promise<number> {
      const res = await client.post('/api/platform/wallet/credit', { txId: nextId('tx'), uid, currency, amount, reason: 'e2e.credit' });
      if (res.status !== 200) throw new Error(`credit ${uid}: ${JSON.stringify(res.body)}`);
      return res.body.data.balance as number;
    },
  };
  return client;
}

/** GET a staff data call with a session token; returns the envelope (and the HTTP status). */
export async function staffGet(url: string, token: string, path: string, query: Record<string, string | number> = {}): Promise<{ status: number; body: any }> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`${url}/api${path}${qs ? `?${qs}` : ''}`, { headers: { 'X-Token': token } });
  return { status: res.status, body: await res.json() };
}
