/**
 * The lists of both modules, declared once per scope: controlled players (userconfigs), the
 * control log (logs), the net-win ranking; and of /personalcontrol only: payRank (paid recharges
 * minus successful cash-outs per player, from the payment roll-up report_payer_day and the
 * cash-out orders) and the providers (wgconfigs).
 */
import {
  CONTROL_KINDS,
  CONTROL_LOG_KINDS,
  controlLogItem,
  playerControlItem,
  providerControlItem,
  queryBool,
  type ControlRankingRow,
  type ControlScope,
  type PayRankRow,
  requiredJsonText,
} from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/open';
import { contains, custom, dateRange, defineList, eqEnum, eqInt, eqText, sortBy, type ListSpec } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import type { DayRange } from '../../http/range';
import { BASE, controlItem, controlSelect, providerItem } from './changes';

/** Rows of a ranking. */
export const RANKING_SIZE = 200;

export function userconfigsList(scope: ControlScope): ListSpec {
  const screen = `${BASE[scope]}/userconfigs`;
  return defineList({
    url: `/api${screen}`,
    name: `${BASE[scope].slice(1)}.userconfigs`,
    screen,
    tags: ['controls'],
    paging: 'page',
    summary: 'Controlled players with their controls: filters uid, coolingOff (true: cool-off in force now), cashoutReview, blocked (a game or application)',
    from: (db: Db) => controlSelect(db, scope),
    partner: 'c.partner',
    id: 'c.id',
    filters: {
      uid: eqInt('c.uid', 1),
      coolingOff: custom(queryBool, (v) => (v ? sql<SqlBool>`c.cool_until > now()` : sql<SqlBool>`(c.cool_until IS NULL OR c.cool_until <= now())`)),
      cashoutReview: custom(queryBool, (v) => sql<SqlBool>`c.cashout_review = ${v}`),
      blocked: custom(requiredJsonText(64), (v) => sql<SqlBool>`c.blocked @> ${JSON.stringify([v])}::jsonb`),
    },
    sorts: { updatedAt: sortBy.time('c.updated_at'), uid: sortBy.int('c.uid'), maxBet: sortBy.int('c.max_bet') },
    defaultSort: { key: 'updatedAt', order: 'descend' },
    item: playerControlItem,
    row: (r) => controlItem(r as never, new Date()),
  });
}

export function logsList(scope: ControlScope): ListSpec {
  const screen = `${BASE[scope]}/logs`;
  return defineList({
    url: `/api${screen}`,
    name: `${BASE[scope].slice(1)}.logs`,
    screen,
    tags: ['controls'],
    paging: 'keyset',
    summary: 'Every change of a control (who, before, after) and every logged refusal of a bet, newest first: filters uid, kind, control, actor, from/to',
    from: (db: Db) => db.selectFrom('control_log').selectAll().where('scope', '=', scope),
    partner: 'partner',
    id: 'id',
    filters: {
      uid: eqInt('uid', 0),
      kind: eqEnum('kind', CONTROL_LOG_KINDS),
      control: eqEnum('control', CONTROL_KINDS),
      actor: eqText('actor', 80),
      at: dateRange('at'),
    },
    sorts: { at: sortBy.time('at') },
    defaultSort: { key: 'at', order: 'descend' },
    item: controlLogItem,
    row: (r) => ({
      id: r.id,
      at: isoInConsoleZone(r.at),
      scope: r.scope,
      kind: r.kind,
      uid: r.uid === null ? null : r.uid,
      partner: r.partner,
      appId: r.app_id,
      control: r.control,
      amount: r.amount === null ? null : r.amount,
      refusals: r.refusals === null ? null : r.refusals,
      message: r.message,
      actor: r.actor,
      before: r.before ?? null,
      after: r.after ?? null,
    }),
  });
}

