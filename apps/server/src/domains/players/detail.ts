/**
 * A player's detail: profile, balances, the devices and addresses it used with the other
 * accounts that used them too (partner scoped), the active bans that touch it, and how many
 * players it invited. The long histories (ledger, logins, invitees, profile changes, ban
 * log) are keyset pages of their own (history.ts).
 */
import type { PlayerDetail, SharedLink } from '@console/schemas';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/open';
import { isoInConsoleZone } from '../../http/time';
import { partnerScope, type ScopedSubject } from '../../plugins/partner-scope';
import { findPlayer } from './access';
import { toBalances, toBan, toProfile } from './view';

/** Devices and addresses listed (most recent first), and other accounts named per device or address. */
export const LINKS_SHOWN = 100;
export const SHARED_UIDS_SHOWN = 20;
/** Sharing accounts are counted up to this many ("1000+" beyond). */
export const SHARED_COUNT_CAP = 1001;

interface LinkRow {
  value: string;
  first_at: Date | string;
  last_at: Date | string;
  shared_count: number | string;
  shared_uids: unknown;
  ban_id: number | string | null;
}

/** The devices (player_device) or addresses (player_ip) of a player, each with the accounts sharing it. */
async function sharedLinks(db: Db, user: ScopedSubject, uid: number, kind: 'device' | 'ip'): Promise<SharedLink[]> {
  const table = sql.table(kind === 'device' ? 'player_device' : 'player_ip');
  const column = sql.ref(kind === 'device' ? 'device_id' : 'ip');
  const scope = partnerScope(user);
  const scoped: RawBuilder<unknown> = scope === null ? sql`` : sql`AND EXISTS (SELECT 1 FROM player p WHERE p.uid = o.uid AND p.partner = ${scope})`;
  const { rows } = await sql<LinkRow>`
    SELECT d.${column} AS value, d.first_at, d.last_at,
      (SELECT count(*) FROM (SELECT 1 FROM ${table} o WHERE o.${column} = d.${column} AND o.uid <> d.uid ${scoped} LIMIT ${SHARED_COUNT_CAP}) c) AS shared_count,
      coalesce((SELECT json_agg(s.uid) FROM (SELECT o.uid FROM ${table} o WHERE o.${column} = d.${column} AND o.uid <> d.uid ${scoped}
        ORDER BY o.uid DESC LIMIT ${SHARED_UIDS_SHOWN}) s), '[]'::json) AS shared_uids,
      (SELECT b.id FROM ban b WHERE b.kind = ${kind} AND b.value = d.${column} AND b.active) AS ban_id
    FROM ${table} d WHERE d.uid = ${uid}
    ORDER BY d.last_at DESC, d.${column} LIMIT ${LINKS_SHOWN}`.execute(db);
  return rows.map((r) => ({
    value: r.value,
    firstAt: isoInConsoleZone(r.first_at),
    lastAt: isoInConsoleZone(r.last_at),
    sharedUids: (typeof r.shared_uids === 'string' ? JSON.parse(r.shared_uids) : r.shared_uids) as number[],
    sharedCount: Number(r.shared_count),
    banId: r.ban_id === null ? null : Number(r.ban_id),
  }));
}

export async function playerDetail(db: Db, user: ScopedSubject, uid: number, now: Date): Promise<PlayerDetail> {
  const player = await findPlayer(db, user, uid);
  const devices = [player.register_device, player.login_device].filter((d): d is string => !!d);
  const ips = [player.register_ip, player.login_ip].filter((d): d is string => !!d);
  const scope = partnerScope(user);
  const [balance, deviceLinks, ipLinks, bans, invitees] = await Promise.all([
    db.selectFrom('player_balance').selectAll().where('uid', '=', uid).executeTakeFirst(),
    sharedLinks(db, user, uid, 'device'),
    sharedLinks(db, user, uid, 'ip'),
    db
      .selectFrom('ban')
      .selectAll()
      .where('active', '=', true)
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', 'account'), eb('value', '=', String(uid))]),
          eb.and([
            eb('kind', '=', 'device'),
            eb.or([
              eb('value', 'in', eb.selectFrom('player_device').select('device_id').where('uid', '=', uid)),
              ...(devices.length ? [eb('value', 'in', devices)] : []),
            ]),
          ]),
          eb.and([
            eb('kind', '=', 'ip'),
            eb.or([eb('value', 'in', eb.selectFrom('player_ip').select('ip').where('uid', '=', uid)), ...(ips.length ? [eb('value', 'in', ips)] : [])]),
          ]),
        ]),
      )
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('player')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('inviter_uid', '=', uid)
      .$if(scope !== null, (qb) => qb.where('partner', '=', scope!))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    profile: toProfile(player, now),
    balances: toBalances(balance),
    devices: deviceLinks,
    ips: ipLinks,
    bans: bans.map(toBan),
    inviteeCount: Number(invitees.n),
  };
}
