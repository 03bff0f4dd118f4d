/**
 * Request and answer schemas of agents and rebates (/agentcooperation): agents (a
 * player made an agent), versioned rates, rebate lines, statements per week, settlement runs.
 * Rates are basis points (2000 = 20%); chips are centavos. docs/api/agents.md.
 */
import { z } from 'zod';
import { calendarDay, isoDateTime, requiredText, text } from './text';

const int = (min: number, max: number) =>
  z
    .number({ message: 'Expected number' })
    .int({ message: 'Must be an integer' })
    .min(min, { message: `Must be at least ${min}` })
    .max(max, { message: `Must be at most ${max}` });

export const AGENT_STATUSES = ['active', 'suspended'] as const;
export const REBATE_LINE_KINDS = ['t1', 't2', 'recharge', 'own', 'adjustment'] as const;
export const REBATE_STATUSES = ['pending', 'settled', 'voided'] as const;
/** Largest single adjustment (chips): ₱1,000,000. */
export const MAX_ADJUSTMENT = 100_000_000;
const bps = int(0, 10_000);
const uid = int(1, 2_147_483_647);

/** A rate version's figures: t1 + t2 must not exceed rate (400 naming t2). */
const rateFields = {
  /** The agent's total share of its invitees' rake, basis points. */
  rate: bps,
  t1: bps,
  t2: bps,
  /** Share of T1 invitees' paid recharges, basis points (0 or absent: none). */
  recharge: bps.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { message: 'Must be a 3-letter currency code' })
    .optional(),
  /** Chips per unit of the currency (100: 100 chips = ₱1). */
  currencyRatio: int(1, 1_000_000).optional(),
  note: text(200).optional(),
};
const tiersWithinRate = <T extends { rate: number; t1: number; t2: number }>(r: T, ctx: z.RefinementCtx) => {
  if (r.t1 > r.rate) ctx.addIssue({ code: 'custom', message: `Must not exceed rate (${r.rate})`, path: ['t1'] });
  else if (r.t1 + r.t2 > r.rate) ctx.addIssue({ code: 'custom', message: `t1 + t2 must not exceed rate (${r.rate})`, path: ['t2'] });
};

export const agentCreateBody = z
  .strictObject({
    uid,
    /** Display name; default the player's name. */
    name: text(64).optional(),
    ...rateFields,
  })
  .superRefine(tiersWithinRate);
export type AgentCreateBody = z.infer<typeof agentCreateBody>;

export const agentRateBody = z
  .strictObject({
    uid,
    /** When the version starts: now or later (never backwards). */
    effectiveAt: isoDateTime,
    ...rateFields,
  })
  .superRefine(tiersWithinRate);
export type AgentRateBody = z.infer<typeof agentRateBody>;

export const agentStatusBody = z.strictObject({
  uid,
  status: z.enum(AGENT_STATUSES, { message: 'Must be active or suspended' }),
  reason: requiredText(200),
});
export type AgentStatusBody = z.infer<typeof agentStatusBody>;

export const agentAdjustBody = z.strictObject({
  uid,
  /** Chips, ± (a clawback is negative); never 0. */
  amount: int(-MAX_ADJUSTMENT, MAX_ADJUSTMENT).refine((n) => n !== 0, { message: 'Must not be 0' }),
  reason: requiredText(200),
  /** The week (its Monday, YYYY-MM-DD) the correction goes into; default the current week. A closed week: 409. */
  week: calendarDay('Must be a date YYYY-MM-DD').optional(),
});
export type AgentAdjustBody = z.infer<typeof agentAdjustBody>;

export const rebateLineVoidBody = z.strictObject({ id: int(1, Number.MAX_SAFE_INTEGER), reason: requiredText(200) });
export type RebateLineVoidBody = z.infer<typeof rebateLineVoidBody>;

