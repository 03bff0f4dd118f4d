/**
 * The one shape of an activity. An activity file calls `defineActivity({...})`
 * once: its settings schema (defaults, bounds, the §5 rules), the facts it reads (what counts
 * as progress: bets, recharges, logins, phone binding, balance), its period, its states and
 * its rewards as one pure function of settings and facts. The console's engine
 * (apps/server/src/domains/activities) computes the facts of one player, calls `evaluate`,
 * and pays a reached tier through the ledger under the activity's budgets; the screens
 * (dashboard, players, configs, configlogs) come from the same declaration.
 */
import { describeZodError, MAX_AMOUNT, whole } from '@console/games';
import { z } from 'zod';
import { consoleDay, DAY_MS, dayStart } from '@console/time';

export type Label = { en: string; zh: string };

/** The activities of §2 /activities the engine runs (one file each under ./activities). */
export const ACTIVITY_IDS = [
  'relief',
  'sprintcarnival',
  'ladderloserebate',
  'luckyrush',
  'telephonelogin',
  'onlinesign',
  'mining',
  'rebacklogin',
  'cardstask',
  'newearnmoney',
  'redfission',
  'callbackactivity',
  'pwaguide',
] as const;
export type ActivityId = (typeof ACTIVITY_IDS)[number];

/**
 * day: a GMT+08:00 calendar day ('2026-11-26'); once: one period for ever ('once');
 * window: the activity's own start to end ('window:<startAt>').
 */
export type PeriodKind = 'day' | 'once' | 'window';

/**
 * What counts as progress: the facts an activity listens to (documentation and the dashboard's
 * help). The engine reads the costlier facts only for the activities that listen to them:
 * 'comeback' (the return after an absence and the login days since), 'cardgames' (rounds and
 * wins per card game), 'invitees' (the players the player invited, their phone, first deposit and bet),
 * 'recalls' (player.recall: the recalls a player sent and received, with the friend's return and
 * rounds since), 'pwa' (player.pwaLogin: the first login from the installed web app).
 */
export type Listens = 'bets' | 'recharges' | 'logins' | 'phone' | 'balance' | 'time' | 'comeback' | 'cardgames' | 'invitees' | 'recalls' | 'pwa';

export type RewardCurrency = 'chip' | 'bean' | 'diamond';

/** One player's facts over one period (the window starts later when the config was saved in it: the reset rule). */
export interface Facts {
  now: Date;
  /** The player (a deterministic draw per player and period: redfission's opening share). */
  uid: number;
  /** Where the counted facts begin: the period's start, or the last config save within the period. */
  from: Date;
  /** The period's end (exclusive). */
  to: Date;
  /** Sum of the player's bets in [from, to) (valid bet), centavos. */
  validBet: number;
  /** Sum of what those bets paid back. */
  wins: number;
  rounds: number;
  /** Paid recharges in [from, to), oldest first (amount: what the channel took, centavos). */
  recharges: { at: Date; amount: number }[];
  /** chip + safe now. */
  balance: number;
  /** '+63 9171234567' when bound. */
  phone: string | null;
  phoneBoundAt: Date | null;
  vip: number;
  /** GMT+08:00 days of [from, to) on which the player logged in, oldest first. */
  loginDays: string[];
  /** The player's earlier rewards of this activity, every period, oldest first. */
  claims: { period: string; tier: string; at: Date; amount: number }[];
  /**
   * Bets placed in the rush after the first qualifying recharge of the period (luckyrush's
   * `rush`); null when the activity has no rush or no recharge qualified.
   */
  rush: { startedAt: Date; deposit: number; bet: number } | null;
  /**
   * The player's latest return within the last COMEBACK_DAYS GMT+08:00 days (today included) and
   * the period: the first login after an absence of the activity's `comeback(settings).absentDays`
   * or more (rebacklogin). lastBefore: the login before the return; loginDays: the GMT+08:00 days
   * since the return (its own day first) on which the player logged in. null when the activity
   * does not listen to 'comeback' or the player has not returned.
   */
  comeback: { lastBefore: Date; returnedAt: Date; loginDays: string[] } | null;
  /**
   * Rounds played and won (win > bet for the player's seat) per game in [from, to), for the
   * games of the activity's `cardGames(settings)` (cardstask); {} when it does not listen to 'cardgames'.
   */
  cardGames: Record<string, { rounds: number; wins: number }>;
  /**
   * The players whose inviter_uid is the player (newearnmoney, redfission), by uid, at most 500:
   * when they registered, a bound phone, whether their phone and registration device are new
   * (no other player bound that phone, or was seen on that device, before them), rounds played
   * since registration (counted up to 100), the first paid recharge (what the channel took,
   * centavos; null: none yet) and their valid bet in [from, to). [] when the activity does not
   * listen to 'invitees'. Whether one counts is the activity's `invitee(settings)` rule.
   */
  invitees: Invitee[];
  /**
   * callbackactivity: the recalls the player sent (player.recall, uid = the player) in [from, to),
   * oldest first, at most 200 (the newest); [] when the activity does not listen to 'recalls'.
   */
  recalls: Recall[];
  /** callbackactivity: the recalls sent to the player (friendUid = the player) in [from, to), as `recalls`. */
  recalled: Recall[];
  /** pwaguide: the player's first login from the installed web app (player.pwaLogin) in [from, to); null: none, or not listened to. */
  pwaLogin: { at: Date; deviceId: string } | null;
}

