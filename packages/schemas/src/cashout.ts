/**
 * Requests and answers of the cashout domain (docs/api/cashout.md): the platform's
 * cash-out orders (contract "Recharge and cash-out", word for word) and the staff review.
 * Strict: no coercion, no extra keys; amounts integers 1..10^12.
 */
import { z } from 'zod';
import { platformAmount, platformUid } from './platform';
import { staffAmount, staffReason, staffUid } from './players';
import { oneTimeCode, requiredText } from './text';

/** §4's states as the wire spells them (stable; docs/api/cashout.md). */
export const CASHOUT_STATES = ['not_reviewed', 'in_review', 'approved', 'succeed', 'fail', 'denied', 'undetermined', 'set_success'] as const;
export type CashoutState = (typeof CASHOUT_STATES)[number];

/** A cash-out order id: 32 lowercase hex characters. */
export const cashoutOrderId = z.string().regex(/^[0-9a-f]{32}$/, { message: 'Must be 32 lowercase hex characters' });

// ---------------------------------------------------------------------------------- platform

export const cashoutCreateBody = z.strictObject({
  requestId: requiredText(64),
  uid: platformUid,
  channel: requiredText(64),
  amount: platformAmount,
  account: requiredText(128).regex(/\S/, { message: 'Required' }),
});
export type CashoutCreateBody = z.infer<typeof cashoutCreateBody>;

export const cashoutCreateAnswer = z.object({
  code: z.literal(200),
  data: z.object({ orderId: z.string(), status: z.enum(CASHOUT_STATES), fee: z.number().int() }),
});

export const cashoutOrderQuery = z.strictObject({ orderId: cashoutOrderId });

export const cashoutOrderAnswer = z.object({
  code: z.literal(200),
  data: z.object({ orderId: z.string(), status: z.enum(CASHOUT_STATES), amount: z.number().int(), fee: z.number().int() }),
});

// ---------------------------------------------------------------------------------- staff

/** Claim, approve: one order. */
export const cashoutOrderBody = z.strictObject({ orderId: cashoutOrderId });
export type CashoutOrderBody = z.infer<typeof cashoutOrderBody>;

/** Deny: the reason the player will be told (§5 wording for reasons). */
export const cashoutDenyBody = z.strictObject({ orderId: cashoutOrderId, reason: staffReason });
export type CashoutDenyBody = z.infer<typeof cashoutDenyBody>;

/** An undetermined payout's outcome set by hand, with the evidence (the provider's statement …). */
export const cashoutResolveBody = z.strictObject({
  orderId: cashoutOrderId,
  outcome: z.enum(['success', 'fail'], { message: 'Must be success or fail' }),
  reason: staffReason,
});
export type CashoutResolveBody = z.infer<typeof cashoutResolveBody>;

export const MAX_CASHOUT_BATCH = 100;
const orderIds = z
  .array(cashoutOrderId)
  .min(1, { message: 'At least 1 order' })
  .max(MAX_CASHOUT_BATCH, { message: `At most ${MAX_CASHOUT_BATCH} orders` })
  .refine((ids) => new Set(ids).size === ids.length, { message: 'An order is listed twice' });
export const cashoutBatchApproveBody = z.strictObject({ orderIds });
export const cashoutBatchDenyBody = z.strictObject({ orderIds, reason: staffReason });
export type CashoutBatchApproveBody = z.infer<typeof cashoutBatchApproveBody>;
export type CashoutBatchDenyBody = z.infer<typeof cashoutBatchDenyBody>;

/** Re-authentication before approving: the password or a current authenticator code. */
export const cashoutReauthBody = z.union([z.strictObject({ password: requiredText(128) }), z.strictObject({ code: oneTimeCode })], {
  message: 'Send password or code',
});
export type CashoutReauthBody = z.infer<typeof cashoutReauthBody>;

export const cashoutReauthAnswer = z.object({ code: z.literal(200), data: z.object({ validUntil: z.string() }) });

export const cashoutOrderItem = z.object({
  id: z.number().int(),
  orderId: z.string(),
  uid: z.number().int(),
  partner: z.number().int(),
  channel: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  account: z.string(),
  remarks: z.string(),
  status: z.enum(CASHOUT_STATES),
  createdAt: z.string(),
  claimedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  secondApprovedBy: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  providerRef: z.string().nullable(),
  attempts: z.number().int(),
  finishedAt: z.string().nullable(),
  lateOutcome: z.string().nullable(),
  /** Above the four-eyes amount: two different approvals needed. */
  needsTwo: z.boolean(),
});
export type CashoutOrderItem = z.infer<typeof cashoutOrderItem>;

/** The queues' counts, the late outcomes flagged, and the amount above which two reviewers approve. */
export const cashoutSummaryAnswer = z.object({
  code: z.literal(200),
  data: z.object({ counts: z.record(z.string(), z.number()), late: z.number(), fourEyesAmount: z.number() }),
});

export const cashoutTransitionAnswer = z.object({
  code: z.literal(200),
  data: z.object({ order: cashoutOrderItem }),
});

export const cashoutBatchAnswer = z.object({
  code: z.literal(200),
  data: z.object({
    results: z.array(z.object({ orderId: z.string(), status: z.string(), code: z.number().int(), message: z.string().optional() })),
  }),
});

/** The player's context beside an order. */
export const cashoutContextQuery = z.strictObject({ orderId: cashoutOrderId });
export const cashoutContextAnswer = z.object({
  code: z.literal(200),
  data: z.object({
    order: cashoutOrderItem,
    history: z.array(z.object({ at: z.string(), actor: z.string(), from: z.string().nullable(), to: z.string(), reason: z.string() })),
    player: z.object({ uid: z.number().int(), name: z.string(), status: z.string(), gcash: z.string(), bank: z.string(), registeredAt: z.string() }),
    balances: z.record(z.string(), z.number()),
    recharges: z.array(
      z.object({ orderId: z.string(), channel: z.string(), price: z.number(), status: z.string(), createdAt: z.string(), paidAt: z.string().nullable() }),
    ),
    bets: z.array(z.object({ at: z.string(), reason: z.string(), delta: z.number(), currency: z.string() })),
    cashouts: z.array(z.object({ orderId: z.string(), at: z.string(), amount: z.number(), status: z.string() })),
    risks: z.array(z.object({ kind: z.enum(['device', 'ip']), value: z.string(), uids: z.array(z.number().int()) })),
  }),
});

// ---------------------------------------------------------------------------------- charisma

/** §4 charisma cash-out: converting a player's charisma into withdrawable pesos. */
export const CHARISMA_STATES = ['unissued', 'issued'] as const;
export const charismaRequestBody = z.strictObject({ uid: staffUid, charisma: staffAmount });
export type CharismaRequestBody = z.infer<typeof charismaRequestBody>;
export const charismaIssueBody = z.strictObject({
  id: z.number({ message: 'Expected number' }).int({ message: 'Must be an integer' }).min(1, { message: 'Must be at least 1' }).max(Number.MAX_SAFE_INTEGER),
});
export type CharismaIssueBody = z.infer<typeof charismaIssueBody>;
export const charismaItem = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  partner: z.number().int(),
  charisma: z.number().int(),
  amount: z.number().int(),
  status: z.enum(CHARISMA_STATES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  issuedBy: z.string().nullable(),
  issuedAt: z.string().nullable(),
});
export type CharismaItem = z.infer<typeof charismaItem>;
export const charismaAnswer = z.object({ code: z.literal(200), data: charismaItem });
