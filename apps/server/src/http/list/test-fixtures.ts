/**
 * Test data for the list machinery: 30 players (partners 0, 1, 2 in turn; chip balances with
 * many ties; some never logged in) and their ledger entries through the ledger service,
 * several sharing the same instant so that keyset paging must break ties by id.
 */
import type { Db } from '../../db/open';
import { post } from '../../domains/ledger/ledger';

export const PLAYERS = 30;
export const BASE = Date.parse('2026-10-01T00:00:00+08:00');
export const HOUR = 3_600_000;

export interface SeededPlayer {
  uid: number;
  partner: number;
  chip: number;
  name: string;
  registeredAt: number;
  lastLoginAt: number | null;
}
export interface SeededEntry {
  uid: number;
  partner: number;
  currency: string;
  delta: number;
  reason: string;
  at: number;
}

export async function seedPlayers(db: Db): Promise<{ players: SeededPlayer[]; entries: SeededEntry[] }> {
  const players: SeededPlayer[] = [];
  const entries: SeededEntry[] = [];
  for (let uid = 1; uid <= PLAYERS; uid++) {
    const partner = uid % 3;
    const name = uid % 2 ? `Alpha_${uid}` : `beta%${uid}`;
    const registeredAt = BASE + uid * HOUR;
    const lastLoginAt = uid % 5 === 0 ? null : BASE + (40 - uid) * HOUR;
    await db
      .insertInto('player')
      .values({
        uid,
        name,
        register_ip: `10.0.0.${uid}`,
        register_device: `dev${uid}`,
        registered_at: new Date(registeredAt),
        partner,
        last_login_at: lastLoginAt === null ? null : new Date(lastLoginAt),
        phone_country: '63',
        phone_number: `917000${String(uid).padStart(4, '0')}`,
        status: uid % 7 === 0 ? 'banned' : 'active',
        vip: uid % 4,
      })
      .execute();
    await db.insertInto('player_balance').values({ uid, partner }).execute();
    const chip = (uid % 4) * 100;
    // two credits at one shared instant per player (ties on `at` across players too)
    const at = BASE + 48 * HOUR + (uid % 3) * 1000;
    if (chip > 0) {
      await post(db, { uid, currency: 'chip', delta: chip + 50, reason: 'test.add', actor: 'system:test', at: new Date(at) });
      await post(db, { uid, currency: 'chip', delta: -50, reason: 'test.take', actor: 'system:test', at: new Date(at) });
      entries.push(
        { uid, partner, currency: 'chip', delta: chip + 50, reason: 'test.add', at },
        { uid, partner, currency: 'chip', delta: -50, reason: 'test.take', at },
      );
    }
    await post(db, { uid, currency: 'bean', delta: uid, reason: 'test.bean', actor: 'system:test', at: new Date(at) });
    entries.push({ uid, partner, currency: 'bean', delta: uid, reason: 'test.bean', at });
    players.push({ uid, partner, chip, name, registeredAt, lastLoginAt });
  }
  return { players, entries };
}
