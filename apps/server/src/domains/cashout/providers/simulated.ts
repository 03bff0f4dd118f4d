/**
 * Simulated GCash and bank providers for the demo, the simulator and the tests. Deterministic:
 * by default the outcome follows the account's last digit (0 → failure, 9 → timeout, then a
 * late callback with success; anything else → success), and tests script outcomes per order or
 * for every next call (`script`). A timeout answers `{status: 'timeout'}` at once rather than
 * hanging: the adapter's deadline (payout.ts) covers real hangs.
 */
import { createHash } from 'node:crypto';
import type { LateOutcome, PayoutOutcome, PayoutProvider, PayoutRequest } from './provider';

export type ScriptedOutcome = 'success' | 'failure' | 'timeout' | 'hang';

export interface SimulatedKnobs {
  /** Outcome of every next call (until cleared), before the per-order and default rules. */
  next?: ScriptedOutcome;
  /** Outcome per order id. */
  byOrder?: Record<string, ScriptedOutcome>;
  /** After a timeout, report this outcome later (null: never). Default: success. */
  lateAfterTimeout?: 'success' | 'failure' | null;
  /** Delay of the late callback in ms (default 0: the next tick). */
  lateDelayMs?: number;
}

export class SimulatedProvider implements PayoutProvider {
  /** Every call made, in order (tests count payouts with it). */
  readonly calls: PayoutRequest[] = [];
  knobs: SimulatedKnobs = {};
  /** Where late callbacks go (set by the payout service when it registers the provider). */
  onLate: ((outcome: LateOutcome) => Promise<void>) | null = null;

  constructor(readonly name: string) {}

  script(knobs: SimulatedKnobs): void {
    this.knobs = knobs;
    this.calls.length = 0;
  }

  private decide(request: PayoutRequest): ScriptedOutcome {
    if (this.knobs.next) return this.knobs.next;
    const scripted = this.knobs.byOrder?.[request.orderId];
    if (scripted) return scripted;
    const last = request.account.trim().slice(-1);
    if (last === '0') return 'failure';
    if (last === '9') return 'timeout';
    return 'success';
  }

  reference(orderId: string): string {
    return `${this.name.toUpperCase()}-${createHash('sha256').update(orderId).digest('hex').slice(0, 12)}`;
  }

  async pay(request: PayoutRequest): Promise<PayoutOutcome> {
    this.calls.push(request);
    const outcome = this.decide(request);
    if (outcome === 'hang')
      return new Promise(() => {
        /* never answers: the adapter's deadline decides */
      });
    if (outcome === 'success') return { status: 'success', reference: this.reference(request.orderId) };
    if (outcome === 'failure') return { status: 'failure', reason: `${this.name}: account ${request.account} rejected the transfer` };
    const late = this.knobs.lateAfterTimeout === undefined ? 'success' : this.knobs.lateAfterTimeout;
    if (late && this.onLate) {
      const report = this.onLate;
      setTimeout(() => {
        void report({
          orderId: request.orderId,
          status: late,
          reference: this.reference(request.orderId),
          reason: late === 'failure' ? 'late failure' : undefined,
        }).catch(() => {
          /* the order is gone (test database closed): nothing to report to */
        });
      }, this.knobs.lateDelayMs ?? 0);
    }
    return { status: 'timeout' };
  }
}
