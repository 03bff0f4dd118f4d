/**
 * Agent cooperation reports and the extra rebate (/agentcooperation and
 * /partnermanager/agentgamelogs): the extra rebate config body (§5: thresholds rising, the
 * window's end after its start, rates in range) and the items the reports answer.
 * docs/api/agentreports.md.
 */
import { z } from 'zod';
import { calendarDay as calendarDayOf, requiredText } from './text';

const int = (min: number, max: number) =>
  z
    .number({ message: 'Expected number' })
    .int({ message: 'Must be an integer' })
    .min(min, { message: `Must be at least ${min}` })
    .max(max, { message: `Must be at most ${max}` });

/** Highest extra rate: 50% (5,000 basis points) of the tier-1 rake. */
export const MAX_EXTRA_RATE_BP = 5_000;
/** Longest window: 92 days (the reports' widest range). */
export const MAX_WINDOW_DAYS = 92;
export const MAX_EXTRA_TIERS = 5;
/** Chips (centavos): at most ₱100,000,000 a budget. */
export const MAX_EXTRA_BUDGET = 10_000_000_000;
export const EXTRA_REBATE_STATUSES = ['open', 'cancelled', 'settled'] as const;

const calendarDay = calendarDayOf();

/** One target: tier-1 rake in the window ≥ t1Rake and active tier-1 invitees ≥ activeInvitees → rateBp/10,000 of the tier-1 rake. */
export const extraRebateTier = z.strictObject({
  t1Rake: int(1, MAX_EXTRA_BUDGET * 100),
  activeInvitees: int(0, 1_000_000),
  rateBp: int(1, MAX_EXTRA_RATE_BP),
});
export type ExtraRebateTier = z.infer<typeof extraRebateTier>;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The fields of a config (create; an update adds its id and the version it overwrites). */
const configShape = {
  name: requiredText(100),
  /** Partner the config is for: a partner account's own (absent: its own; central staff must name it). */
  partner: int(0, 1_000_000).optional(),
  windowFrom: calendarDay,
  windowTo: calendarDay,
  tiers: z
    .array(extraRebateTier)
    .min(1, { message: 'At least one tier' })
    .max(MAX_EXTRA_TIERS, { message: `At most ${MAX_EXTRA_TIERS} tiers` }),
  agentCap: int(1, MAX_EXTRA_BUDGET),
  budget: int(1, MAX_EXTRA_BUDGET),
};

type ConfigFields = { windowFrom: string; windowTo: string; tiers: ExtraRebateTier[]; agentCap: number; budget: number };

/** §5 checks across fields, each naming its field. */
function crossChecks(c: ConfigFields, ctx: z.RefinementCtx) {
  const dayOk = (d: string) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`));
  if (dayOk(c.windowFrom) && dayOk(c.windowTo)) {
    if (c.windowTo < c.windowFrom) ctx.addIssue({ code: 'custom', message: 'The window must end after it starts', path: ['windowTo'] });
    else if (daysBetween(c.windowFrom, c.windowTo) > MAX_WINDOW_DAYS)
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_WINDOW_DAYS} days`, path: ['windowTo'] });
  }
  c.tiers.forEach((t, i) => {
    const prev = c.tiers[i - 1];
    if (!prev) return;
    if (t.t1Rake <= prev.t1Rake)
      ctx.addIssue({ code: 'custom', message: 'Thresholds must rise: tier-1 rake above the tier before', path: ['tiers', i, 't1Rake'] });
    if (t.activeInvitees < prev.activeInvitees)
      ctx.addIssue({ code: 'custom', message: 'Thresholds must rise: active invitees not below the tier before', path: ['tiers', i, 'activeInvitees'] });
    if (t.rateBp <= prev.rateBp) ctx.addIssue({ code: 'custom', message: 'Rates must rise with the tiers', path: ['tiers', i, 'rateBp'] });
  });
  if (c.agentCap > c.budget) ctx.addIssue({ code: 'custom', message: 'The per-agent cap cannot exceed the budget', path: ['agentCap'] });
}

export const extraRebateCreateBody = z.strictObject(configShape).superRefine(crossChecks);
export type ExtraRebateCreateBody = z.infer<typeof extraRebateCreateBody>;

export const extraRebateUpdateBody = z
  .strictObject({
    id: int(1, 2_147_483_647),
    /** The version the form was loaded from: a save over a newer one is refused (409). */
    version: int(1, 2_147_483_647),
    ...configShape,
  })
  .superRefine(crossChecks);
export type ExtraRebateUpdateBody = z.infer<typeof extraRebateUpdateBody>;

export const extraRebateIdBody = z.strictObject({ id: int(1, 2_147_483_647), version: int(1, 2_147_483_647) });

/** A config as stored and versioned (config_version documents). */
export const extraRebateDoc = z.object({
  id: z.number(),
  partner: z.number(),
  name: z.string(),
  windowFrom: z.string(),
  windowTo: z.string(),
  tiers: z.array(extraRebateTier),
  agentCap: z.number(),
  budget: z.number(),
  status: z.enum(EXTRA_REBATE_STATUSES),
  version: z.number(),
});
export type ExtraRebateDoc = z.infer<typeof extraRebateDoc>;

