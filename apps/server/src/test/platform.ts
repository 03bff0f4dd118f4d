/**
 * A signed platform client over the harness's `app.inject` (contract "Platform API"): every
 * call carries X-App-Id, X-Timestamp (the test clock) and X-Signature over the exact bytes
 * sent. Also small helpers to put players and money in place through the real API, for any
 * test that needs them.
 */
import { allScopes, type AppScopes } from '@console/schemas';
import { platformSignature, platformSignatureV2 } from '../http/platform-operation';
import { ensurePlatformApplication } from '../domains/platform/applications';
import type { Answer, TestApp } from './harness';

export const DEMO_APP = { appId: 'demo-app', secret: 'demo-platform-secret' } as const;

export interface SignOptions {
  appId?: string;
  secret?: string;
  /** X-Timestamp to send (default: the test clock), or null to leave the header out. */
  timestamp?: string | null;
  /** X-Signature to send instead of the right one, or null to leave it out. */
  signature?: string | null;
  contentType?: string;
  /** The signature version (default: the client's): 2 signs method and path too and sends X-Signature-Version: 2. */
  version?: 1 | 2;
}

export interface PlatformEventInputs {
  id: string;
  type: string;
  at?: string;
  data: Record<string, unknown>;
}

export interface PlatformClient {
  appId: string;
  /** The signed headers of a call (to send it through another app instance). */
  headersFor(method: string, path: string, payload: string, options?: SignOptions): Record<string, string>;
  /** POST with a JSON body (a string is sent as is: signed over those bytes). */
  post(url: string, body: unknown, options?: SignOptions): Promise<Answer>;
  /** GET with a raw query string (without `?`), signed over it. */
  get(url: string, rawQuery?: string, options?: SignOptions): Promise<Answer>;
  /** POST /api/platform/events; `at` defaults to the test clock. */
  events(events: PlatformEventInputs[]): Promise<Answer>;
  /** One event; returns its result ({id, status, code?, message?}), throws if the call itself failed. */
  event(type: string, data: Record<string, unknown>, options?: { id?: string; at?: string }): Promise<Record<string, any>>;
  /** Registers a player (defaults for every field), optionally with chips credited through the wallet. */
  register(uid: number, data?: Record<string, unknown>, chips?: number): Promise<void>;
  /** Credits through the wallet; returns the balance after. */
  credit(uid: number, amount: number, currency?: string): Promise<number>;
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${process.pid}-${(sequence += 1)}`;

/** A client signing as `app` (default demo-app, created here if missing; a new one holds every scope unless given its own). */
export async function platformClient(
  t: TestApp,
  app: { appId: string; secret: string; scopes?: AppScopes; version?: 1 | 2 } = DEMO_APP,
): Promise<PlatformClient> {
  await ensurePlatformApplication(t.database.db, { ...app, name: app.appId, scopes: app.scopes ?? allScopes() });
  const iso = () => new Date(t.clock.now).toISOString();

  const headersFor = (method: string, path: string, payload: string, o: SignOptions = {}) => {
    const timestamp = o.timestamp === undefined ? String(t.clock.now) : o.timestamp;
    const headers: Record<string, string> = { 'x-app-id': o.appId ?? app.appId };
    if (timestamp !== null) headers['x-timestamp'] = timestamp;
    const version = o.version ?? app.version ?? 1;
    if (version === 2) headers['x-signature-version'] = '2';
    const secret = o.secret ?? app.secret;
    const signature =
      o.signature !== undefined
        ? o.signature
        : version === 2
          ? platformSignatureV2(secret, timestamp ?? '', method, path, payload)
          : platformSignature(secret, timestamp ?? '', payload);
    if (signature !== null) headers['x-signature'] = signature;
    return headers;
  };
  const answer = (res: { statusCode: number; body: string }): Answer => ({ status: res.statusCode, body: res.body ? JSON.parse(res.body) : {} });

  const client: PlatformClient = {
    appId: app.appId,
    headersFor,
    async post(url, body, o = {}) {
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...headersFor('POST', url, payload, o), 'content-type': o.contentType ?? 'application/json' },
      });
      return answer(res);
    },
    async get(url, rawQuery = '', o = {}) {
      const res = await t.app.inject({ method: 'GET', url: rawQuery ? `${url}?${rawQuery}` : url, headers: headersFor('GET', url, rawQuery, o) });
      return answer(res);
    },
    events(events) {
      return client.post('/api/platform/events', { events: events.map((e) => ({ at: iso(), ...e })) });
    },
    async event(type, data, o = {}) {
      const res = await client.events([{ id: o.id ?? nextId('ev'), type, at: o.at ?? iso(), data }]);
      if (res.status !== 200) throw new Error(`event ${type}: ${JSON.stringify(res.body)}`);
      return res.body.data.results[0];
    },
    async register(uid, data = {}, chips = 0) {
      const result = await client.event('player.registered', {
        uid,
        name: `Player ${uid}`,
        ip: '10.0.0.1',
        deviceId: `device-${uid}`,
        package: 'com.demo',
        ...data,
      });
      if (result.status !== 'applied') throw new Error(`register ${uid}: ${JSON.stringify(result)}`);
      if (chips > 0) await client.credit(uid, chips);
    },
    async credit(uid, amount, currency = 'chip') {
      const res = await client.post('/api/platform/wallet/credit', { txId: nextId('tx'), uid, currency, amount, reason: 'test.credit' });
      if (res.status !== 200) throw new Error(`credit ${uid}: ${JSON.stringify(res.body)}`);
      return res.body.data.balance as number;
    },
  };
  return client;
}
