/**
 * A small known dataset for the report tests (direct inserts; money through the ledger
 * service, game chips through the wallet service, which fills the day rollup; logins with
 * their daily-active rows). The harness clock stands at 2026-11-22 18:00 GMT+08:00; days
 * below are GMT+08:00 days.
 *
 * Players 101–106: 101, 102, 105 of partner 0; 103, 104 of partner 1; 106 of partner 2.
 * Invitations: 101 → 102, 103; 102 → 104; 104 → 105 (so 101 has 2 + 1 invitees).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { post } from '../ledger/ledger';
import { walletMove, walletRollback } from '../platform/wallet';
import { allScopes } from '@console/schemas';
import { DAY_OFFSET } from '../../db/console-day';

export const at = (iso: string) => new Date(iso);
const H = 3_600_000;
const DAY = 24 * H;

export const PLAYERS = [
  { uid: 101, partner: 0, inviter: null, registered: '2026-11-20T09:00:00+08:00', pkg: 'com.a' },
  { uid: 102, partner: 0, inviter: 101, registered: '2026-11-20T23:30:00+08:00', pkg: 'com.a' },
  { uid: 103, partner: 1, inviter: 101, registered: '2026-11-21T00:10:00+08:00', pkg: 'com.b' },
  { uid: 104, partner: 1, inviter: 102, registered: '2026-11-21T12:00:00+08:00', pkg: 'com.b' },
  { uid: 105, partner: 0, inviter: 104, registered: '2026-11-22T08:00:00+08:00', pkg: 'com.a' },
  { uid: 106, partner: 2, inviter: null, registered: '2026-11-22T09:00:00+08:00', pkg: 'com.a' },
] as const;

/** Logins: [uid, time, seconds]. 20 Nov: 101 twice; 21 Nov: 101, 102, 103; 22 Nov: 103, 104 (partner 1), 106. */
export const LOGINS: [number, string, number | null][] = [
  [101, '2026-11-20T10:00:00+08:00', 600],
  [101, '2026-11-20T20:00:00+08:00', 300],
  [101, '2026-11-21T00:30:00+08:00', 100],
  [102, '2026-11-21T08:00:00+08:00', 200],
  [103, '2026-11-21T23:59:00+08:00', null],
  [103, '2026-11-22T07:00:00+08:00', 60],
  [104, '2026-11-22T08:00:00+08:00', 120],
  [106, '2026-11-22T10:00:00+08:00', 900],
];

