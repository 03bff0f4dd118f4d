/**
 * Reads of the report roll-ups (migrations 019 and 021): one grouped query per figure over a
 * bounded day range, partner scope applied, summing the stripes (`slot`) of a row. Nothing
 * here reads orders, ledger entries, logins or players: the triggers of migrations 019 and 021
 * added them up when they happened.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/open';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import type { DayRange } from '../../http/range';
import { dayOfColumn } from '../../db/console-day';

/** A grouping beside the day: none, or a column of the roll-up. */
export type By = 'channel' | 'os' | null;

const inRange = (r: DayRange) => sql<SqlBool>`day BETWEEN ${r.from}::date AND ${r.to}::date`;
const keyOf = (by: By) => (by ? sql`${sql.ref(by)}` : sql`''`);
const n = (v: unknown) => Number(v ?? 0);

/** Rows keyed 'day' or 'day|key'. */
export const rowKey = (day: string, key = '') => (key ? `${day}|${key}` : day);

async function grouped<R extends Record<string, unknown>>(db: Db, query: RawBuilder<R>): Promise<R[]> {
  return (await query.execute(db)).rows;
}

export interface RechargeFigures {
  created: number;
  paid: number;
  failed: number;
  amount: number;
  chips: number;
  bonusChips: number;
  paySeconds: number;
  firstPayers: number;
}
export const NO_RECHARGE: RechargeFigures = { created: 0, paid: 0, failed: 0, amount: 0, chips: 0, bonusChips: 0, paySeconds: 0, firstPayers: 0 };

/** Recharge figures by day (and channel or os), or by `by` alone over the range when `perDay` is false. */
export async function rechargeFigures(db: Db, user: ScopedSubject, r: DayRange, by: By, perDay = true): Promise<Map<string, RechargeFigures>> {
  const day = perDay ? sql`day::text` : sql`''`;
  const rows = await grouped(
    db,
    sql<{ day: string; key: string } & Record<string, string>>`
    SELECT ${day} AS day, ${keyOf(by)} AS key, sum(created)::bigint AS created, sum(paid)::bigint AS paid, sum(failed)::bigint AS failed,
      sum(amount)::bigint AS amount, sum(chips)::bigint AS chips, sum(bonus_chips)::bigint AS bonus, sum(pay_seconds)::bigint AS seconds,
      sum(first_payers)::bigint AS first
    FROM report_recharge_day WHERE ${inRange(r)} AND ${ownPartnerFilter(user, 'partner')}
    GROUP BY 1, 2`,
  );
  return new Map(
    rows.map((x) => [
      rowKey(x.day, x.key),
      {
        created: n(x.created),
        paid: n(x.paid),
        failed: n(x.failed),
        amount: n(x.amount),
        chips: n(x.chips),
        bonusChips: n(x.bonus),
        paySeconds: n(x.seconds),
        firstPayers: n(x.first),
      },
    ]),
  );
}

/** The kinds of day report_span_day counts: logged in, credited a recharge, played a game (migration 058). */
export type SpanKind = 'active' | 'payer' | `game:${string}`;

/**
 * Distinct players of a kind (active: logged in; payer: credited a recharge; game:<id>: played
 * that game) on each day of the range and over the whole range, from report_span_day (migrations
 * 021 and 058): a player-day counts on
 * its day, and in the range's figure only on the player's first day in the range (its previous
 * day of the kind is before the range: gap > day - from).
 */
export async function spanCounts(db: Db, user: ScopedSubject, r: DayRange, kind: SpanKind): Promise<{ days: Map<string, number>; range: number }> {
  const rows = await grouped(
    db,
    sql<{ day: string; n: string; first: string }>`
    SELECT day::text AS day, sum(players)::bigint AS n, coalesce(sum(players) FILTER (WHERE gap > day - ${r.from}::date), 0)::bigint AS first
    FROM report_span_day WHERE kind = ${kind} AND ${inRange(r)} AND ${ownPartnerFilter(user, 'partner')}
    GROUP BY day`,
  );
  return { days: new Map(rows.map((x) => [x.day, n(x.n)])), range: rows.reduce((s, x) => s + n(x.first), 0) };
}

