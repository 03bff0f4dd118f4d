/**
 * Which provider pays which channel: the channel's enabled HTTP endpoint (payout_endpoint, set on
 * /remoteconfig/payoutEndpoints: http.ts), else a provider registered in code
 * (`registerPayoutProvider`), else a simulation: a channel whose name holds 'bank' goes to the
 * simulated bank, every other to the simulated GCash (demo and tests only: a production start
 * refuses an open channel without an endpoint).
 */
import type { Db } from '../../../db/open';
import { openPayoutSecret } from '../../../secrets/columns';
import { HttpPayoutProvider, type HttpEndpoint } from './http';
import type { PayoutProvider } from './provider';
import { SimulatedProvider } from './simulated';

export { HttpPayoutProvider, payoutSignature, signatureHolds, type HttpEndpoint } from './http';

export type { LateOutcome, PayoutOutcome, PayoutProvider, PayoutRequest } from './provider';
export { SimulatedProvider, type SimulatedKnobs } from './simulated';

export const simulatedGcash = new SimulatedProvider('gcash');
export const simulatedBank = new SimulatedProvider('bank');

const byChannel = new Map<string, PayoutProvider>();

export function registerPayoutProvider(channel: string, provider: PayoutProvider): void {
  byChannel.set(channel, provider);
}

export function providerFor(channel: string): PayoutProvider {
  return byChannel.get(channel) ?? (/bank/i.test(channel) ? simulatedBank : simulatedGcash);
}

/** The channel's enabled HTTP endpoint, its secret opened; null: none. */
export async function endpointOf(db: Db, channel: string): Promise<HttpEndpoint | null> {
  const row = await db.selectFrom('payout_endpoint').selectAll().where('channel', '=', channel).where('enabled', '=', true).executeTakeFirst();
  return row
    ? {
        channel: row.channel,
        url: row.url,
        merchantId: row.merchant_id,
        secret: openPayoutSecret(row.secret, row.channel),
        timeoutMs: row.timeout_ms,
        retries: row.retries,
      }
    : null;
}

/** The provider that pays the channel now (its HTTP endpoint first). */
export async function payoutProviderFor(db: Db, channel: string): Promise<PayoutProvider> {
  const endpoint = await endpointOf(db, channel);
  return endpoint ? new HttpPayoutProvider(endpoint) : providerFor(channel);
}
