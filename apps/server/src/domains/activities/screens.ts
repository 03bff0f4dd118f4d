/**
 * What the activity screens read: an activity's dashboard, the rows of its participants,
 * rewards, settings history and invitedetail lists, and the last version of a settings
 * document (the activity zone's GET).
 */
import { dayOf, type Activity, type InviteeRule } from '@console/activities';
import { queryBool, type ActivityDashboard } from '@console/schemas';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/open';
import { custom, type FilterBuilder } from '../../http/list';
import type { DayRange } from '../../http/range';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import { activityConfig, firstRecharge, inviteeColumns, type InviteeColumns } from './engine';

const num = (v: unknown) => Number(v ?? 0);

/** An activity's dashboard over a range of days: participants by the day they joined, claims, players rewarded, amount paid and budget use; players by state. */
export async function dashboard(db: Db, user: ScopedSubject, a: Activity, r: DayRange, now: Date): Promise<ActivityDashboard> {
  const cfg = await activityConfig(db, a);
  const s = cfg.settings;
  const [joined, paid, totals, states, budget, today] = await Promise.all([
    db
      .selectFrom('activity_player')
      .select([sql<string>`first_day::text`.as('day'), sql<number>`count(*)`.as('n')])
      .where('activity', '=', a.id)
      .where(sql<boolean>`first_day BETWEEN ${r.from}::date AND ${r.to}::date`)
      .where(ownPartnerFilter(user, 'partner'))
      .groupBy('first_day')
      .execute(),
    db
      .selectFrom('activity_reward')
      .select([
        sql<string>`day::text`.as('day'),
        sql<number>`count(*)`.as('claims'),
        sql<number>`count(DISTINCT uid)`.as('players'),
        sql<number>`(coalesce(sum(amount), 0))::bigint`.as('amount'),
      ])
      .where('activity', '=', a.id)
      .where(sql<boolean>`day BETWEEN ${r.from}::date AND ${r.to}::date`)
      .where(ownPartnerFilter(user, 'partner'))
      .groupBy('day')
      .execute(),
    db
      .selectFrom('activity_reward')
      .select([
        sql<number>`count(DISTINCT uid)`.as('players'),
        sql<number>`count(*)`.as('claims'),
        sql<number>`(coalesce(sum(amount), 0))::bigint`.as('amount'),
      ])
      .where('activity', '=', a.id)
      .where(sql<boolean>`day BETWEEN ${r.from}::date AND ${r.to}::date`)
      .where(ownPartnerFilter(user, 'partner'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('activity_player')
      .select(['state', sql<number>`count(*)`.as('n')])
      .where('activity', '=', a.id)
      .where(sql<boolean>`first_day BETWEEN ${r.from}::date AND ${r.to}::date`)
      .where(ownPartnerFilter(user, 'partner'))
      .groupBy('state')
      .execute(),
    db.selectFrom('activity_budget').select('spent').where('activity', '=', a.id).executeTakeFirst(),
    db.selectFrom('activity_budget_day').select('spent').where('activity', '=', a.id).where('day', '=', dayOf(now)).executeTakeFirst(),
  ]);
  const joinedBy = new Map(joined.map((x) => [x.day, x.n]));
  const paidBy = new Map(paid.map((x) => [x.day, x]));
  const share = (spent: number, of: number) => (of > 0 ? spent / of : null);
  const days = r.days.map((day) => {
    const p = paidBy.get(day);
    const rewarded = num(p?.amount);
    return {
      day,
      participants: joinedBy.get(day) ?? 0,
      claims: num(p?.claims),
      rewardedPlayers: num(p?.players),
      rewarded,
      dailyUsed: share(rewarded, s.dailyBudget),
    };
  });
  const spent = num(budget?.spent);
  const spentToday = num(today?.spent);
  return {
    activity: a.id,
    name: a.name,
    configVersion: cfg.version,
    open: s.open,
    totals: {
      participants: days.reduce((n, d) => n + d.participants, 0),
      rewardedPlayers: totals.players,
      claims: totals.claims,
      rewarded: totals.amount,
    },
    budget: {
      total: s.totalBudget,
      spent,
      totalUsed: share(spent, s.totalBudget),
      daily: s.dailyBudget,
      spentToday,
      dailyUsed: share(spentToday, s.dailyBudget),
      playerCap: s.playerCap,
    },
    states: a.states.map((state) => ({ state, players: num(states.find((x) => x.state === state)?.n) })),
    days,
    chart: days.map((d) => ({ day: d.day, participants: d.participants, claims: d.claims, rewarded: d.rewarded / 100 })),
  };
}

/** An activity's participants (one row per player and period) with each player's name: the players list's rows. */
export const participantsWithNames = (db: Db, activity: string) =>
  db
    .selectFrom('activity_player as ap')
    .leftJoin('player as p', 'p.uid', 'ap.uid')
    .select([
      'ap.id',
      'ap.uid',
      'p.name',
      'ap.partner',
      'ap.period',
      'ap.state',
      'ap.progress',
      'ap.target',
      'ap.rewards',
      'ap.rewarded',
      'ap.config_version',
      'ap.first_at',
      'ap.updated_at',
      'ap.reset_at',
    ])
    .where('ap.activity', '=', activity);

/** Every reward an activity paid with each player's name: the rewards list's rows. */
export const rewardsWithNames = (db: Db, activity: string) =>
  db
    .selectFrom('activity_reward as r')
    .leftJoin('player as p', 'p.uid', 'r.uid')
    .select([
      'r.id',
      'r.uid',
      'p.name',
      'r.partner',
      'r.period',
      'r.tier',
      'r.currency',
      'r.amount',
      'r.config_version',
      'r.device',
      'r.phone',
      'r.gcash',
      'r.app_id',
      'r.at',
    ])
    .where('r.activity', '=', activity);

/** Every saved version of one settings kind: the configlogs list's rows. */
export const versionsOfKind = (db: Db, kind: string) => db.selectFrom('config_version').selectAll().where('kind', '=', kind);

/** The last version saved of one settings kind (0: never saved). */
export async function lastVersion(db: Db, kind: string): Promise<number> {
  const version = await db
    .selectFrom('config_version')
    .select(sql<number>`coalesce(max(id), 0)`.as('n'))
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return version.n;
}

// ------------------------------------------------------------------------------ invitedetail

/** An invitee rule as SQL over the invitedetail query's columns (the same conditions as inviteeWhyNot, in its order). */
export function inviteeRuleSql(rule: InviteeRule): Expression<SqlBool> {
  const parts = [sql<SqlBool>`true`];
  if (rule.phoneBound || rule.newPhone) parts.push(sql<SqlBool>`x.phone_bound`);
  if (rule.newPhone) parts.push(sql<SqlBool>`x.new_phone`);
  if (rule.newDevice) parts.push(sql<SqlBool>`x.new_device`);
  if (rule.minFirstDeposit !== undefined) parts.push(sql<SqlBool>`coalesce(x.first_deposit >= ${rule.minFirstDeposit}, false)`);
  if (rule.minRounds !== undefined) parts.push(sql<SqlBool>`x.rounds >= ${rule.minRounds}`);
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/** `valid`: the invitees that count under the rule (true) or those that do not (false). */
export const inviteeValidFilter = (rule: InviteeRule): FilterBuilder =>
  custom(queryBool, (v) => (v ? inviteeRuleSql(rule) : sql<SqlBool>`NOT ${inviteeRuleSql(rule)}`));

/** Every invited player with the inviter (whose partner scopes the row), the invitee facts and the valid bet: the invitedetail list's rows. */
export const invitedPlayers = (db: Db) =>
  db
    .selectFrom(
      sql<
        InviteeColumns & {
          id: number;
          uid: number;
          name: string;
          device: string;
          inviter_uid: number;
          inviter_name: string;
          partner: number;
          valid_bet: number;
        }
      >`(SELECT i.uid AS id, i.uid, i.name, i.register_device AS device, inv.uid AS inviter_uid,
        inv.name AS inviter_name, inv.partner, ${inviteeColumns},
        (SELECT coalesce(sum(g.bet), 0)::bigint FROM game_bet g WHERE g.uid = i.uid) AS valid_bet
      FROM player i JOIN player inv ON inv.uid = i.inviter_uid ${firstRecharge})`.as('x'),
    )
    .selectAll();
