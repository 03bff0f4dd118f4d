/**
 * The report figures recomputed from the raw rows (players, logins, orders, ledger entries),
 * independently of the roll-ups and of the report code: the correctness test compares every
 * cell of every report with these. Test support only; deliberately plain and slow.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { consoleDay } from '@console/time';

export interface RawRows {
  players: { uid: number; partner: number; registered: string }[];
  logins: { uid: number; partner: number; day: string }[];
  recharges: {
    id: number;
    uid: number;
    partner: number;
    channel: string;
    os: string;
    status: string;
    resolution: string | null;
    price: number;
    paidAmount: number | null;
    chips: number;
    bonusChips: number;
    created: Date;
    paidAt: Date | null;
    resolvedAt: Date | null;
    callbackAt: Date | null;
  }[];
  cashouts: {
    uid: number;
    partner: number;
    channel: string;
    status: string;
    amount: number;
    fee: number;
    created: Date;
    finishedAt: Date | null;
    resolvedAt: Date | null;
    updatedAt: Date;
  }[];
  entries: { uid: number; partner: number; currency: string; delta: number; reason: string; day: string }[];
}

export async function readRaw(db: Db): Promise<RawRows> {
  const q = async <T>(query: ReturnType<typeof sql>) => (await query.execute(db)).rows as T[];
  const num = (v: unknown) => (v === null ? null : Number(v));
  const players = (await q<any>(sql`SELECT uid, partner, registered_at FROM player`)).map((r) => ({
    uid: r.uid,
    partner: r.partner,
    registered: consoleDay(new Date(r.registered_at)),
  }));
  const logins = (await q<any>(sql`SELECT uid, partner, at FROM player_login`)).map((r) => ({
    uid: r.uid,
    partner: r.partner,
    day: consoleDay(new Date(r.at)),
  }));
  const date = (v: unknown) => (v === null ? null : new Date(v as string));
  const recharges = (await q<any>(sql`SELECT * FROM recharge_order ORDER BY id`)).map((r) => ({
    id: Number(r.id),
    uid: r.uid,
    partner: r.partner,
    channel: r.channel,
    os: r.os,
    status: r.status,
    resolution: r.resolution,
    price: Number(r.price),
    paidAmount: num(r.paid_amount),
    chips: Number(r.chips),
    bonusChips: Number(r.bonus_chips),
    created: new Date(r.created_at),
    paidAt: date(r.paid_at),
    resolvedAt: date(r.resolved_at),
    callbackAt: date(r.callback_at),
  }));
  const cashouts = (await q<any>(sql`SELECT * FROM cashout_order ORDER BY id`)).map((r) => ({
    uid: r.uid,
    partner: r.partner,
    channel: r.channel,
    status: r.status,
    amount: Number(r.amount),
    fee: Number(r.fee),
    created: new Date(r.created_at),
    finishedAt: date(r.finished_at),
    resolvedAt: date(r.resolved_at),
    updatedAt: new Date(r.updated_at),
  }));
  const entries = (await q<any>(sql`SELECT uid, partner, currency, delta, reason, at FROM ledger_entry`)).map((r) => ({
    uid: r.uid,
    partner: r.partner,
    currency: r.currency,
    delta: Number(r.delta),
    reason: r.reason,
    day: consoleDay(new Date(r.at)),
  }));
  return { players, logins, recharges, cashouts, entries };
}

/** The raw rows one account sees (null: every partner). */
export function scoped(raw: RawRows, partner: number | null): RawRows {
  if (partner === null) return raw;
  const own = <T extends { partner: number }>(xs: T[]) => xs.filter((x) => x.partner === partner);
  return { players: own(raw.players), logins: own(raw.logins), recharges: own(raw.recharges), cashouts: own(raw.cashouts), entries: own(raw.entries) };
}

export interface Credit {
  uid: number;
  channel: string;
  os: string;
  day: string;
  amount: number;
  chips: number;
  bonusChips: number;
  seconds: number;
  id: number;
  at: number;
}

/** Credited recharges: paid, or held and credited by staff; on the day the money was credited. */
export function credits(raw: RawRows): Credit[] {
  return raw.recharges
    .filter((o) => o.status === 'paid' || o.resolution === 'credited')
    .map((o) => {
      const at = o.paidAt ?? o.resolvedAt ?? o.callbackAt ?? o.created;
      return {
        uid: o.uid,
        channel: o.channel,
        os: o.os,
        day: consoleDay(at),
        amount: o.paidAmount ?? o.price,
        chips: o.chips,
        bonusChips: o.bonusChips,
        seconds: Math.max(0, Math.round((at.getTime() - o.created.getTime()) / 1000)),
        id: o.id,
        at: at.getTime(),
      };
    });
}

/** Each player's first credited recharge, over all time (uid → its credit). */
export function firstCredits(all: Credit[]): Map<number, Credit> {
  const first = new Map<number, Credit>();
  for (const c of [...all].sort((a, b) => a.at - b.at || a.id - b.id)) if (!first.has(c.uid)) first.set(c.uid, c);
  return first;
}

export const failedDay = (o: RawRows['recharges'][number]) => consoleDay(o.callbackAt ?? o.created);
export const settledAt = (o: RawRows['cashouts'][number]) => o.finishedAt ?? o.resolvedAt ?? o.updatedAt;

/** The house-money class of a ledger reason (the report's definition, written out again). */
export function moneyClass(reason: string): [string, string] | null {
  if (reason === 'batch.chip' || reason === 'batch.cash') return ['freegive', 'batch'];
  if (reason === 'staff.add') return ['freegive', 'staff'];
  if (reason === 'staff.reduce') return ['recycle', 'staff'];
  if (reason === 'activity.relief') return ['freegive', 'relief'];
  if (reason.startsWith('expire.') || reason.endsWith('.expire')) return ['recycle', 'expiry'];
  if (reason.startsWith('fee.')) return ['recycle', 'fee'];
  if (reason === 'recharge.bonus' || reason.startsWith('bonus.') || reason.startsWith('promo.')) return ['freegive', 'bonus'];
  if (reason.startsWith('activity.') || reason.startsWith('reward.')) return ['freegive', 'reward'];
  return null;
}

export const count = <T>(xs: T[], f: (x: T) => boolean) => xs.filter(f).length;
export const total = <T>(xs: T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);
export const distinct = <T>(xs: T[], f: (x: T) => unknown) => new Set(xs.map(f)).size;
export const perHead = (a: number, b: number) => (b > 0 ? Math.round(a / b) : null);
export const rate = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);