/**
 * Distinct players of each game (or of one) over the whole range, by partner, from the game
 * spans (migration 058): spanCounts' range figure for every kind `game:<id>` at once. The range
 * must be at most 93 days (the spans' horizon).
 */
export async function gameSpanPlayers(
  db: Db,
  user: ScopedSubject,
  r: DayRange,
  f: { game?: string; partner?: number } = {},
): Promise<{ game: string; partner: number; players: number }[]> {
  const kind = f.game === undefined ? sql<SqlBool>`kind LIKE 'game:%'` : sql<SqlBool>`kind = ${`game:${f.game}`}`;
  const partner = f.partner === undefined ? sql`` : sql`AND partner = ${f.partner}`;
  const rows = await grouped(
    db,
    sql<{ game: string; partner: number; n: string }>`
    SELECT substr(kind, 6) AS game, partner, coalesce(sum(players) FILTER (WHERE gap > day - ${r.from}::date), 0)::bigint AS n
    FROM report_span_day WHERE ${kind} AND ${inRange(r)} AND ${ownPartnerFilter(user, 'partner')} ${partner}
    GROUP BY kind, partner`,
  );
  return rows.map((x) => ({ game: x.game, partner: x.partner, players: n(x.n) }));
}

/** Distinct paying players by day (and channel or os), or over the whole range when `perDay` is false. */
export async function payerCounts(db: Db, user: ScopedSubject, r: DayRange, by: By, perDay = true): Promise<Map<string, number>> {
  if (by === null) {
    const span = await spanCounts(db, user, r, 'payer');
    return perDay ? span.days : new Map([['', span.range]]);
  }
  const day = perDay ? sql`day::text` : sql`''`;
  const rows = await grouped(
    db,
    sql<{ day: string; key: string; payers: string }>`
    SELECT ${day} AS day, ${keyOf(by)} AS key, count(DISTINCT uid) AS payers
    FROM report_payer_day WHERE ${inRange(r)} AND ${ownPartnerFilter(user, 'partner')}
    GROUP BY 1, 2`,
  );
  return new Map(rows.map((x) => [rowKey(x.day, x.key), n(x.payers)]));
}

/** Each paying player's orders and amount over the range (paystat's bands). */
export async function payerTotals(db: Db, user: ScopedSubject, r: DayRange): Promise<{ orders: number; amount: number }[]> {
  const rows = await grouped(
    db,
    sql<{ orders: string; amount: string }>`
    SELECT sum(orders)::bigint AS orders, sum(amount)::bigint AS amount
    FROM report_payer_day WHERE ${inRange(r)} AND ${ownPartnerFilter(user, 'partner')}
    GROUP BY uid`,
  );
  return rows.map((x) => ({ orders: n(x.orders), amount: n(x.amount) }));
}

/** Players registered on a day who paid that same day, by day. */
export async function newPayerCounts(db: Db, user: ScopedSubject, r: DayRange): Promise<Map<string, number>> {
  const rows = await grouped(
    db,
    sql<{ day: string; payers: string }>`
    SELECT d.day::text AS day, count(DISTINCT d.uid) AS payers
    FROM report_payer_day d JOIN player p ON p.uid = d.uid AND ${dayOfColumn('p.registered_at')} = d.day
    WHERE d.day BETWEEN ${r.from}::date AND ${r.to}::date AND ${ownPartnerFilter(user, 'd.partner')}
    GROUP BY 1`,
  );
  return new Map(rows.map((x) => [x.day, n(x.payers)]));
}

export interface CashoutFigures {
  requested: number;
  requestedAmount: number;
  succeeded: number;
  succeededAmount: number;
  fees: number;
  paySeconds: number;
  failed: number;
  failedAmount: number;
  denied: number;
  deniedAmount: number;
}
export const NO_CASHOUT: CashoutFigures = {
  requested: 0,
  requestedAmount: 0,
  succeeded: 0,
  succeededAmount: 0,
  fees: 0,
  paySeconds: 0,
  failed: 0,
  failedAmount: 0,
  denied: 0,
  deniedAmount: 0,
};

