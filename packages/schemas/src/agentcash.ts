/**
 * /agentcash (docs/api/agentcash.md): agents' cash-outs of their commission. The
 * settings (per partner, versioned), the platform's request (the contract's cash-out request
 * form, word for word), the review items and the figures. Bodies strict: no extra keys, no
 * coercion; amounts in centavos.
 */
import { z } from 'zod';
import { CASHOUT_STATES, cashoutCreateBody, cashoutOrderId } from './cashout';
import { requiredText } from './text';

const MAX_AMOUNT = 1_000_000_000_000;
const whole = (min: number, max: number) =>
  z
    .number({ message: 'Must be a number' })
    .refine((n) => Number.isInteger(n), { message: 'Must be an integer', abort: true })
    .refine((n) => n >= min, { message: `Must be at least ${min}`, abort: true })
    .refine((n) => n <= max, { message: `Must be at most ${max}` });
/** A percent with at most 2 decimals, 0..100. */
const percent = z
  .number({ message: 'Must be a number' })
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= 100, { message: 'Must be between 0 and 100', abort: true })
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: 'At most 2 decimals' });

/** One partner's agent cash-out settings (partner 0: the platform default every partner starts from). */
export const agentCashConfigBody = z
  .strictObject({
    minAmount: whole(1, MAX_AMOUNT).describe('one request at least (centavos)'),
    maxAmount: whole(1, MAX_AMOUNT).describe('one request at most (centavos)'),
    dailyMaxAmount: whole(1, MAX_AMOUNT).describe("an agent's requests of one GMT+08:00 day at most, together (centavos)"),
    dailyCount: whole(1, 100).describe("an agent's requests in one GMT+08:00 day at most"),
    feePercent: percent.describe('fee on the amount, rounded up to the centavo, held with it'),
    autoApproveAmount: whole(0, MAX_AMOUNT).describe('requests at or under this amount skip the manual review (0: every request is reviewed)'),
    fourEyesAmount: whole(1, MAX_AMOUNT).describe('requests above this amount need two different approvers'),
  })
  .superRefine((c, ctx) => {
    if (c.minAmount > c.maxAmount) ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'Must be at least minAmount' });
    if (c.maxAmount > c.dailyMaxAmount) ctx.addIssue({ code: 'custom', path: ['dailyMaxAmount'], message: 'Must be at least maxAmount' });
  });
export type AgentCashConfig = z.infer<typeof agentCashConfigBody>;

export const agentCashConfigSaveBody = z.strictObject({
  partner: whole(0, 2_147_483_647),
  config: agentCashConfigBody,
});
export type AgentCashConfigSaveBody = z.infer<typeof agentCashConfigSaveBody>;

export const agentCashConfigQuery = z.strictObject({
  partner: z
    .string()
    .regex(/^\d{1,10}$/, { message: 'Must be a whole number' })
    .transform(Number)
    .optional(),
});

/** The platform's agent cash-out request: the contract's cash-out request, word for word (uid = the agent). */
export const agentCashoutCreateBody = cashoutCreateBody;
export type AgentCashoutCreateBody = z.infer<typeof agentCashoutCreateBody>;

export const agentCashoutItem = z.object({
  id: z.number().int(),
  orderId: z.string(),
  uid: z.number().int(),
  name: z.string(),
  partner: z.number().int(),
  channel: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  account: z.string(),
  remarks: z.string(),
  status: z.enum(CASHOUT_STATES),
  auto: z.boolean(),
  createdAt: z.string(),
  claimedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  secondApprovedBy: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  providerRef: z.string().nullable(),
  finishedAt: z.string().nullable(),
  needsTwo: z.boolean(),
});
export type AgentCashoutItem = z.infer<typeof agentCashoutItem>;

/** Figures of agent cash-outs over a day, a month or an agent (requested, paid, returned, open). */
export const agentCashFigures = z.object({
  requests: z.number().int(),
  requested: z.number().int(),
  paidCount: z.number().int(),
  paid: z.number().int(),
  fee: z.number().int(),
  returnedCount: z.number().int(),
  returned: z.number().int(),
  openCount: z.number().int(),
  open: z.number().int(),
  auto: z.number().int(),
});
export const agentCashDayRow = agentCashFigures.extend({ day: z.string() });
export const agentCashMonthRow = agentCashFigures.extend({ month: z.string() });
export const agentCashUserRow = agentCashFigures.extend({ uid: z.number().int(), name: z.string(), partner: z.number().int() });
export type AgentCashDayRow = z.infer<typeof agentCashDayRow>;
export type AgentCashMonthRow = z.infer<typeof agentCashMonthRow>;
export type AgentCashUserRow = z.infer<typeof agentCashUserRow>;

/** Approve: the order, and optionally the password (re-authenticates this session first, as POST /reauth does). */
export const agentApproveBody = z.strictObject({ orderId: cashoutOrderId, password: requiredText(128).optional() });

/** The review queues' counts, and the amounts above which two reviewers approve and below which the desk approves by itself. */
export const agentCashSummary = z.object({ counts: z.record(z.string(), z.number()), fourEyesAmount: z.number(), autoApproveAmount: z.number() });
export type AgentCashSummary = z.infer<typeof agentCashSummary>;
