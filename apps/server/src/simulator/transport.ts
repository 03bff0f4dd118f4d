/**
 * The signed platform client (contract "Platform API": X-App-Id, X-Timestamp, X-Signature =
 * hex HMAC-SHA256(secret, `${timestamp}.${payload}`)) over two carriers: HTTP (fetch) for the
 * CLI, and `app.inject` for the demo seed and tests, which also moves the app's clock to the
 * simulated moment of each call so that wallet entries land on their day of the history.
 * A call that fails on the way (network, 5xx, 429) is sent again as it was: the same event
 * ids and txIds, so the server applies it once.
 */
import { createHmac } from 'node:crypto';
import type {
  ActivityClaim,
  Balances,
  ClaimAnswer,
  EventResult,
  PaymentCall,
  PlayerActivity,
  PlatformEvent,
  Transport,
  WalletAnswer,
  WalletBody,
  WalletOp,
  WalletOpResult,
  WalletSettleBody,
} from './types';

/** An answer as it came: status, body, and the ETag header when there is one. */
export interface Raw {
  status: number;
  body: string;
  etag?: string;
}
/** Sends one request: `payload` is the JSON body of a POST or the query string of a GET. */
export type Carrier = (method: 'GET' | 'POST', path: string, payload: string, headers: Record<string, string>) => Promise<Raw>;

export interface ClientOptions {
  appId: string;
  secret: string;
  /** Milliseconds for X-Timestamp (the server's clock must agree within 300 s). */
  now?: () => number;
  /** Called with the simulated time of a call before it is signed (in-process clock; send one call at a time). */
  setClock?: (at: number) => void;
  /** Attempts per call on transient failures (default 8). */
  attempts?: number;
  onRetry?: (what: string, attempt: number, reason: string) => void;
}

export class FatalCallError extends Error {}

