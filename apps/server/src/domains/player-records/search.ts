/**
 * /usermanager/search: one player look-up by a key and a value, and the player columns it
 * answers (shared with searchsales). Every key is one index probe (migrations 005, 013):
 *   uid      player_pkey                      name     player_name_c_idx (prefix, any case)
 *   phone    player_phone_idx (number, code)  gcash    player_gcash_idx
 *   device   player_device_pkey → player_pkey ip       player_ip_pkey → player_pkey
 *   shareId  player_share_uid_idx
 * A device or an address matches every player who has used it (player_device, player_ip),
 * not only the last one seen. §5: a phone look-up needs the country code and the number.
 *
 * The one order is by name — (lower(name) COLLATE "C", uid), the index player_name_c_idx —
 * because a short name prefix can match a hundred thousand players: walking that index from
 * the prefix reads just one step of rows, where an order by uid made PostgreSQL walk the
 * primary key backwards past most of the table (2 s on 1,000,000 players; see
 * docs/api/usermanager.md). Every other key matches a handful of players, sorted in memory.
 */
import { SEARCH_KEYS, playerSearchItem, text, type PlayerSearchItem, type SearchKey } from '@console/schemas';
import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import type { QueryRow } from '../../db/schema';
import { defineList, type FilterBuilder } from '../../http/list';
import type { SortKey } from '../../http/list/keyset';
import { isoInConsoleZone } from '../../http/time';

const MAX_UID = 2_147_483_647;
const PHONE_NUMBER = /^[0-9]{4,15}$/;
export const PHONE_NEEDS_COUNTRY = 'Required for a phone look-up (country code plus number)';

/** The players joined with their chip balance, as search and searchsales show them. */
export const searchBase = (db: Db) =>
  db
    .selectFrom('player as p')
    .innerJoin('player_balance as b', 'b.uid', 'p.uid')
    .select([
      'p.uid',
      'p.name',
      'p.phone_country',
      'p.phone_number',
      'p.status',
      'p.suspended_until',
      'p.vip',
      'b.chip',
      'p.partner',
      'p.share_id',
      'p.registered_at',
      'p.last_login_at',
    ]);

export const toSearchItem = (r: QueryRow<typeof searchBase>): PlayerSearchItem => ({
  uid: r.uid,
  name: r.name,
  phone: r.phone_number ? `+${r.phone_country ?? ''} ${r.phone_number}` : '',
  status: r.status,
  suspendedUntil: isoInConsoleZone(r.suspended_until),
  vip: r.vip,
  chip: r.chip,
  partner: r.partner,
  shareId: r.share_id,
  registeredAt: isoInConsoleZone(r.registered_at),
  lastLoginAt: isoInConsoleZone(r.last_login_at),
});

/** lower(name) in byte order: LIKE 'prefix%' on it is a range of player_name_c_idx, and so is the order. */
const lowerName = sql`lower(p.name) collate "C"`;
export const byName: SortKey = { expr: lowerName, type: 'text' };
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The condition of one key for its (checked) value. */
function keyCondition(key: SearchKey, value: string, country: string | undefined): Expression<SqlBool> {
  switch (key) {
    case 'uid':
      return sql<SqlBool>`p.uid = ${Number(value)}`;
    case 'name': {
      // the prefix as a range of player_name_c_idx with bounds as parameters: a generic plan
      // (named statements, db/open.ts) keeps the index range, where a LIKE pattern that is a
      // parameter can only be a filter; the LIKE stays for exactness at the upper bound
      const prefix = value.toLowerCase();
      return sql<SqlBool>`${lowerName} >= ${prefix} and ${lowerName} < ${`${prefix}\u{10FFFF}`} and ${lowerName} like ${`${escapeLike(prefix)}%`}`;
    }
    case 'phone':
      return sql<SqlBool>`p.phone_number = ${value} and p.phone_country = ${country}`;
    // `gcash <> ''` lets the planner use the partial index whatever the value
    case 'gcash':
      return sql<SqlBool>`p.gcash = ${value} and p.gcash <> ''`;
    case 'shareId':
      return sql<SqlBool>`p.share_id = ${value}`;
    case 'device':
      return sql<SqlBool>`p.uid in (select d.uid from player_device d where d.device_id = ${value})`;
    case 'ip':
      return sql<SqlBool>`p.uid in (select i.uid from player_ip i where i.ip = ${value})`;
  }
}

/** Why a key's value is refused, or undefined. */
function valueProblem(key: SearchKey, value: string): string | undefined {
  if (key === 'uid')
    return /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_UID ? undefined : 'Must be a player id (an integer 1 to 2147483647)';
  if (key === 'phone') return PHONE_NUMBER.test(value) ? undefined : 'Must be 4 to 15 digits';
  if (key === 'name' && value.length > 64) return 'Over 64 characters';
  return undefined;
}

/**
 * The look-up: `key` (one of SEARCH_KEYS), `value` (≤ 128 characters) and, for a phone,
 * `country` (1 to 4 digits, a leading + dropped). Without a key nothing matches: the screen
 * lists players only once asked.
 */
export const searchKeyFilter: FilterBuilder = () => ({
  params: {
    key: z.enum(SEARCH_KEYS, { message: `Must be one of ${SEARCH_KEYS.join(', ')}` }).optional(),
    value: text(128).regex(/\S/, { message: 'Required' }).optional(),
    country: z
      .string()
      .regex(/^\+?[0-9]{1,4}$/, { message: 'Must be a country code of 1 to 4 digits' })
      .transform((v) => v.replace(/^\+/, ''))
      .optional(),
  },
  where: (v) => {
    if (v.key === undefined) return sql<SqlBool>`false`;
    return keyCondition(v.key as SearchKey, (v.value as string).trim(), v.country as string | undefined);
  },
  check: (v) => {
    const key = v.key as SearchKey | undefined;
    const value = v.value as string | undefined;
    if (key === undefined) {
      if (value !== undefined) return { param: 'key', message: 'Required with a value' };
      if (v.country !== undefined) return { param: 'key', message: 'Required with a country code' };
      return undefined;
    }
    if (value === undefined) return { param: 'value', message: 'Required' };
    if (key === 'phone' && v.country === undefined) return { param: 'country', message: PHONE_NEEDS_COUNTRY };
    if (key !== 'phone' && v.country !== undefined) return { param: 'country', message: 'Only for a phone look-up' };
    const problem = valueProblem(key, value.trim());
    return problem ? { param: 'value', message: problem } : undefined;
  },
});

export const search = defineList({
  url: '/api/usermanager/search',
  name: 'usermanager.search',
  screen: '/usermanager/search',
  tags: ['player records'],
  summary:
    'Players found by key (uid, name prefix in any case, phone with country, device, ip, gcash, shareId) and value; ' +
    'a device or IP matches every player who used it; no key: no rows; ordered by name (any case), then uid',
  paging: 'keyset',
  from: searchBase,
  partner: 'p.partner',
  id: 'p.uid',
  filters: { search: searchKeyFilter },
  sorts: { name: byName },
  defaultSort: { key: 'name', order: 'ascend' },
  item: playerSearchItem,
  row: toSearchItem,
});