/**
 * One recall link (player.recall) and what became of it, facts only: whether it counts (the
 * friend away long enough, back soon enough, enough rounds in time) is the activity's rule.
 */
export interface Recall {
  recallerUid: number;
  friendUid: number;
  /** When the link was sent. */
  at: Date;
  /** The friend's last login before the link (its registration when it never logged in). */
  lastSeen: Date;
  /** The friend's first login after the link (null: not back yet). */
  returnedAt: Date | null;
  /**
   * The return counts for this link: no later link to the same friend (from anyone) came before
   * the return (not back yet: before now). Only the last link before a return is credited.
   */
  credited: boolean;
  /** When each of the friend's first rounds since the return began, oldest first, at most RECALL_ROUNDS_CAP. */
  rounds: Date[];
  /**
   * The friend's device is the recaller's (each one's last login device, else its registration
   * device): one person with two accounts recalling itself. Such a link pays neither side.
   */
  sameDevice: boolean;
}

/** Most rounds since a return the recall facts list (a rule's minRounds is at most this). */
export const RECALL_ROUNDS_CAP = 50;

export interface Invitee {
  uid: number;
  registeredAt: Date;
  phoneBound: boolean;
  newPhone: boolean;
  newDevice: boolean;
  rounds: number;
  firstDeposit: number | null;
  validBet: number;
}

/** Most rounds the invitee facts count (a rule's minRounds is at most this). */
export const INVITEE_ROUNDS_CAP = 100;

/**
 * What makes an invitee valid for an activity: data, so the engine (evaluate) and the staff's
 * invitedetail list (its `valid` column, its `why`, its SQL filter) read the same rule.
 */
export interface InviteeRule {
  phoneBound?: boolean;
  /** No other player bound the phone before (implies phoneBound). */
  newPhone?: boolean;
  /** No other player was seen on the registration device before. */
  newDevice?: boolean;
  /** Least first paid recharge, centavos. */
  minFirstDeposit?: number;
  /** Least rounds played since registration (≤ INVITEE_ROUNDS_CAP). */
  minRounds?: number;
}

/** Why an invitee does not count under a rule, or null when it does (the first failing condition). */
export function inviteeWhyNot(rule: InviteeRule, i: Invitee): string | null {
  if ((rule.phoneBound || rule.newPhone) && !i.phoneBound) return 'No phone bound';
  if (rule.newPhone && !i.newPhone) return 'Phone bound by an earlier player';
  if (rule.newDevice && !i.newDevice) return 'Device used by an earlier player';
  if (rule.minFirstDeposit !== undefined) {
    if (i.firstDeposit === null) return 'No paid recharge yet';
    if (i.firstDeposit < rule.minFirstDeposit) return `First recharge ${peso(i.firstDeposit)} under ${peso(rule.minFirstDeposit)}`;
  }
  if (rule.minRounds !== undefined && i.rounds < rule.minRounds) return `Played ${i.rounds} of ${rule.minRounds} rounds`;
  return null;
}

