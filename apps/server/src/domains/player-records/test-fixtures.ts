/**
 * Test data for the search and records screens: 24 players (partner uid % 3), phones on two
 * country codes with one number shared across them, GCash on every 4th, share codes SALES1
 * (uids 1–6), GP1 (7–9); a device and an address used by several players (and by a player
 * whose last login came from elsewhere); gifts, transfers, coin-dealer sales, feedback,
 * tip-offs and ban_log rows, many sharing one instant so that keyset paging breaks ties by id.
 */
import type { Db } from '../../db/open';

export const BASE = Date.parse('2026-10-01T00:00:00+08:00');
export const HOUR = 3_600_000;
export const PLAYERS = 24;
const partnerOf = (uid: number) => uid % 3;

export interface Fixture {
  gifts: { id: number; at: number; fromUid: number; toUid: number; partner: number }[];
  transfers: { id: number; at: number; kind: 'player' | 'coindealer'; fromUid: number; toUid: number; partner: number; price: number | null }[];
  feedback: { id: number; uid: number; partner: number; status: string; category: string }[];
  tipoffs: { id: number; uid: number; partner: number; targetUid: number }[];
  bans: { id: number; kind: string; action: string; partner: number }[];
}

export async function seedRecords(db: Db): Promise<Fixture> {
  for (let uid = 1; uid <= PLAYERS; uid++) {
    await db
      .insertInto('player')
      .values({
        uid,
        name: uid === 5 ? '<img src=x onerror=alert(1)>' : uid % 2 ? `Zed_${uid}` : `zed%${uid}`,
        register_ip: `10.0.0.${uid}`,
        register_device: `dev-${uid}`,
        registered_at: new Date(BASE + uid * HOUR),
        login_ip: uid === 3 ? '10.9.9.9' : `10.0.0.${uid}`,
        last_login_at: uid % 5 === 0 ? null : new Date(BASE + (30 - uid) * HOUR),
        phone_country: uid === 4 ? '86' : '63',
        phone_number: uid === 4 || uid === 8 ? '9170000008' : `91700000${String(uid).padStart(2, '0')}`,
        gcash: uid % 4 === 0 ? `0917${uid}` : '',
        share_id: uid <= 6 ? 'SALES1' : uid <= 9 ? 'GP1' : null,
        partner: partnerOf(uid),
        vip: uid % 3,
        status: uid === 7 ? 'banned' : 'active',
      })
      .execute();
    await db
      .insertInto('player_balance')
      .values({ uid, partner: partnerOf(uid), chip: uid * 10 })
      .execute();
    // the shared device and address: players 2, 3, 11 (3 used it once, then moved on)
    const devices = [2, 3, 11].includes(uid) ? [`dev-${uid}`, 'shared-dev'] : [`dev-${uid}`];
    const ips = [2, 3, 11].includes(uid) ? [`10.0.0.${uid}`, '192.168.1.1'] : [`10.0.0.${uid}`];
    for (const device_id of devices)
      await db
        .insertInto('player_device')
        .values({ device_id, uid, first_at: new Date(BASE), last_at: new Date(BASE) })
        .execute();
    for (const ip of ips)
      await db
        .insertInto('player_ip')
        .values({ ip, uid, first_at: new Date(BASE), last_at: new Date(BASE) })
        .execute();
  }
  const fx: Fixture = { gifts: [], transfers: [], feedback: [], tipoffs: [], bans: [] };
  const shared = new Date(BASE + 100 * HOUR);
  for (let i = 1; i <= 12; i++) {
    const from = i;
    const to = i + 1;
    const at = i % 3 === 0 ? shared : new Date(BASE + i * HOUR);
    const g = await db
      .insertInto('player_gift')
      .values({ at, from_uid: from, to_uid: to, partner: partnerOf(from), gift_id: i % 2 ? 'rose' : 'car', chips: 10 * i, charisma: i })
      .returning('id')
      .executeTakeFirstOrThrow();
    fx.gifts.push({ id: g.id, at: at.getTime(), fromUid: from, toUid: to, partner: partnerOf(from) });
    const kind = i % 4 === 0 ? 'coindealer' : 'player';
    const price = kind === 'coindealer' ? 5 * i : null;
    const tr = await db
      .insertInto('player_transfer')
      .values({ at, kind, from_uid: from, to_uid: to, partner: partnerOf(from), amount: 100 * i, price })
      .returning('id')
      .executeTakeFirstOrThrow();
    fx.transfers.push({ id: tr.id, at: at.getTime(), kind, fromUid: from, toUid: to, partner: partnerOf(from), price });
  }
  for (let i = 1; i <= 9; i++) {
    const uid = i;
    const status = i <= 5 ? 'open' : i <= 7 ? 'replied' : 'closed';
    const category = i % 2 ? 'payment' : 'game';
    const f = await db
      .insertInto('player_feedback')
      .values({
        at: i % 2 ? shared : new Date(BASE + i * HOUR),
        uid,
        partner: partnerOf(uid),
        category,
        status,
        text: i === 1 ? '<script>alert("x")</script>' : `feedback ${i}`,
        reply: status === 'replied' ? 'earlier reply' : '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fx.feedback.push({ id: f.id, uid, partner: partnerOf(uid), status, category });
    const tp = await db
      .insertInto('player_tipoff')
      .values({
        at: shared,
        uid,
        target_uid: uid + 10,
        partner: partnerOf(uid),
        reason: 'cheating',
        text: `report ${i}`,
        status: i <= 6 ? 'pending' : 'valid',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fx.tipoffs.push({ id: tp.id, uid, partner: partnerOf(uid), targetUid: uid + 10 });
  }
  const banRows = [
    { kind: 'account', value: '7', action: 'ban', partner: 1 },
    { kind: 'device', value: 'shared-dev', action: 'ban', partner: 0 },
    { kind: 'ip', value: '192.168.1.1', action: 'ban', partner: 0 },
    { kind: 'account', value: '4', action: 'suspend', partner: 1 },
    { kind: 'account', value: '4', action: 'unsuspend', partner: 1 },
    { kind: 'ip', value: '192.168.1.1', action: 'unban', partner: 0 },
  ] as const;
  for (const [i, b] of banRows.entries()) {
    const row = await db
      .insertInto('ban_log')
      .values({
        at: i < 3 ? shared : new Date(BASE + i * HOUR),
        ...b,
        reason: `r${i}`,
        until: b.action === 'suspend' ? new Date(BASE + 500 * HOUR) : null,
        operator: i % 2 ? 'secadmin' : 'serviceleader',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fx.bans.push({ id: row.id, kind: b.kind, action: b.action, partner: b.partner });
  }
  await db.updateTable('console_account').set({ share_code: 'SALES1' }).where('username', '=', 'sales').execute();
  await db.updateTable('console_account').set({ share_code: 'GP1' }).where('username', '=', 'groundpromoter').execute();
  return fx;
}