export const extraRebateItem = extraRebateDoc.extend({
  tiersText: z.string(),
  paid: z.number(),
  agents: z.number(),
  settledAt: z.string().nullable(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type ExtraRebateItem = z.infer<typeof extraRebateItem>;

/** cooperData's per-agent row over a range (also its per-day row, with `day`). */
export const cooperAgentItem = z.object({
  agent: z.number(),
  name: z.string(),
  partner: z.number(),
  isAgent: z.boolean(),
  newT1: z.number(),
  newT2: z.number(),
  activeT1: z.number(),
  activeT2: z.number(),
  recharge: z.number(),
  rakeT1: z.number(),
  rakeT2: z.number(),
  rebateT1: z.number(),
  rebateT2: z.number(),
});
export type CooperAgentItem = z.infer<typeof cooperAgentItem>;

export const cooperDayRow = z.object({
  day: z.string(),
  newInvitees: z.number(),
  activeInvitees: z.number(),
  recharge: z.number(),
  rake: z.number(),
  rakeT1: z.number(),
  rakeT2: z.number(),
  rebateT1: z.number(),
  rebateT2: z.number(),
});
export const cooperSummary = z.object({
  totals: z.object({
    agents: z.number(),
    newInvitees: z.number(),
    activeInvitees: z.number(),
    recharge: z.number(),
    rake: z.number(),
    rebateT1: z.number(),
    rebateT2: z.number(),
  }),
  days: z.array(cooperDayRow),
});
export type CooperSummary = z.infer<typeof cooperSummary>;

export const agentInviteeItem = z.object({
  uid: z.number(),
  name: z.string(),
  tier: z.number(),
  via: z.number().nullable(),
  registeredAt: z.string(),
  recharge: z.number(),
  rake: z.number(),
  turnover: z.number(),
  rounds: z.number(),
  activeDays: z.number(),
  active: z.boolean(),
  sharesIp: z.boolean(),
  sharesDevice: z.boolean(),
});
export type AgentInviteeItem = z.infer<typeof agentInviteeItem>;

export const chainItem = z.object({
  level: z.number(),
  uid: z.number(),
  name: z.string(),
  partner: z.number(),
  isAgent: z.boolean(),
  registeredAt: z.string(),
  invitees: z.number(),
  relation: z.string(),
});
export type ChainItem = z.infer<typeof chainItem>;

export const shareItem = z.object({
  period: z.string(),
  agents: z.number(),
  newInvitees: z.number(),
  activeInviteeDays: z.number(),
  recharge: z.number(),
  rakeT1: z.number(),
  rakeT2: z.number(),
  rebateT1: z.number(),
  rebateT2: z.number(),
  extraRebate: z.number(),
});
export type ShareItem = z.infer<typeof shareItem>;

export const gameLogItem = z.object({
  id: z.number(),
  day: z.string(),
  agent: z.number(),
  name: z.string(),
  partner: z.number(),
  players: z.number(),
  rounds: z.number(),
  turnover: z.number(),
  wins: z.number(),
  rake: z.number(),
  houseNet: z.number(),
});
export type GameLogItem = z.infer<typeof gameLogItem>;

export const analyzeItem = z.object({
  id: z.number(),
  name: z.string(),
  partner: z.number(),
  windowFrom: z.string(),
  windowTo: z.string(),
  status: z.string(),
  budget: z.number(),
  cost: z.number(),
  agents: z.number(),
  turnover: z.number(),
  baselineTurnover: z.number(),
  extraTurnover: z.number(),
  rake: z.number(),
  baselineRake: z.number(),
  extraRake: z.number(),
  costPerExtraTurnover: z.number().nullable(),
  returnOnCost: z.number().nullable(),
});
export type AnalyzeItem = z.infer<typeof analyzeItem>;

export const payoutItem = z.object({
  config: z.number(),
  agent: z.number(),
  name: z.string(),
  partner: z.number(),
  t1Rake: z.number(),
  active: z.number(),
  excluded: z.number(),
  tier: z.number(),
  rateBp: z.number(),
  computed: z.number(),
  amount: z.number(),
  capped: z.boolean(),
  budgetCut: z.boolean(),
  paidAt: z.string(),
});
export type PayoutItem = z.infer<typeof payoutItem>;

/** A coin dealer's sale (or reclaim) with an agent or an invitee of one (/agentcooperation/coindealerlogs): amount = chips to the player. */
export const coinDealerItem = z.object({
  id: z.number(),
  at: z.string(),
  dealer: z.string(),
  partner: z.number(),
  uid: z.number(),
  name: z.string(),
  relation: z.enum(['agent', 't1', 't2']),
  agent: z.number(),
  amount: z.number(),
  reason: z.string(),
  ref: z.string(),
  balanceAfter: z.number(),
});
export type CoinDealerItem = z.infer<typeof coinDealerItem>;