/** An invitee for rule tables: valid for every rule unless overridden. */
export const invitee = (uid: number, o: Partial<Invitee> = {}): Invitee => ({
  uid,
  registeredAt: new Date('2026-11-26T01:00:00.000Z'),
  phoneBound: true,
  newPhone: true,
  newDevice: true,
  rounds: INVITEE_ROUNDS_CAP,
  firstDeposit: 100_000,
  validBet: 0,
  ...o,
});

/** How many days a comeback calendar lasts (rebacklogin): the return's own day and the 6 after. */
export const COMEBACK_DAYS = 7;

export interface Tier {
  /** Key of the reward within its period ('1', 'm2', 'rebate', 'box'). */
  tier: string;
  label: Label;
  currency: RewardCurrency;
  /** What claiming it pays now (0 when nothing is due yet). */
  amount: number;
  /** The rules allow claiming it now (budgets and anti-abuse are the engine's). */
  reached: boolean;
  /** Why it cannot be claimed yet, in words ("Bet ₱1,200 more"), when not reached. */
  why?: string;
}

export interface Evaluation {
  /** One of the activity's `states`. */
  state: string;
  /** Progress towards the next target (in the activity's unit), and the target (null: none). */
  progress: number;
  target: number | null;
  tiers: Tier[];
}

export interface Period {
  key: string;
  start: Date;
  end: Date;
}

/** Names of the player states the activities use (an activity with a new state adds it here; a test checks every state has one). */
export const STATE_LABELS: Record<string, Label> = {
  waiting: { en: 'Waiting', zh: '等待中' },
  claimable: { en: 'Claimable', zh: '可领取' },
  used: { en: 'Used up today', zh: '今日已用完' },
  sprinting: { en: 'Sprinting', zh: '冲刺中' },
  finished: { en: 'Finished', zh: '已完成' },
  accruing: { en: 'Accruing', zh: '累计中' },
  claimed: { en: 'Claimed', zh: '已领取' },
  expired: { en: 'Expired', zh: '已过期' },
  idle: { en: 'No rush yet', zh: '未开启' },
  ongoing: { en: 'Ongoing', zh: '进行中' },
  ended: { en: 'Ended', zh: '已结束' },
  unbound: { en: 'No mobile bound', zh: '未绑定手机' },
  absent: { en: 'Not logged in today', zh: '今日未登录' },
  signed: { en: 'Checked in', zh: '已签到' },
  full: { en: 'Storage full', zh: '矿仓已满' },
  away: { en: 'Not a returning player', zh: '非回归玩家' },
  returned: { en: 'Comeback calendar', zh: '回归签到中' },
  continue: { en: 'Filling the red packet', zh: '红包进行中' },
  picking: { en: 'Red packet full: open it', zh: '红包待领取' },
  picked: { en: 'Red packet opened', zh: '红包已领取' },
  norecall: { en: 'No recall under way', zh: '暂无进行中的召回' },
  recalling: { en: 'Recalling friends', zh: '召回进行中' },
  uninstalled: { en: 'Not opened from the installed app yet', zh: '尚未从已安装应用登录' },
};

/** A row of an activity's rule table: settings overrides + facts → what the rules must answer. */
export interface RuleExample {
  name: string;
  settings?: Record<string, unknown>;
  facts: Partial<Facts>;
  expect: { state?: string; claimable?: string[]; amounts?: Record<string, number>; progress?: number; target?: number | null };
}