export const agentSettingsBody = z.strictObject({ minActiveInvitees: int(0, 100_000) });
export type AgentSettingsBody = z.infer<typeof agentSettingsBody>;
export const agentSettings = z.object({ minActiveInvitees: z.number(), updatedAt: z.string().nullable(), updatedBy: z.string() });
export type AgentSettings = z.infer<typeof agentSettings>;

export const agentItem = z.object({
  uid: z.number(),
  name: z.string(),
  playerName: z.string(),
  partner: z.number(),
  status: z.enum(AGENT_STATUSES),
  note: z.string(),
  /** The latest rate version (it may start in the future: effectiveAt). */
  rate: z.number(),
  t1: z.number(),
  t2: z.number(),
  recharge: z.number(),
  currency: z.string(),
  currencyRatio: z.number(),
  effectiveAt: z.string().nullable(),
  t1Invitees: z.number(),
  /** As of the last settled week. */
  activeInvitees: z.number(),
  withdrawable: z.boolean(),
  carry: z.number(),
  settledWeek: z.string().nullable(),
  /** Commission account balance, the currency's smallest unit. */
  balance: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type AgentItem = z.infer<typeof agentItem>;

export const agentRateItem = z.object({
  id: z.number(),
  uid: z.number(),
  effectiveAt: z.string(),
  rate: z.number(),
  t1: z.number(),
  t2: z.number(),
  recharge: z.number(),
  currency: z.string(),
  currencyRatio: z.number(),
  note: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** When the next version replaced it (null: not replaced). */
  until: z.string().nullable(),
  /** in effect now, scheduled (later), or past (replaced). */
  state: z.enum(['past', 'current', 'scheduled']),
});
export type AgentRateItem = z.infer<typeof agentRateItem>;

export const rebateLineItem = z.object({
  id: z.number(),
  week: z.string(),
  agent: z.number(),
  agentName: z.string(),
  partner: z.number(),
  invitee: z.number().nullable(),
  inviteeName: z.string(),
  kind: z.enum(REBATE_LINE_KINDS),
  base: z.number(),
  bps: z.number(),
  amount: z.number(),
  status: z.enum(REBATE_STATUSES),
  reason: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  settledAt: z.string().nullable(),
});
export type RebateLineItem = z.infer<typeof rebateLineItem>;

export const rebateItem = z.object({
  id: z.number(),
  week: z.string(),
  agent: z.number(),
  agentName: z.string(),
  partner: z.number(),
  t1Invitees: z.number(),
  t2Invitees: z.number(),
  activeInvitees: z.number(),
  t1Rake: z.number(),
  t1Amount: z.number(),
  t2Rake: z.number(),
  t2Amount: z.number(),
  rechargeBase: z.number(),
  rechargeAmount: z.number(),
  ownRake: z.number(),
  excludedRake: z.number(),
  adjustments: z.number(),
  carriedIn: z.number(),
  total: z.number(),
  paidChips: z.number(),
  carryOut: z.number(),
  currency: z.string(),
  currencyRatio: z.number(),
  amount: z.number(),
  withdrawable: z.boolean(),
  status: z.enum(REBATE_STATUSES),
  reason: z.string(),
  run: z.number(),
  settledAt: z.string().nullable(),
});
export type RebateItem = z.infer<typeof rebateItem>;

export const settlementRunItem = z.object({
  id: z.number(),
  week: z.string(),
  status: z.enum(['paying', 'done']),
  claimedBy: z.string(),
  startedAt: z.string(),
  computedAt: z.string(),
  finishedAt: z.string().nullable(),
  agents: z.number(),
  lines: z.number(),
  paid: z.number(),
  paidChips: z.number(),
  paidAmount: z.number(),
});
export type SettlementRunItem = z.infer<typeof settlementRunItem>;

export const settleAnswer = z.object({
  weeks: z.array(z.object({ week: z.string(), run: z.number(), agents: z.number(), lines: z.number(), pending: z.number() })),
  paid: z.number(),
  paidAmount: z.number(),
});
export type SettleAnswer = z.infer<typeof settleAnswer>;
