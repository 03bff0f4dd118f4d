/** Rows of the player tables as the API shows them (docs/api/players.md); times in GMT+08:00. */
import type { BanRecord, PlayerBalances, PlayerProfile } from '@console/schemas';
import type { Selectable } from 'kysely';
import type { BanTable, PlayerBalanceRow, PlayerRow } from '../../db/schema';
import { isoInConsoleZone } from '../../http/time';

/** The status a player is in at `now`: a suspension whose date has passed is over. */
export function effectiveStatus(row: Pick<PlayerRow, 'status' | 'suspended_until'>, now: Date): PlayerProfile['status'] {
  if (row.status === 'suspended' && (!row.suspended_until || new Date(row.suspended_until) <= now)) return 'active';
  return row.status;
}

export function toProfile(row: PlayerRow, now: Date): PlayerProfile {
  const status = effectiveStatus(row, now);
  return {
    uid: row.uid,
    name: row.name,
    avatar: row.avatar,
    phone: row.phone_number ? { country: row.phone_country ?? '', number: row.phone_number } : null,
    phoneBoundAt: isoInConsoleZone(row.phone_bound_at),
    registerIp: row.register_ip,
    registerDevice: row.register_device,
    registerPackage: row.register_package,
    registeredAt: isoInConsoleZone(row.registered_at),
    loginIp: row.login_ip,
    loginDevice: row.login_device,
    lastLoginAt: isoInConsoleZone(row.last_login_at),
    loginCount: row.login_count,
    shareId: row.share_id,
    inviterUid: row.inviter_uid,
    vip: row.vip,
    gcash: row.gcash,
    bank: row.bank,
    partner: row.partner,
    status,
    suspendedUntil: status === 'suspended' ? isoInConsoleZone(row.suspended_until) : null,
    statusReason: row.status_reason,
    netWin: row.net_win,
  };
}

export function toBalances(row: PlayerBalanceRow | undefined): PlayerBalances {
  return {
    chip: row?.chip ?? 0,
    bean: row?.bean ?? 0,
    safe: row?.safe ?? 0,
    bonus: row?.bonus ?? 0,
    diamond: row?.diamond ?? 0,
    charisma: row?.charisma ?? 0,
    withdrawable: row?.withdrawable ?? 0,
  };
}

export function toBan(row: Selectable<BanTable>): BanRecord {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    reason: row.reason,
    bannedBy: row.banned_by,
    bannedAt: isoInConsoleZone(row.banned_at),
    liftedBy: row.lifted_by,
    liftedAt: isoInConsoleZone(row.lifted_at),
    active: row.active,
  };
}
