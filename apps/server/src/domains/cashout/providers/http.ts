/**
 * A payout provider reached over HTTP (docs/api/payout-provider.md,
 * docs/decisions/048-http-payouts.md). One per cash-out channel with an enabled endpoint
 * (`payout_endpoint`): the console POSTs the payout, signed with the channel's secret, and the
 * order id is the provider's idempotency key, so a call sent again never pays twice. A call
 * that fails (no answer in time, the connection lost, a 5xx) is followed by a status query
 * before it is sent again: the first may have been carried out with its answer lost. Out of
 * tries, the outcome is unknown (`timeout`): the order turns undetermined and the provider's
 * callback, the status sweep or a reviewer settles it (the order's state machine, payout.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PayoutOutcome, PayoutProvider, PayoutRequest } from './provider';

/** hex HMAC-SHA256(secret, `${timestamp}.${payload}`), the platform API's version-1 form. */
export function payoutSignature(secret: string, timestamp: string, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
}

export function signatureHolds(secret: string, timestamp: string, payload: string, given: string): boolean {
  const expected = Buffer.from(payoutSignature(secret, timestamp, payload), 'hex');
  const actual = /^[0-9a-f]{64}$/.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export interface HttpEndpoint {
  channel: string;
  url: string;
  merchantId: string;
  /** Opened (secrets/columns.ts openPayoutSecret). */
  secret: string;
  timeoutMs: number;
  retries: number;
}

/** What the provider says of a payout: its answer to the POST, or to the status query. */
type ProviderStatus = { status: 'success'; reference: string } | { status: 'failure'; reason: string } | { status: 'pending' } | { status: 'unknown' };

export class HttpPayoutProvider implements PayoutProvider {
  readonly name: string;

  constructor(
    private readonly endpoint: HttpEndpoint,
    private readonly clock: () => number = Date.now,
    private readonly backoffMs = 250,
  ) {
    this.name = `http:${endpoint.channel}`;
  }

  private headers(payload: string): Record<string, string> {
    const timestamp = String(this.clock());
    return {
      'content-type': 'application/json',
      'x-merchant-id': this.endpoint.merchantId,
      'x-timestamp': timestamp,
      'x-signature': payoutSignature(this.endpoint.secret, timestamp, payload),
    };
  }

  /** One call; null when it failed (no answer in time, no connection, a 5xx, an answer that is not one). */
  private async call(method: 'GET' | 'POST', path: string, payload: string): Promise<ProviderStatus | null> {
    try {
      const res = await fetch(`${this.endpoint.url.replace(/\/+$/, '')}${path}`, {
        method,
        headers: this.headers(payload),
        body: method === 'POST' ? payload : undefined,
        signal: AbortSignal.timeout(this.endpoint.timeoutMs),
      });
      if (res.status === 404 && method === 'GET') return { status: 'unknown' };
      if (!res.ok) return null;
      return readStatus(await res.json());
    } catch {
      return null;
    }
  }

  /** What the provider knows of an order (GET <url>/payouts/<orderId>, signed over the order id); null: no answer. */
  status(orderId: string): Promise<ProviderStatus | null> {
    return this.call('GET', `/payouts/${encodeURIComponent(orderId)}`, orderId);
  }

  async pay(request: PayoutRequest): Promise<PayoutOutcome> {
    const payload = JSON.stringify({
      orderId: request.orderId,
      amount: request.amount,
      currency: 'PHP',
      account: request.account,
      channel: request.channel,
      uid: request.uid,
    });
    for (let attempt = 0; attempt <= this.endpoint.retries; attempt += 1) {
      if (attempt > 0) {
        await new Promise((r) => setTimeout(r, this.backoffMs * 2 ** (attempt - 1)));
        // the last call may have been carried out with its answer lost: ask before sending again
        const known = await this.status(request.orderId);
        if (known && known.status !== 'unknown') return outcomeOf(known);
      }
      const answer = await this.call('POST', '/payouts', payload);
      if (answer && answer.status !== 'unknown') return outcomeOf(answer);
    }
    return { status: 'timeout' };
  }
}

function readStatus(body: unknown): ProviderStatus | null {
  const b = body as { status?: unknown; reference?: unknown; reason?: unknown } | null;
  if (b?.status === 'success') return { status: 'success', reference: String(b.reference ?? '').slice(0, 128) };
  if (b?.status === 'failure') return { status: 'failure', reason: String(b.reason ?? 'provider refused the payout').slice(0, 200) };
  if (b?.status === 'pending') return { status: 'pending' };
  if (b?.status === 'unknown') return { status: 'unknown' };
  return null;
}

/** A pending payout is an outcome not known yet: the order waits, undetermined, for the callback or the sweep. */
function outcomeOf(s: Exclude<ProviderStatus, { status: 'unknown' }>): PayoutOutcome {
  return s.status === 'pending' ? { status: 'timeout' } : s;
}