export async function seedReports(db: Db, now: number = Date.now()): Promise<void> {
  for (const p of PLAYERS) {
    await db
      .insertInto('player')
      .values({
        uid: p.uid,
        name: `P${p.uid}`,
        register_ip: p.uid === 102 ? '10.9.9.9' : `10.0.0.${p.uid}`,
        register_device: `dev-${p.uid}`,
        register_package: p.pkg,
        registered_at: at(p.registered),
        partner: p.partner,
        inviter_uid: p.inviter,
        share_id: p.inviter ? `S${p.inviter}` : null,
        // last logins relative to the wall clock (lostusers counts from it): 101 three days ago, 102 ten, 103 forty, 104 never
        last_login_at: p.uid === 104 ? null : new Date(now - ({ 101: 3, 102: 10, 103: 40, 105: 1, 106: 0.5 } as Record<number, number>)[p.uid] * DAY),
        vip: p.uid % 3,
        net_win: p.uid * 10,
      })
      .execute();
    await db.insertInto('player_balance').values({ uid: p.uid, partner: p.partner }).execute();
  }
  for (const [uid, when, seconds] of LOGINS) {
    const partner = PLAYERS.find((p) => p.uid === uid)!.partner;
    await db
      .insertInto('player_login')
      .values({ uid, partner, at: at(when), ip: `10.0.0.${uid}`, device_id: `dev-${uid}`, duration_seconds: seconds })
      .execute();
  }
  // the daily-active rollup of these logins, as platform_events_apply keeps it (migration 014)
  await sql`INSERT INTO player_active_day (day, uid, partner, logins, seconds, timed)
    SELECT ((at AT TIME ZONE 'UTC') + ${DAY_OFFSET})::date, uid, max(partner), count(*), coalesce(sum(duration_seconds), 0), count(duration_seconds)
    FROM player_login GROUP BY 1, 2`.execute(db);
  // devices and addresses: 101 and 102 share dev-shared; 102 and 103 share 10.9.9.9
  const seen = [
    ['dev-shared', 101],
    ['dev-shared', 102],
    ['dev-101', 101],
    ['dev-103', 103],
  ] as const;
  for (const [device_id, uid] of seen)
    await db
      .insertInto('player_device')
      .values({ device_id, uid, first_at: at('2026-11-20T10:00:00+08:00'), last_at: at('2026-11-21T10:00:00+08:00') })
      .execute();
  for (const [ip, uid] of [
    ['10.9.9.9', 102],
    ['10.9.9.9', 103],
    ['10.0.0.101', 101],
  ] as const) {
    await db
      .insertInto('player_ip')
      .values({ ip, uid, first_at: at('2026-11-20T10:00:00+08:00'), last_at: at('2026-11-21T11:00:00+08:00') })
      .execute();
  }
  // emotes: heart ×3 by 101, 101, 103 (20 chips each); laugh ×1 by 106 (5) — all on 21–22 Nov; one old heart on 1 Nov
  const emotes = [
    [101, 'heart', 20, '2026-11-21T10:00:00+08:00'],
    [101, 'heart', 20, '2026-11-21T11:00:00+08:00'],
    [103, 'heart', 20, '2026-11-22T10:00:00+08:00'],
    [106, 'laugh', 5, '2026-11-22T11:00:00+08:00'],
    [102, 'heart', 20, '2026-11-01T11:00:00+08:00'],
  ] as const;
  for (const [uid, emote_id, chips, when] of emotes) {
    await db
      .insertInto('player_emote')
      .values({ uid, emote_id, chips, at: at(when), partner: PLAYERS.find((p) => p.uid === uid)!.partner })
      .execute();
  }
  for (const [uid, badge_id, name] of [
    [101, 'b-king', 'King of Tongits'],
    [102, 'b-king', 'King of Tongits'],
    [102, 'b-new', 'Newcomer'],
  ] as const) {
    await db
      .insertInto('player_badge')
      .values({ uid, badge_id, name, granted_at: at('2026-11-21T10:00:00+08:00') })
      .execute();
  }
  for (const [country, number, code, when] of [
    ['63', '9171234567', '111111', '2026-11-21T10:00:00+08:00'],
    ['63', '9171234567', '222222', '2026-11-21T10:05:00+08:00'],
    ['1', '9171234567', '333333', '2026-11-21T10:06:00+08:00'],
    ['63', '9998887777', '444444', '2026-11-22T10:00:00+08:00'],
  ] as const) {
    await db
      .insertInto('sms_log')
      .values({ phone_country: country, phone_number: number, code, provider: 'semaphore', purpose: 'bind', at: at(when) })
      .execute();
  }
}

/**
 * Game chips on 21 and 22 Nov through the wallet service (games are what calls the wallet: it
 * fills the day rollup), and money that is not a game through the ledger.
 */
export async function seedGames(db: Db): Promise<void> {
  const app = { appId: 'demo-app', scopes: allScopes() };
  let tx = 0;
  const game = (uid: number, delta: number, reason: string, when: string) =>
    walletMove(db, app, delta < 0 ? 'debit' : 'credit', { txId: `seed-${++tx}`, uid, currency: 'chip', amount: Math.abs(delta), reason }, at(when));
  await post(db, { uid: 101, currency: 'chip', delta: 10_000, reason: 'staff.add', actor: 'staff:admin', at: at('2026-11-21T09:00:00+08:00') }); // staff: not a game
  await post(db, {
    uid: 103,
    currency: 'chip',
    delta: 10_000,
    reason: 'gift.received',
    actor: `app:${app.appId}`,
    at: at('2026-11-21T09:00:00+08:00'),
    key: 'event:demo-app:e1:0',
  }); // an event: not a game
  await game(101, -1_000, 'game.bet', '2026-11-21T10:00:00+08:00');
  await game(101, 1_500, 'game.win', '2026-11-21T10:01:00+08:00');
  await game(101, -2_000, 'game.bet', '2026-11-21T23:59:59+08:00');
  await game(101, 5_000, 'bonus.register', '2026-11-21T23:59:59+08:00'); // a wallet credit that is not play
  await game(101, -400, 'game.bet', '2026-11-22T00:00:01+08:00'); // next day in GMT+08:00
  await game(103, -3_000, 'game.bet', '2026-11-21T12:00:00+08:00');
  await walletRollback(db, app.appId, { txId: 'seed-rollback', originalTxId: `seed-${tx}` }, at('2026-11-21T12:00:05+08:00')); // that bet rolled back
  await game(103, -500, 'game.bet', '2026-11-22T12:00:00+08:00');
  await game(103, 200, 'game.win', '2026-11-22T12:05:00+08:00');
}