export function sign(secret: string, timestamp: string, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class SignedClient implements Transport {
  retries = 0;
  private readonly now: () => number;

  constructor(
    private readonly carrier: Carrier,
    private readonly options: ClientOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** One signed call, sent again unchanged on a transient failure; `extra` headers (If-None-Match) are sent as given. */
  private async raw(method: 'GET' | 'POST', path: string, payload: string, at: number, extra: Record<string, string> = {}): Promise<Raw> {
    const attempts = this.options.attempts ?? 8;
    for (let attempt = 1; ; attempt++) {
      this.options.setClock?.(at);
      const timestamp = String(this.now());
      const headers: Record<string, string> = {
        ...extra,
        'x-app-id': this.options.appId,
        'x-timestamp': timestamp,
        'x-signature': sign(this.options.secret, timestamp, payload),
      };
      if (method === 'POST') headers['content-type'] = 'application/json';
      let reason: string;
      try {
        const raw = await this.carrier(method, path, payload, headers);
        if (raw.status < 500 && raw.status !== 429) {
          if (raw.status === 401) {
            let message = '';
            try {
              message = JSON.parse(raw.body).message ?? '';
            } catch {
              message = raw.body.slice(0, 200);
            }
            throw new FatalCallError(`${path}: 401 ${message} (check --app and --secret)`);
          }
          return raw;
        }
        reason = `HTTP ${raw.status} ${raw.body.slice(0, 200)}`;
      } catch (error) {
        if (error instanceof FatalCallError) throw error;
        reason = (error as Error).message;
      }
      if (attempt >= attempts) throw new FatalCallError(`${path}: gave up after ${attempts} attempts (${reason})`);
      this.retries++;
      this.options.onRetry?.(path, attempt, reason);
      await pause(Math.min(5000, 100 * 2 ** attempt));
    }
  }

  private async call(method: 'GET' | 'POST', path: string, payload: string, at: number): Promise<{ status: number; json: any }> {
    const raw = await this.raw(method, path, payload, at);
    return { status: raw.status, json: raw.body ? JSON.parse(raw.body) : {} };
  }

  /**
   * Any other call of the app (live mode, app-open.ts: remote configuration, announcements, inbox,
   * message events, SMS routes), answered as it came: a 304 has no body, the ETag is kept.
   */
  async signed(method: 'GET' | 'POST', path: string, payload: string, at: number, headers: Record<string, string> = {}): Promise<Raw> {
    return this.raw(method, path, payload, at, headers);
  }

  async events(events: PlatformEvent[], at: number): Promise<EventResult[]> {
    const { status, json } = await this.call('POST', '/api/platform/events', JSON.stringify({ events }), at);
    const results = json?.data?.results;
    if (status !== 200 || !Array.isArray(results) || results.length !== events.length) {
      throw new FatalCallError(`/api/platform/events: ${status} ${json?.message ?? JSON.stringify(json).slice(0, 200)}`);
    }
    return results as EventResult[];
  }

  async wallet(kind: 'debit' | 'credit', body: WalletBody, at: number): Promise<WalletAnswer> {
    const { status, json } = await this.call('POST', `/api/platform/wallet/${kind}`, JSON.stringify(body), at);
    if (status === 400) throw new FatalCallError(`/api/platform/wallet/${kind}: 400 ${json.message}`);
    return { status, code: json.code ?? status, message: json.message, balance: json.data?.balance };
  }

  async settle(body: WalletSettleBody, at: number): Promise<WalletAnswer> {
    const { status, json } = await this.call('POST', '/api/platform/wallet/settle', JSON.stringify(body), at);
    if (status === 400) throw new FatalCallError(`/api/platform/wallet/settle: 400 ${json.message}`);
    return { status, code: json.code ?? status, message: json.message, balance: json.data?.balance };
  }

  /** A wallet batch: one result per op (a rejected op is an answer, not an error); a refusal of the whole call is fatal. */
  async batch(ops: WalletOp[], at: number): Promise<WalletOpResult[]> {
    const { status, json } = await this.call('POST', '/api/platform/wallet/batch', JSON.stringify({ ops }), at);
    const results = json?.data?.results;
    if (status !== 200 || !Array.isArray(results) || results.length !== ops.length) {
      throw new FatalCallError(`/api/platform/wallet/batch: ${status} ${json?.message ?? JSON.stringify(json).slice(0, 200)}`);
    }
    return results as WalletOpResult[];
  }

  /** A recharge order and its callbacks (each signed at its own moment), or a cash-out request. */
  async payment(call: PaymentCall, at: number): Promise<WalletAnswer> {
    const answer = (status: number, json: any): WalletAnswer => ({ status, code: json.code ?? status, message: json.message });
    if (call.op === 'cashout') {
      const { op: _op, ...body } = call;
      const { status, json } = await this.call('POST', '/api/platform/cashout/orders', JSON.stringify(body), at);
      return answer(status, json);
    }
    const { op: _op, callbacks, ...body } = call;
    const created = await this.call('POST', '/api/platform/recharge/orders', JSON.stringify(body), at);
    if (created.status !== 200) return answer(created.status, created.json);
    for (const c of callbacks) {
      const payload = { orderId: created.json.data.orderId, channelOrderId: c.channelOrderId, amount: c.amount, status: c.status };
      await this.call('POST', '/api/platform/recharge/callback', JSON.stringify(payload), at + c.after);
    }
    return answer(200, created.json);
  }

  /** The activities the player's app shows (GET /api/platform/activities); null for an unknown player. */
  async activities(uid: number, at: number): Promise<PlayerActivity[] | null> {
    const { status, json } = await this.call('GET', '/api/platform/activities', `uid=${uid}`, at);
    if (status === 404) return null;
    if (status !== 200) throw new FatalCallError(`/api/platform/activities: ${status} ${json.message}`);
    return json.data.items as PlayerActivity[];
  }

  /** Claims a reached tier; a refusal (409: not reached, budgets, one per device…) is an answer, not an error. */
  async claim(claim: ActivityClaim, at: number): Promise<ClaimAnswer> {
    const { status, json } = await this.call('POST', '/api/platform/activities/claim', JSON.stringify(claim), at);
    if (status === 400) throw new FatalCallError(`/api/platform/activities/claim: 400 ${json.message}`);
    const d = json.data;
    return {
      status,
      code: json.code ?? status,
      message: json.message,
      ...(status === 200 ? { currency: d.currency, amount: d.amount, repeated: d.repeated } : {}),
    };
  }

  async balance(uid: number, at: number): Promise<Balances | null> {
    const { status, json } = await this.call('GET', '/api/platform/wallet/balance', `uid=${uid}`, at);
    if (status === 404) return null;
    if (status !== 200) throw new FatalCallError(`/api/platform/wallet/balance: ${status} ${json.message}`);
    const b = json.data.balances;
    return Object.fromEntries(Object.entries(b).map(([k, v]) => [k, Number(v)])) as unknown as Balances;
  }
}

/** Over HTTP: `url` is the server's base, e.g. http://127.0.0.1:8080. */
export function httpCarrier(url: string): Carrier {
  const base = url.replace(/\/+$/, '');
  return async (method, path, payload, headers) => {
    const res = await fetch(method === 'GET' ? `${base}${path}?${payload}` : `${base}${path}`, {
      method,
      headers,
      body: method === 'POST' ? payload : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    return { status: res.status, body: await res.text(), etag: res.headers.get('etag') ?? undefined };
  };
}

interface Injectable {
  inject(options: {
    method: 'GET' | 'POST';
    url: string;
    payload?: string;
    headers: Record<string, string>;
  }): PromiseLike<{ statusCode: number; body: string; headers: Record<string, unknown> }>;
}

/** In process, through Fastify's inject (no socket). */
export function injectCarrier(app: Injectable): Carrier {
  return async (method, path, payload, headers) => {
    const res = await app.inject(method === 'GET' ? { method, url: `${path}?${payload}`, headers } : { method, url: path, payload, headers });
    return { status: res.statusCode, body: res.body, etag: typeof res.headers.etag === 'string' ? res.headers.etag : undefined };
  };
}