/** Cash-out figures by day, by channel over the range, or both. */
export async function cashoutFigures(db: Db, user: ScopedSubject, r: DayRange, byChannel: boolean, perDay = true): Promise<Map<string, CashoutFigures>> {
  const day = perDay ? sql`day::text` : sql`''`;
  const rows = await grouped(
    db,
    sql<{ day: string; key: string } & Record<string, string>>`
    SELECT ${day} AS day, ${keyOf(byChannel ? 'channel' : null)} AS key,
      sum(requested)::bigint AS requested, sum(requested_amount)::bigint AS requested_amount, sum(succeeded)::bigint AS succeeded,
      sum(succeeded_amount)::bigint AS succeeded_amount, sum(fees)::bigint AS fees, sum(pay_seconds)::bigint AS pay_seconds,
      sum(failed)::bigint AS failed, sum(failed_amount)::bigint AS failed_amount, sum(denied)::bigint AS denied, sum(denied_amount)::bigint AS denied_amount
    FROM report_cashout_day WHERE ${inRange(r)} AND ${ownPartnerFilter(user, 'partner')}
    GROUP BY 1, 2`,
  );
  return new Map(
    rows.map((x) => [
      rowKey(x.day, x.key),
      {
        requested: n(x.requested),
        requestedAmount: n(x.requested_amount),
        succeeded: n(x.succeeded),
        succeededAmount: n(x.succeeded_amount),
        fees: n(x.fees),
        paySeconds: n(x.pay_seconds),
        failed: n(x.failed),
        failedAmount: n(x.failed_amount),
        denied: n(x.denied),
        deniedAmount: n(x.denied_amount),
      },
    ]),
  );
}

/** Registrations by day (report_register_day, migration 021). */
export async function newPlayerCounts(db: Db, user: ScopedSubject, r: DayRange): Promise<Map<string, number>> {
  const rows = await grouped(
    db,
    sql<{ day: string; n: string }>`
    SELECT day::text AS day, sum(players)::bigint AS n FROM report_register_day WHERE ${inRange(r)} AND ${ownPartnerFilter(user, 'partner')} GROUP BY day`,
  );
  return new Map(rows.map((x) => [x.day, n(x.n)]));
}

/** Active players by day and distinct over the range, exact for any range (spanCounts). */
export const activeCounts = (db: Db, user: ScopedSubject, r: DayRange) => spanCounts(db, user, r, 'active');

export interface HouseFigures {
  entries: number;
  amount: number;
}

/** House money of one kind by day and category (one currency), or by category, reason and currency over the range. */
export async function houseMoney(
  db: Db,
  user: ScopedSubject,
  r: DayRange,
  kind: 'freegive' | 'recycle',
  currency: string | null,
  perDay: boolean,
): Promise<Map<string, HouseFigures>> {
  const key = perDay ? sql`day::text || '|' || category` : sql`category || '|' || reason || '|' || currency`;
  const rows = await grouped(
    db,
    sql<{ key: string; entries: string; amount: string }>`
    SELECT ${key} AS key, sum(entries)::bigint AS entries, sum(amount)::bigint AS amount
    FROM report_house_money_day
    WHERE ${inRange(r)} AND kind = ${kind} AND ${currency === null ? sql`true` : sql`currency = ${currency}`} AND ${ownPartnerFilter(user, 'partner')}
    GROUP BY 1`,
  );
  return new Map(rows.map((x) => [x.key, { entries: n(x.entries), amount: n(x.amount) }]));
}

/** a / b rounded, or null when b is 0. */
export const perHead = (a: number, b: number): number | null => (b > 0 ? Math.round(a / b) : null);
/** a / b as a fraction (4 decimals), or null when b is 0. */
export const rate = (a: number, b: number): number | null => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);
