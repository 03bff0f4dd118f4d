/**
 * Test players: rows written directly (player, player_balance, devices, addresses, logins),
 * balances through the ledger (so that reconciliation holds). For tests only.
 */
import type { Db } from '../../db/open';
import type { Currency } from '../../db/schema';
import { post } from '../ledger/ledger';

export interface TestPlayer {
  uid: number;
  partner?: number;
  name?: string;
  device?: string;
  ip?: string;
  inviterUid?: number;
  balances?: Partial<Record<Currency, number>>;
  at?: Date;
}

export const FIXTURE_AT = new Date('2026-11-20T10:00:00Z');

export async function addPlayer(db: Db, p: TestPlayer): Promise<void> {
  const at = p.at ?? FIXTURE_AT;
  const device = p.device ?? `dev-${p.uid}`;
  const ip = p.ip ?? `10.0.${Math.floor(p.uid / 250) % 250}.${p.uid % 250}`;
  const partner = p.partner ?? 0;
  await db
    .insertInto('player')
    .values({
      uid: p.uid,
      name: p.name ?? `player${p.uid}`,
      register_ip: ip,
      register_device: device,
      registered_at: at,
      login_ip: ip,
      login_device: device,
      last_login_at: at,
      login_count: 1,
      partner,
      inviter_uid: p.inviterUid ?? null,
      share_id: p.inviterUid ? `S${p.inviterUid}` : null,
      phone_country: '63',
      phone_number: `917${String(p.uid).padStart(7, '0')}`,
    })
    .execute();
  await db.insertInto('player_balance').values({ uid: p.uid, partner }).execute();
  await db.insertInto('player_device').values({ device_id: device, uid: p.uid, first_at: at, last_at: at }).execute();
  await db.insertInto('player_ip').values({ ip, uid: p.uid, first_at: at, last_at: at }).execute();
  await db.insertInto('player_login').values({ uid: p.uid, partner, at, ip, device_id: device, duration_seconds: 60 }).execute();
  for (const [currency, amount] of Object.entries(p.balances ?? {})) {
    if (amount) await post(db, { uid: p.uid, currency: currency as Currency, delta: amount, reason: 'test.seed', actor: 'system:test', at });
  }
}

/**
 * A console account holding `partner` and the given roles, of partner 1: partner scoped, yet
 * allowed the screens of those roles (the account used to prove 404 outside its partner).
 */
export async function scopedAccount(
  t: {
    post(url: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, any> }>;
    loginAs(username: string, password?: string): Promise<string>;
  },
  admin: string,
  roles: string[],
): Promise<string> {
  const username = `scoped_${roles.join('_')}`.slice(0, 32);
  const created = await t.post(
    '/api/admin/userinfo/create',
    { username, password: 'scoped-secret', name: 'Scoped', roles: ['partner', ...roles], partner: 1 },
    admin,
  );
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  return t.loginAs(username, 'scoped-secret');
}