export const providersList: ListSpec = defineList({
  url: '/api/personalcontrol/wgconfigs',
  name: 'personalcontrol.wgconfigs',
  screen: '/personalcontrol/wgconfigs',
  tags: ['controls'],
  paging: 'page',
  summary: 'Third-party providers (their application) and games with their controls: filters appId (substring), closed',
  from: (db: Db) => db.selectFrom('control_provider').selectAll(),
  partner: null,
  id: 'id',
  filters: { appId: contains('app_id', 64), closed: custom(queryBool, (v) => sql<SqlBool>`closed = ${v}`) },
  sorts: { appId: sortBy.text('app_id'), updatedAt: sortBy.time('updated_at') },
  defaultSort: { key: 'appId', order: 'ascend' },
  item: providerControlItem,
  row: (r) => providerItem(r as never),
});

/** Net win per player over the range (house: every game through the wallet, player_day_game; tp: control_tp_day). */
export async function ranking(db: Db, user: ScopedSubject, scope: ControlScope, r: DayRange, side: 'winners' | 'losers'): Promise<ControlRankingRow[]> {
  const table = scope === 'house' ? 'player_day_game' : 'control_tp_day';
  const { rows } = await sql<{ uid: number; name: string | null; partner: number; bets: string; wins: string; bet_count: string; controlled: boolean }>`
    SELECT d.uid, p.name, max(d.partner) AS partner, sum(d.bets) AS bets, sum(d.wins) AS wins, sum(d.bet_count) AS bet_count,
      EXISTS (SELECT 1 FROM player_control c WHERE c.uid = d.uid AND c.scope = ${scope}) AS controlled
    FROM ${sql.table(table)} d LEFT JOIN player p ON p.uid = d.uid
    WHERE d.day BETWEEN ${r.from}::date AND ${r.to}::date AND ${ownPartnerFilter(user, 'd.partner')}
    GROUP BY d.uid, p.name
    HAVING ${side === 'winners' ? sql`sum(d.wins) - sum(d.bets) > 0` : sql`sum(d.wins) - sum(d.bets) < 0`}
    ORDER BY sum(d.wins) - sum(d.bets) ${side === 'winners' ? sql`DESC` : sql`ASC`}, d.uid
    LIMIT ${RANKING_SIZE}`.execute(db);
  return rows.map((x, i) => ({
    rank: i + 1,
    uid: x.uid,
    name: x.name ?? '',
    partner: Number(x.partner),
    bets: Number(x.bets),
    wins: Number(x.wins),
    net: Number(x.wins) - Number(x.bets),
    betCount: Number(x.bet_count),
    controlled: x.controlled,
  }));
}

/**
 * Paid recharges minus successful cash-outs per player over the range: `payers` the biggest
 * difference first (who put the most money in), `takers` the smallest (who took the most out).
 * A partner account sees its own players only.
 */
export async function payRank(db: Db, user: ScopedSubject, r: DayRange, side: 'payers' | 'takers'): Promise<PayRankRow[]> {
  const { rows } = await sql<{ uid: number; name: string | null; partner: number; recharge: string; cashout: string; controlled: boolean }>`
    WITH money AS (
      SELECT uid, max(partner) AS partner, sum(amount) AS recharge, 0::bigint AS cashout FROM report_payer_day
      WHERE day BETWEEN ${r.from}::date AND ${r.to}::date AND ${ownPartnerFilter(user, 'partner')} GROUP BY uid
      UNION ALL
      SELECT uid, max(partner), 0, sum(amount) FROM cashout_order
      WHERE status = 'success' AND created_at >= ${r.start} AND created_at < ${r.end} AND ${ownPartnerFilter(user, 'partner')} GROUP BY uid
    )
    SELECT m.uid, p.name, max(m.partner) AS partner, sum(m.recharge) AS recharge, sum(m.cashout) AS cashout,
      EXISTS (SELECT 1 FROM player_control c WHERE c.uid = m.uid) AS controlled
    FROM money m LEFT JOIN player p ON p.uid = m.uid
    GROUP BY m.uid, p.name
    ORDER BY sum(m.recharge) - sum(m.cashout) ${side === 'payers' ? sql`DESC` : sql`ASC`}, m.uid
    LIMIT ${RANKING_SIZE}`.execute(db);
  return rows.map((x, i) => ({
    rank: i + 1,
    uid: x.uid,
    name: x.name ?? '',
    partner: Number(x.partner),
    recharge: Number(x.recharge),
    cashout: Number(x.cashout),
    difference: Number(x.recharge) - Number(x.cashout),
    controlled: x.controlled,
  }));
}