export interface ActivitySpec<S extends BaseSettings> {
  id: ActivityId;
  name: Label;
  /** The rules in two or three sentences (the config screen's help, the app, the docs). */
  rules: Label;
  /** Strict settings schema built with `activitySettings`; `settings.parse({})` gives the defaults. */
  settings: z.ZodType<S>;
  labels: Record<string, Label>;
  listens: readonly Listens[];
  period: PeriodKind;
  /** Days after a day period ends in which its rewards may still be claimed (ladderloserebate: 3). */
  claimDays?: number;
  /** The player states, the first the initial one; `final` ones (at least one) are not reset by a config save. */
  states: readonly string[];
  final: readonly string[];
  /** Luckyrush: the deposit that starts a rush and its length. */
  rush?(settings: S): { minDeposit: number; minutes: number };
  /** Rebacklogin: how long an absence makes a login a return (the engine's 'comeback' fact). */
  comeback?(settings: S): { absentDays: number };
  /** Cardstask: the games whose rounds and wins the engine counts (the 'cardgames' fact). */
  cardGames?(settings: S): readonly string[];
  /** Newearnmoney, redfission: what makes an invitee valid (evaluate and the invitedetail list both read it). */
  invitee?(settings: S): InviteeRule;
  evaluate(settings: S, facts: Facts, period: Period): Evaluation;
  /** The rule table (activities.test.ts runs every row of every activity). */
  examples: readonly RuleExample[];
}

export interface Activity<S extends BaseSettings = BaseSettings> extends ActivitySpec<S> {
  defaults: S;
  parseSettings(input: unknown): { ok: true; value: S } | { ok: false; message: string };
}

/** A GMT+08:00 instant as an ISO text with its offset, or a day; optional. */
const instant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, { message: 'Must be an ISO 8601 time with its offset' })
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'Must be a real time' });

/** Chip amounts are centavos, like every amount of the console; 0 in a budget = no limit. */
export const chips = whole(0, MAX_AMOUNT);
export const positiveChips = whole(1, MAX_AMOUNT);

/** The settings every activity has: the switch, the dates, the three budgets. */
export const baseShape = {
  open: z.boolean().default(true),
  startAt: instant.nullable().default(null),
  endAt: instant.nullable().default(null),
  /** Most the activity pays in all, centavos (0: no limit). */
  totalBudget: chips.default(0),
  /** Most it pays a GMT+08:00 day (0: no limit). */
  dailyBudget: chips.default(0),
  /** Most one player receives from it, every period together (0: no limit). */
  playerCap: chips.default(0),
};
export interface BaseSettings {
  open: boolean;
  startAt: string | null;
  endAt: string | null;
  totalBudget: number;
  dailyBudget: number;
  playerCap: number;
}

export const BASE_LABELS: Record<keyof BaseSettings, Label> = {
  open: { en: 'Open', zh: '开启' },
  startAt: { en: 'Starts at', zh: '开始时间' },
  endAt: { en: 'Ends at', zh: '结束时间' },
  totalBudget: { en: 'Total budget (0: none)', zh: '总预算(0为不限)' },
  dailyBudget: { en: 'Daily budget (0: none)', zh: '每日预算(0为不限)' },
  playerCap: { en: 'Per-player cap (0: none)', zh: '单人上限(0为不限)' },
};

/** The columns of the activities' tables of rows (milestones, steps, days, tasks, chests) and their select options: an activity's own labels may override. The row editor adds (₱) to a money column. */
export const COLUMN_LABELS: Record<string, Label> = {
  bet: { en: 'Valid bet', zh: '有效投注' },
  reward: { en: 'Reward', zh: '奖励' },
  loss: { en: 'Net loss from', zh: '净输分起' },
  rate: { en: 'Rate (%)', zh: '比例(%)' },
  currency: { en: 'Currency', zh: '币种' },
  quantity: { en: 'Quantity', zh: '数量' },
  game: { en: 'Game', zh: '游戏' },
  kind: { en: 'Task', zh: '任务' },
  count: { en: 'Rounds', zh: '局数' },
  points: { en: 'Points', zh: '积分' },
  // the options of their select columns
  tongits: { en: 'Tongits', zh: 'Tongits' },
  pusoy: { en: 'Pusoy', zh: 'Pusoy' },
  play: { en: 'Play rounds', zh: '玩局数' },
  win: { en: 'Win rounds', zh: '赢局数' },
  chip: { en: 'Chips', zh: '筹码' },
  bean: { en: 'Beans', zh: '豆子' },
  diamond: { en: 'Diamonds', zh: '钻石' },
};

