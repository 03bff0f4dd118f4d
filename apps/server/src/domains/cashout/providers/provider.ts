/**
 * The payout provider seam: a real GCash or bank integration implements PayoutProvider and
 * is registered for its channel. `pay` is called at most once per order (the order's guarded
 * payout claim, payout.ts); its answer is final (success / failure) or unknown (timeout: the
 * order turns undetermined). A provider that learns the outcome later reports it through
 * `providerOutcome` (payout.ts), the same path a real provider's callback would take.
 */
export interface PayoutRequest {
  orderId: string;
  channel: string;
  uid: number;
  /** Centavos to pay out (the fee stays with the house). */
  amount: number;
  /** GCash number or bank account. */
  account: string;
}

export type PayoutOutcome = { status: 'success'; reference: string } | { status: 'failure'; reason: string } | { status: 'timeout' };

export interface PayoutProvider {
  /** 'gcash', 'bank' …: stored on the order. */
  readonly name: string;
  pay(request: PayoutRequest): Promise<PayoutOutcome>;
}

/** What a provider's late callback reports about an order it paid or failed after the fact. */
export interface LateOutcome {
  orderId: string;
  status: 'success' | 'failure';
  reference?: string;
  reason?: string;
}
