/** Activities: the staff screens' answers and the platform calls. docs/api/activities.md. */
import { z } from 'zod';
import { platformUid } from './platform';
import { queryInt, text } from './text';

const int = () => z.number().int();
const label = z.object({ en: z.string(), zh: z.string() });
const currency = z.enum(['chip', 'bean', 'diamond']);

export const activityTier = z.object({
  tier: z.string(),
  label: z.string(),
  currency,
  amount: int(),
  reached: z.boolean(),
  why: z.string().nullable(),
});

/** One live activity as the app shows it (GET /api/platform/activities). */
export const platformActivity = z.object({
  activity: z.string(),
  name: z.string(),
  rules: z.string(),
  period: z.string(),
  periodEndsAt: z.string().nullable(),
  configVersion: int(),
  state: z.string(),
  progress: int(),
  target: int().nullable(),
  blocked: z.string().nullable(),
  tiers: z.array(activityTier),
  /** The activity zone's banner in `lang` (null: the zone gives none). */
  banner: z.string().nullable(),
});
export type PlatformActivity = z.infer<typeof platformActivity>;

export const platformActivitiesQuery = z.strictObject({
  uid: queryInt(1, 2_147_483_647),
  lang: z.enum(['en', 'zh'], { message: 'Must be en or zh' }).optional(),
});

/** POST /api/platform/activities/claim. */
export const activityClaimBody = z.strictObject({
  uid: platformUid,
  activity: text(32).min(1, { message: 'Required' }),
  tier: text(32).min(1, { message: 'Required' }),
  /** An earlier period still open for claims (ladderloserebate: a day of the last three); default the current one. */
  period: text(64).min(1, { message: 'Required' }).optional(),
});

export const activityClaimAnswer = z.object({
  activity: z.string(),
  period: z.string(),
  tier: z.string(),
  currency,
  amount: int(),
  balance: int().nullable(),
  state: z.string(),
  configVersion: int(),
  repeated: z.boolean(),
});

/** A participant row (/activities/<id>/players). */
export const activityPlayerRow = z.object({
  id: int(),
  uid: int(),
  name: z.string(),
  partner: int(),
  period: z.string(),
  state: z.string(),
  progress: int(),
  target: int().nullable(),
  rewards: int(),
  rewarded: int(),
  configVersion: int(),
  firstAt: z.string(),
  updatedAt: z.string(),
  resetAt: z.string().nullable(),
});
export type ActivityPlayerRow = z.infer<typeof activityPlayerRow>;

/** A reward paid (/activities/<id>/players/rewards). */
export const activityRewardRow = z.object({
  id: int(),
  uid: int(),
  name: z.string(),
  partner: int(),
  period: z.string(),
  tier: z.string(),
  currency,
  amount: int(),
  configVersion: int(),
  device: z.string().nullable(),
  phone: z.string().nullable(),
  gcash: z.string().nullable(),
  appId: z.string(),
  at: z.string(),
});
export type ActivityRewardRow = z.infer<typeof activityRewardRow>;

export const activityDashboard = z.object({
  activity: z.string(),
  name: label,
  configVersion: int(),
  open: z.boolean(),
  totals: z.object({ participants: int(), rewardedPlayers: int(), claims: int(), rewarded: int() }),
  budget: z.object({
    total: int(),
    spent: int(),
    totalUsed: z.number().nullable(),
    daily: int(),
    spentToday: int(),
    dailyUsed: z.number().nullable(),
    playerCap: int(),
  }),
  states: z.array(z.object({ state: z.string(), players: int() })),
  days: z.array(z.object({ day: z.string(), participants: int(), claims: int(), rewardedPlayers: int(), rewarded: int(), dailyUsed: z.number().nullable() })),
  chart: z.array(z.object({ day: z.string(), participants: int(), claims: int(), rewarded: z.number() })),
});
export type ActivityDashboard = z.infer<typeof activityDashboard>;

export const activityConfigAnswer = z.object({
  activity: z.string(),
  name: label,
  rules: label,
  version: int().describe('0: never saved, the defaults apply'),
  savedAt: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  defaults: z.record(z.string(), z.unknown()),
  running: z.boolean(),
  period: z.string().nullable(),
  unfinished: int().describe('participants of the current period a save resets'),
});
export type ActivityConfigAnswer = z.infer<typeof activityConfigAnswer>;

export const activityConfigUpdateBody = z.strictObject({ settings: z.record(z.string(), z.unknown()) });
export const activityPlayersQueryNote = 'filters uid, period, state, from/to (last change)';
export { label as activityLabel };

/** An invitee of the invite activity as its detail list shows it: who invited whom, what the invitee did, and whether it counts (why not). */
export const inviteDetailRow = z.object({
  id: z.number(),
  inviterUid: z.number(),
  inviterName: z.string(),
  partner: z.number(),
  uid: z.number(),
  name: z.string(),
  registeredAt: z.string(),
  phoneBound: z.boolean(),
  newPhone: z.boolean(),
  device: z.string(),
  newDevice: z.boolean(),
  rounds: z.number(),
  firstDeposit: z.number().nullable(),
  firstDepositAt: z.string().nullable(),
  validBet: z.number(),
  valid: z.boolean(),
  why: z.string().nullable(),
});
export type InviteDetailRow = z.infer<typeof inviteDetailRow>;
