/**
 * What the payments bench checks its figures against: the report roll-ups' cells and the
 * /homepage figures, each recomputed from the raw rows (orders, logins, players, ledger).
 */
import type pg from 'pg';
import { CONSOLE_SQL_OFFSET, consoleDay, dayStart } from '@console/time';

export const DAY_MS = 86_400_000;
/** The GMT+08:00 day of a moment, and 00:00 GMT+08:00 of a day. */
export { consoleDay, dayStart };

export interface RollupCheck {
  cells: number;
  differences: string[];
}

const FIGURES = ['newPlayers', 'activePlayers', 'payingPlayers', 'firstPayers', 'rechargeOrders', 'rechargeAmount', 'cashoutOrders', 'cashoutAmount'] as const;
export type Figures = Record<(typeof FIGURES)[number], number>;

/**
 * The /homepage figures of a range and of the range of equal length before it (what the call
 * computes) from the raw rows, in one query: registrations, logins, credited recharge orders
 * (and each player's first over all time), cash-outs paid out. By day, and over each range.
 */
const RAW_HOMEPAGE = `
  WITH credited AS (
    SELECT id, uid, coalesce(paid_at, resolved_at, callback_at, created_at) AS at, coalesce(paid_amount, price) AS amount
    FROM recharge_order WHERE (status = 'paid' OR resolution = 'credited') AND ($4::int IS NULL OR partner = $4)
  ), firsts AS (
    SELECT DISTINCT ON (uid) uid, at FROM credited ORDER BY uid, at, id
  ), events AS (
    SELECT registered_at AS at, 'new' AS kind, uid, 0::bigint AS amount FROM player WHERE registered_at >= $2 AND registered_at < $3 AND ($4::int IS NULL OR partner = $4)
    UNION ALL SELECT at, 'active', uid, 0 FROM player_login WHERE at >= $2 AND at < $3 AND ($4::int IS NULL OR partner = $4)
    UNION ALL SELECT at, 'paid', uid, amount FROM credited WHERE at >= $2 AND at < $3
    UNION ALL SELECT at, 'first', uid, 0 FROM firsts WHERE at >= $2 AND at < $3
    UNION ALL SELECT coalesce(finished_at, resolved_at, updated_at), 'cashout', uid, amount FROM cashout_order
      WHERE status IN ('succeed', 'set_success') AND coalesce(finished_at, resolved_at, updated_at) >= $2 AND coalesce(finished_at, resolved_at, updated_at) < $3
        AND ($4::int IS NULL OR partner = $4)
  ), days AS (
    SELECT report_day(at) AS day, CASE WHEN report_day(at) >= $1::date THEN 'current' ELSE 'previous' END AS rng, kind, uid, amount FROM events
  )
  SELECT day::text AS day, rng,
    count(*) FILTER (WHERE kind = 'new') AS "newPlayers", count(DISTINCT uid) FILTER (WHERE kind = 'active') AS "activePlayers",
    count(DISTINCT uid) FILTER (WHERE kind = 'paid') AS "payingPlayers", count(*) FILTER (WHERE kind = 'first') AS "firstPayers",
    count(*) FILTER (WHERE kind = 'paid') AS "rechargeOrders", coalesce(sum(amount) FILTER (WHERE kind = 'paid'), 0) AS "rechargeAmount",
    count(*) FILTER (WHERE kind = 'cashout') AS "cashoutOrders", coalesce(sum(amount) FILTER (WHERE kind = 'cashout'), 0) AS "cashoutAmount"
  FROM days GROUP BY GROUPING SETS ((day, rng), (rng))`;

export async function rawHomepage(pool: pg.Pool, from: string, to: string, partner: number | null) {
  const previousFrom = consoleDay(dayStart(from).getTime() - (Date.parse(to) - Date.parse(from) + DAY_MS));
  const t0 = performance.now();
  const { rows } = await pool.query(RAW_HOMEPAGE, [from, dayStart(previousFrom), new Date(dayStart(to).getTime() + DAY_MS), partner]);
  const ms = performance.now() - t0;
  const figures = (r: Record<string, string>): Figures => Object.fromEntries(FIGURES.map((k) => [k, Number(r[k])])) as Figures;
  const days = new Map(rows.filter((r) => r.day !== null && r.rng === 'current').map((r) => [r.day as string, figures(r)]));
  const total = (rng: string) => rows.find((r) => r.day === null && r.rng === rng);
  const zero = Object.fromEntries(FIGURES.map((k) => [k, 0])) as Figures;
  return { ms, days, totals: total('current') ? figures(total('current')) : zero, previous: total('previous') ? figures(total('previous')) : zero };
}

/** Every figure of the report's days and totals against the raw query's; the differences, named. */
export function compareHomepage(
  api: { totals: Figures; previous: Figures; days: (Figures & { day: string })[] },
  raw: Awaited<ReturnType<typeof rawHomepage>>,
): string[] {
  const out: string[] = [];
  const zero = Object.fromEntries(FIGURES.map((k) => [k, 0])) as Figures;
  const check = (where: string, a: Figures, b: Figures) => {
    for (const k of FIGURES) if (Number(a[k] ?? 0) !== b[k]) out.push(`${where} ${k}: report ${a[k]}, raw ${b[k]}`);
  };
  check('totals', api.totals, raw.totals);
  check('previous', api.previous, raw.previous);
  for (const d of api.days) check(d.day, d, raw.days.get(d.day) ?? zero);
  return out;
}

