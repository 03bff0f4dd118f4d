/**
 * /agentmanager (optional module; docs/api/agentmanager.md, decision 023): wholesalers
 * (agents holding chip stock), their distribution log, the agent tree, one agent's report and
 * the monthly host report. Bodies strict: no extra keys, no coercion.
 */
import { z } from 'zod';
import { requiredText, text } from './text';

export const WHOLESALER_STATUSES = ['active', 'frozen'] as const;
export const DISTRIBUTION_KINDS = ['stock', 'distribute', 'return'] as const;
export type DistributionKind = (typeof DISTRIBUTION_KINDS)[number];

const whole = (min: number, max: number) =>
  z
    .number({ message: 'Must be a number' })
    .refine((n) => Number.isInteger(n), { message: 'Must be an integer', abort: true })
    .refine((n) => n >= min, { message: `Must be at least ${min}`, abort: true })
    .refine((n) => n <= max, { message: `Must be at most ${max}` });
const uid = whole(1, 2_147_483_647);
const reason = requiredText(200).refine((v) => v.trim().length > 0, { message: 'Required' });
/** Chips (1 chip = 1 centavo). */
const chips = whole(1, 1_000_000_000_000);
/** The caller's id of a movement: the same id is the same movement (a resend answers it again). */
export const requestId = z.string({ message: 'Must be a string' }).regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'Must be 8 to 64 letters, digits, _ or -' });

export const wholesalerCreateBody = z.strictObject({
  uid,
  /** Centavos paid for 100 chips (90: a 10% discount). */
  price: whole(1, 100),
  /** Chips it may hand out in a GMT+08:00 day; 0: no limit. */
  dailyLimit: whole(0, 1_000_000_000_000),
  note: text(200),
});
export const wholesalerUpdateBody = z.strictObject({ uid, price: whole(1, 100), dailyLimit: whole(0, 1_000_000_000_000), note: text(200), reason });
export const wholesalerStatusBody = z.strictObject({ uid, status: z.enum(WHOLESALER_STATUSES, { message: 'Must be active or frozen' }), reason });
export const stockBody = z.strictObject({ uid, amount: chips, requestId, reason });
export const distributeBody = z.strictObject({ uid, player: uid, amount: chips, requestId, reason });
export const monthCloseBody = z.strictObject({
  month: z.string({ message: 'Must be a string' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Must be a month YYYY-MM' }),
  note: text(200),
});

export const wholesalerItem = z.object({
  uid: z.number(),
  name: z.string(),
  partner: z.number(),
  agentStatus: z.string(),
  status: z.enum(WHOLESALER_STATUSES),
  price: z.number(),
  dailyLimit: z.number(),
  note: z.string(),
  stock: z.number(),
  today: z.number(),
  stocked: z.number(),
  distributed: z.number(),
  returned: z.number(),
  players: z.number(),
  createdAt: z.string(),
  updatedBy: z.string(),
});
export type WholesalerItem = z.infer<typeof wholesalerItem>;

export const distributionItem = z.object({
  id: z.number(),
  at: z.string(),
  wholesaler: z.number(),
  partner: z.number(),
  kind: z.enum(DISTRIBUTION_KINDS),
  uid: z.number().nullable(),
  tier: z.number().nullable(),
  amount: z.number(),
  paid: z.number(),
  balanceAfter: z.number(),
  reason: z.string(),
  requestId: z.string(),
  actor: z.string(),
});
export type DistributionItem = z.infer<typeof distributionItem>;

/** A node of the agent tree: an agent (top level) or an invitee. */
export const treeNode = z.object({
  uid: z.number(),
  name: z.string(),
  partner: z.number(),
  registeredAt: z.string().nullable(),
  /** Its agent row's status, or null for a player who is no agent. */
  agentStatus: z.string().nullable(),
  wholesaler: z.boolean(),
  /** Direct invitees (T1 of this node). */
  invitees: z.number(),
  /** Invitees of its invitees (T2 of this node); top level only, else null. */
  t2: z.number().nullable(),
  /** Direct invitees who are agents themselves; top level only, else null. */
  subAgents: z.number().nullable(),
});
export type TreeNode = z.infer<typeof treeNode>;

/** One settled week of one agent (report). */
export const agentWeekRow = z.object({
  week: z.string(),
  t1Invitees: z.number(),
  t2Invitees: z.number(),
  activeInvitees: z.number(),
  t1Rake: z.number(),
  t2Rake: z.number(),
  rebate: z.number(),
  paid: z.number(),
  carry: z.number(),
  status: z.string(),
  distributed: z.number(),
});
export type AgentWeekRow = z.infer<typeof agentWeekRow>;

/** One agent's month (hostreport). */
export const hostReportRow = z.object({
  month: z.string(),
  agent: z.number(),
  partner: z.number(),
  name: z.string(),
  t1Invitees: z.number(),
  t2Invitees: z.number(),
  newInvitees: z.number(),
  t1Rake: z.number(),
  t2Rake: z.number(),
  rebate: z.number(),
  paid: z.number(),
  distributed: z.number(),
  closed: z.boolean(),
});
export type HostReportRow = z.infer<typeof hostReportRow>;

/** A month of the host report: closed or not, by whom and when, with the agents it counted. */
export const hostReportMonth = z.object({
  month: z.string(),
  closed: z.boolean(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  agents: z.number().nullable(),
  note: z.string(),
});
export type HostReportMonth = z.infer<typeof hostReportMonth>;