type Check<S> = (s: S, ctx: z.RefinementCtx) => void;

/** A strict settings object: the base fields, the activity's own, end after start, and its own checks (§5). */
export function activitySettings<Own extends z.ZodRawShape>(own: Own, check?: Check<z.output<z.ZodObject<Own>> & BaseSettings>) {
  return z.strictObject({ ...baseShape, ...own }).superRefine((s, ctx) => {
    const b = s as unknown as BaseSettings;
    if (b.startAt && b.endAt && Date.parse(b.endAt) <= Date.parse(b.startAt))
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'Must be after startAt' });
    check?.(s as never, ctx);
  });
}

/** Thresholds that must rise strictly, reported on the first that does not ("tiers.2.bet: Must be more than the tier before"). */
export function rising<T>(rows: readonly T[], key: keyof T & string, path: string, ctx: z.RefinementCtx): void {
  for (let i = 1; i < rows.length; i += 1) {
    if (Number(rows[i][key]) <= Number(rows[i - 1][key])) ctx.addIssue({ code: 'custom', path: [path, i, key], message: 'Must be more than the tier before' });
  }
}

export function defineActivity<S extends BaseSettings>(spec: ActivitySpec<S>): Activity<S> {
  const defaults = spec.settings.parse({});
  if (!spec.states.length) throw new Error(`${spec.id}: no states`);
  // the staff routes filter `state NOT IN (final)`: an empty list is no SQL
  if (!spec.final.length) throw new Error(`${spec.id}: no final state`);
  return {
    ...spec,
    labels: { ...COLUMN_LABELS, ...BASE_LABELS, ...spec.labels },
    defaults,
    parseSettings(input) {
      const r = spec.settings.safeParse(input);
      return r.success ? { ok: true, value: r.data } : { ok: false, message: describeZodError(r.error, input) };
    },
  };
}

/** The end of a period that never ends ('once' without an end date). */
export const FOREVER = new Date('9999-01-01T00:00:00.000Z');

/** The GMT+08:00 day of an instant, 'YYYY-MM-DD'. */
export const dayOf = (at: Date) => consoleDay(at);
/** Start of a GMT+08:00 day. */
export { dayStart };

/** The period of `at` (or the one named by `key`) of an activity; null when `at` is outside the activity's dates. */
export function periodOf(a: Pick<Activity, 'period'>, s: BaseSettings, at: Date, key?: string): Period | null {
  const start = s.startAt ? new Date(s.startAt) : null;
  const end = s.endAt ? new Date(s.endAt) : null;
  if (a.period === 'day') {
    const day = key ?? dayOf(at);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day))) return null;
    const p = { key: day, start: dayStart(day), end: new Date(dayStart(day).getTime() + DAY_MS) };
    if ((start && p.end <= start) || (end && p.start >= end)) return null;
    return p;
  }
  if (a.period === 'once') return key === undefined || key === 'once' ? { key: 'once', start: start ?? new Date(0), end: end ?? FOREVER } : null;
  if (!start || !end) return null;
  const k = `window:${start.toISOString()}`;
  if (key !== undefined && key !== k) return null;
  return { key: k, start, end };
}

/** A deterministic fraction in [0, 1) from a text (luckyrush's box): FNV-1a. */
export function fraction(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 0x1_0000_0000;
}

/** "₱1,234.50" of centavos (the rules' "why" texts). */
export const peso = (centavos: number) => `₱${(centavos / 100).toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/** Empty facts (rule tables start from them). */
export function noFacts(now = new Date('2026-11-26T04:00:00.000Z')): Facts {
  const from = dayStart(dayOf(now));
  return {
    now,
    uid: 1,
    from,
    to: new Date(from.getTime() + DAY_MS),
    validBet: 0,
    wins: 0,
    rounds: 0,
    recharges: [],
    balance: 0,
    phone: null,
    phoneBoundAt: null,
    vip: 0,
    loginDays: [],
    claims: [],
    rush: null,
    comeback: null,
    cardGames: {},
    invitees: [],
    recalls: [],
    recalled: [],
    pwaLogin: null,
  };
}