/**
 * A few roll-up cells against the raw rows: for 3 days (the busiest, a middle one, the last)
 * and every partner, recharges paid and their amount and chips, distinct payers, first payers,
 * cash-outs requested, paid out, denied and failed, and house-money bonuses.
 */
export async function checkRollups(client: pg.Client): Promise<RollupCheck> {
  const { rows } = await client.query(`
    WITH days AS (
      (SELECT day FROM report_recharge_day GROUP BY day ORDER BY sum(paid) DESC LIMIT 1)
      UNION (SELECT day FROM report_recharge_day GROUP BY day ORDER BY day LIMIT 1 OFFSET (SELECT count(DISTINCT day) / 2 FROM report_recharge_day))
      UNION (SELECT max(day) FROM report_cashout_day)
    ), credited AS (
      SELECT *, coalesce(paid_at, resolved_at, callback_at, created_at) AS at_ FROM recharge_order WHERE status = 'paid' OR resolution = 'credited'
    ), settled AS (
      SELECT *, report_day(coalesce(finished_at, resolved_at, updated_at)) AS sday FROM cashout_order
    ), cells AS (
      SELECT d.day, pt.partner, 'recharge paid' AS what,
        (SELECT coalesce(sum(paid), 0) || '/' || coalesce(sum(amount), 0) || '/' || coalesce(sum(chips + bonus_chips), 0) FROM report_recharge_day r WHERE r.day = d.day AND r.partner = pt.partner) AS rollup,
        (SELECT count(*) || '/' || coalesce(sum(coalesce(paid_amount, price)), 0) || '/' || coalesce(sum(chips + bonus_chips), 0) FROM credited c WHERE report_day(c.at_) = d.day AND c.partner = pt.partner) AS raw
      FROM days d CROSS JOIN (VALUES (0), (1), (2)) AS pt(partner)
      UNION ALL
      SELECT d.day, pt.partner, 'payers, first payers',
        (SELECT count(DISTINCT uid) || '/' || (SELECT count(*) FROM report_first_payer f WHERE f.day = d.day AND f.partner = pt.partner) FROM report_payer_day r WHERE r.day = d.day AND r.partner = pt.partner),
        (SELECT count(DISTINCT uid) || '/' || (SELECT count(*) FROM recharge_first_paid f JOIN player p USING (uid) WHERE report_day(f.at) = d.day AND p.partner = pt.partner)
          FROM credited c WHERE report_day(c.at_) = d.day AND c.partner = pt.partner)
      FROM days d CROSS JOIN (VALUES (0), (1), (2)) AS pt(partner)
      UNION ALL
      SELECT d.day, pt.partner, 'cash-outs requested, paid, denied, failed',
        (SELECT coalesce(sum(requested), 0) || '/' || coalesce(sum(succeeded_amount), 0) || '/' || coalesce(sum(fees), 0) || '/' || coalesce(sum(denied), 0) || '/' || coalesce(sum(failed), 0)
          FROM report_cashout_day r WHERE r.day = d.day AND r.partner = pt.partner),
        (SELECT count(*) FILTER (WHERE report_day(created_at) = d.day) || '/'
          || coalesce(sum(amount) FILTER (WHERE sday = d.day AND status IN ('succeed', 'set_success')), 0) || '/'
          || coalesce(sum(fee) FILTER (WHERE sday = d.day AND status IN ('succeed', 'set_success')), 0) || '/'
          || count(*) FILTER (WHERE sday = d.day AND status = 'denied') || '/' || count(*) FILTER (WHERE sday = d.day AND status = 'fail')
          FROM settled s WHERE s.partner = pt.partner)
      FROM days d CROSS JOIN (VALUES (0), (1), (2)) AS pt(partner)
      UNION ALL
      SELECT d.day, pt.partner, 'house money bonuses',
        (SELECT coalesce(sum(entries), 0) || '/' || coalesce(sum(amount), 0) FROM report_house_money_day r WHERE r.day = d.day AND r.partner = pt.partner AND kind = 'freegive' AND category = 'bonus'),
        (SELECT count(*) || '/' || coalesce(sum(delta), 0) FROM ledger_entry e WHERE e.currency = 'chip' AND e.at >= (d.day::timestamp - ${CONSOLE_SQL_OFFSET}) AT TIME ZONE 'UTC'
          AND e.at < ((d.day + 1)::timestamp - ${CONSOLE_SQL_OFFSET}) AT TIME ZONE 'UTC' AND e.partner = pt.partner AND (e.reason = 'recharge.bonus' OR e.reason LIKE 'bonus.%'))
      FROM days d CROSS JOIN (VALUES (0), (1), (2)) AS pt(partner)
    )
    SELECT day::text AS day, partner, what, rollup, raw FROM cells ORDER BY 1, 2, 3`);
  const differences = rows.filter((r) => r.rollup !== r.raw).map((r) => `${r.day} partner ${r.partner} ${r.what}: roll-up ${r.rollup}, raw ${r.raw}`);
  return { cells: rows.length, differences };
}
