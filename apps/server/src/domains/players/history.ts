/**
 * A player's histories, newest first, in keyset pages (never OFFSET, never a count): each
 * answer's `nextCursor` is the id of its last item, and the next page continues strictly
 * below that item in the page's order. Every call checks first that the caller's partner
 * scope reaches the player (404 otherwise).
 */
import type { BanLogItem, InviteeItem, LedgerItem, LoginItem, PlayerHistoryQuery, PlayerLedgerQuery, ProfileChangeItem } from '@console/schemas';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/open';
import type { BanLogTable } from '../../db/schema';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter, partnerScope, type ScopedSubject } from '../../plugins/partner-scope';
import { findPlayer, playerNotFound } from './access';

export const HISTORY_PAGE_SIZE = 20;
const MAX_UID = 2_147_483_647;

export interface KeysetPage<T> {
  items: T[];
  nextCursor: string | null;
}

const cursorOf = (query: PlayerHistoryQuery) => (query.cursor ? Number(query.cursor) : null);

function page<Row, Item extends { id: number }>(rows: Row[], size: number, map: (row: Row) => Item): KeysetPage<Item> {
  const items = rows.slice(0, size).map(map);
  return { items, nextCursor: rows.length > size && items.length ? String(items[items.length - 1].id) : null };
}

/**
 * Ledger entries of every currency (or one), by time then id. One round trip: the player (in the
 * caller's scope) joined with a page of its entries; no row at all means no such player for
 * this caller (404), one row without an entry an empty page. (The page most opened: the
 * player detail's ledger tab.)
 */
export async function ledgerPage(db: Db, user: ScopedSubject, query: PlayerLedgerQuery): Promise<KeysetPage<LedgerItem>> {
  const size = query.pageSize ?? HISTORY_PAGE_SIZE;
  const below = cursorOf(query);
  const rows = await db
    .selectFrom('player as p')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('ledger_entry as e')
          .select(['e.id', 'e.at', 'e.currency', 'e.delta', 'e.balance_after', 'e.reason', 'e.ref', 'e.actor'])
          .whereRef('e.uid', '=', 'p.uid')
          .$if(query.currency !== undefined, (qb) => qb.where('e.currency', '=', query.currency!))
          .$if(below !== null, (qb) => qb.where(sql<boolean>`(e.at, e.id) < (SELECT c.at, c.id FROM ledger_entry c WHERE c.id = ${below})`))
          .orderBy('e.at', 'desc')
          .orderBy('e.id', 'desc')
          .limit(size + 1)
          .as('l'),
      (join) => join.onTrue(),
    )
    .select(['l.id', 'l.at', 'l.currency', 'l.delta', 'l.balance_after', 'l.reason', 'l.ref', 'l.actor'])
    .where('p.uid', '=', query.uid)
    .where(ownPartnerFilter(user, 'p.partner'))
    .execute();
  if (rows.length === 0) throw playerNotFound(query.uid);
  const entries = rows.filter((r) => r.id !== null);
  return page(entries, size, (r) => ({
    id: Number(r.id),
    at: isoInConsoleZone(r.at!),
    currency: r.currency!,
    delta: Number(r.delta),
    balanceAfter: Number(r.balance_after),
    reason: r.reason!,
    ref: r.ref!,
    actor: r.actor!,
  }));
}

export async function loginPage(db: Db, user: ScopedSubject, query: PlayerHistoryQuery): Promise<KeysetPage<LoginItem>> {
  await findPlayer(db, user, query.uid);
  const size = query.pageSize ?? HISTORY_PAGE_SIZE;
  const below = cursorOf(query);
  const rows = await db
    .selectFrom('player_login')
    .select(['id', 'at', 'ip', 'device_id', 'duration_seconds'])
    .where('uid', '=', query.uid)
    .$if(below !== null, (qb) => qb.where(sql<boolean>`(at, id) < (SELECT c.at, c.id FROM player_login c WHERE c.id = ${below})`))
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(size + 1)
    .execute();
  return page(rows, size, (r) => ({ id: r.id, at: isoInConsoleZone(r.at), ip: r.ip, deviceId: r.device_id, durationSeconds: r.duration_seconds }));
}

/** Players whose inviter is this player (and whom the caller may see), newest uid first. */
export async function inviteePage(db: Db, user: ScopedSubject, query: PlayerHistoryQuery): Promise<KeysetPage<InviteeItem>> {
  await findPlayer(db, user, query.uid);
  const size = query.pageSize ?? HISTORY_PAGE_SIZE;
  const below = cursorOf(query);
  const scope = partnerScope(user);
  const rows = await db
    .selectFrom('player')
    .select(['uid', 'name', 'registered_at', 'partner', 'status', 'suspended_until'])
    .where('inviter_uid', '=', query.uid)
    .$if(scope !== null, (qb) => qb.where('partner', '=', scope!))
    .$if(below !== null, (qb) => qb.where('uid', '<=', Math.min(below! - 1, MAX_UID)))
    .orderBy('uid', 'desc')
    .limit(size + 1)
    .execute();
  return page(rows, size, (r) => ({
    id: r.uid,
    uid: r.uid,
    name: r.name,
    registeredAt: isoInConsoleZone(r.registered_at),
    partner: r.partner,
    status: r.status,
  }));
}

export async function profileChangePage(db: Db, user: ScopedSubject, query: PlayerHistoryQuery): Promise<KeysetPage<ProfileChangeItem>> {
  await findPlayer(db, user, query.uid);
  const size = query.pageSize ?? HISTORY_PAGE_SIZE;
  const below = cursorOf(query);
  const rows = await db
    .selectFrom('player_profile_change')
    .select(['id', 'at', 'field', 'old_value', 'new_value'])
    .where('uid', '=', query.uid)
    .$if(below !== null, (qb) => qb.where(sql<boolean>`(at, id) < (SELECT c.at, c.id FROM player_profile_change c WHERE c.id = ${below})`))
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(size + 1)
    .execute();
  return page(rows, size, (r) => ({ id: r.id, at: isoInConsoleZone(r.at), field: r.field, oldValue: r.old_value, newValue: r.new_value }));
}

/** Bans, lifts and suspensions of the player's account (ban_log), newest first. */
export async function banLogPage(db: Db, user: ScopedSubject, query: PlayerHistoryQuery): Promise<KeysetPage<BanLogItem>> {
  await findPlayer(db, user, query.uid);
  const size = query.pageSize ?? HISTORY_PAGE_SIZE;
  const below = cursorOf(query);
  const rows = await db
    .selectFrom('ban_log')
    .selectAll()
    .where('kind', '=', 'account')
    .where('value', '=', String(query.uid))
    .$if(below !== null, (qb) => qb.where('id', '<', below!))
    .orderBy('id', 'desc')
    .limit(size + 1)
    .execute();
  return page(rows, size, banLogRow);
}

/** A ban_log row as the screens show it (the player's history and /usermanager/banAccountlogs). */
export const banLogRow = (r: Selectable<BanLogTable>): BanLogItem => ({
  id: r.id,
  at: isoInConsoleZone(r.at),
  kind: r.kind,
  value: r.value,
  action: r.action,
  reason: r.reason,
  until: isoInConsoleZone(r.until),
  operator: r.operator,
  partner: r.partner,
});
