/**
 * Which provider pays which channel. Default: a channel whose name holds 'bank' goes to the
 * simulated bank, every other to the simulated GCash; a real deployment registers its own
 * provider per channel (`registerPayoutProvider`).
 */
import type { PayoutProvider } from './provider';
import { SimulatedProvider } from './simulated';

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
