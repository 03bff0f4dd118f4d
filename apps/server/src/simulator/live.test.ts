import { describe, expect, it } from 'vitest';
import { DEMO_APP, seedDemoPlatform } from '../seed/demo';
import { databases } from '../test/databases';
import { testApp } from '../test/harness';
import { runBackfill } from './backfill';
import { FakePlatform } from './fake-platform';
import { runLive } from './live';
import { setProviderApps } from './providers';
import { injectCarrier, SignedClient } from './transport';

describe('simulator live mode', () => {
  it('keeps about the asked rate, adopts the players a backfill made, registers new ones, and is refused nothing', async () => {
    const platform = new FakePlatform();
    await runBackfill({ seed: 9, players: 40, days: 2, end: Date.now() - 60_000, transport: platform });
    const known = platform.balances.size;
    const registeredBefore = platform.applied.filter((e) => e.type === 'player.registered').length;
    const result = await runLive({ transport: platform, seed: 9, rate: 200, seconds: 2 });
    const perSecond = result.actions / (result.ms / 1000);
    expect(perSecond).toBeGreaterThan(100);
    expect(perSecond).toBeLessThan(400);
    expect([...result.stats.rejections]).toEqual([]);
    // the backfill's players were played again, not registered twice
    const logins = platform.applied.filter((e) => e.type === 'player.login').map((e) => (e.data as { uid: number }).uid);
    expect(logins.some((uid) => uid <= 100_040)).toBe(true);
    expect(platform.balances.size).toBeGreaterThan(known);
    expect(platform.applied.filter((e) => e.type === 'player.registered').length - registeredBefore).toBe(platform.balances.size - known);
  });

  it('stops on its signal and settles the sittings still open', async () => {
    const platform = new FakePlatform();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 600);
    const result = await runLive({ transport: platform, seed: 2, rate: 100, signal: controller.signal });
    expect(result.ms).toBeLessThan(3000);
    expect(result.stats.wallet.debit.applied).toBeGreaterThan(0);
    expect(result.seated).toBe(0);
    expect([...result.stats.rejections]).toEqual([]);
  });

  it("opens its players' activities now and then and claims what is reached, through the signed platform API", async () => {
    // the console in process on PGlite, on the real clock (live mode plays now)
    const t = await testApp(databases()[0], { now: () => Date.now() });
    try {
      await seedDemoPlatform(t.database.db);
      setProviderApps(null);
      const client = new SignedClient(injectCarrier(t.app), { appId: DEMO_APP.appId, secret: DEMO_APP.secret });
      const result = await runLive({ transport: client, seed: 4, rate: 40, seconds: 4, uidBase: 700_000 });
      expect(result.activities.reads).toBeGreaterThan(0);
      const paid = Object.values(result.activities.claims).reduce((n, c) => n + c!.applied, 0);
      // new players logged in today (onlinesign), most with a phone bound at registration (telephonelogin)
      expect(result.activities.claims.onlinesign?.applied).toBeGreaterThan(0);
      const rewards = await t.database.db.selectFrom('activity_reward').select(['uid', 'app_id']).execute();
      expect(rewards).toHaveLength(paid);
      expect(rewards.every((r) => r.app_id === DEMO_APP.appId && r.uid > 700_000)).toBe(true);
      // what the claims paid was followed: no wallet call or event refused afterwards
      expect([...result.stats.rejections]).toEqual([]);
    } finally {
      await t.close();
    }
  }, 120_000);

  it("opens its players' apps: configuration and announcements with ETags, inbox reads and claims paid once, codes routed and reported", async () => {
    const t = await testApp(databases()[0], { now: () => Date.now() });
    try {
      const db = t.database.db;
      await seedDemoPlatform(db);
      setProviderApps(null);
      const client = new SignedClient(injectCarrier(t.app), { appId: DEMO_APP.appId, secret: DEMO_APP.secret });
      const lastSms = async () =>
        Number(
          (
            await db
              .selectFrom('sms_log')
              .select((eb) => eb.fn.max('id').as('id'))
              .executeTakeFirst()
          )?.id ?? 0,
        );
      const smsBefore = await lastSms();

      // new players register (most with a phone: their codes are routed by the console) and log in
      const first = await runLive({ transport: client, seed: 5, rate: 40, seconds: 3, uidBase: 710_000 });
      const a = first.app;
      expect(a.opens).toBeGreaterThan(3);
      // one ETag per package: a 200 for each package the first time, then 304s while nothing changed
      expect(a.configs + a.notModified).toBe(a.opens);
      expect(a.notModified).toBeGreaterThan(0);
      expect(a.configs).toBeLessThanOrEqual(2); // com.demo, com.demo.lite
      expect(a.announcements + a.announcementsNotModified).toBe(a.opens);
      expect(a.announcementsNotModified).toBeGreaterThan(0);
      expect(a.inboxes).toBe(a.opens);
      // every code routed, sent through the answered provider, and its result reported
      expect(a.sent).toBeGreaterThan(0);
      expect(a.routed).toBe(a.sent);
      expect(a.unrouted).toBe(0);
      expect(a.delivered + a.failed).toBe(a.sent);
      const codes = await db
        .selectFrom('sms_log')
        .select(['provider', 'purpose', 'result', 'result_at', 'app_id'])
        .where('id', '>', smsBefore as never)
        .execute();
      expect(codes).toHaveLength(a.sent);
      expect(codes.every((c) => c.app_id === DEMO_APP.appId && (c.result === 'delivered' || c.result === 'failed') && c.result_at !== null)).toBe(true);
      expect(codes.filter((c) => c.result === 'failed')).toHaveLength(a.failed);
      expect(codes.some((c) => c.purpose === 'register')).toBe(true);
      // the console's +63 route for the demo: Semaphore first, Movider when it fails
      expect(codes.every((c) => c.provider === 'Semaphore' || c.provider === 'Movider')).toBe(true);
      expect([...first.stats.rejections]).toEqual([]);

      // business sends the live players a message with 1,000 chips through the broadcast screen's call
      const live = (await db.selectFrom('player').select('uid').where('uid', '>', 710_000).orderBy('uid').execute()).map((r) => r.uid);
      expect(live.length).toBeGreaterThan(3);
      const token = await t.loginAs('business');
      const send = await t.post(
        '/api/messages/broadcast/send',
        {
          target: { kind: 'list', uids: live.join(' ') },
          titleEn: 'Sorry for the lag, {name}',
          contentEn: '<p>Take <b>{amount}</b> on us.</p>',
          attachment: { currency: 'chip', amount: 1_000 },
          expiresInDays: 3,
        },
        token,
      );
      expect(send.status).toBe(200);
      const sendId = send.body.data.id as number;
      for (let i = 0; i < 50; i++) {
        const progress = await t.get('/api/messages/broadcast/progress', token, { id: String(sendId) });
        if (progress.body.data?.status === 'done') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await db.selectFrom('player_message').select('id').where('send_id', '=', sendId).execute()).toHaveLength(live.length);

      // the same players come back (adopted): their apps read the message and claim the chips
      const second = await runLive({ transport: client, seed: 5, rate: 40, seconds: 3, uidBase: 710_000 });
      const b = second.app;
      expect(b.reads.applied).toBeGreaterThan(0);
      expect(b.claims.applied).toBeGreaterThan(0);
      expect(b.claims.rejected).toBe(0);
      expect(b.paid.chip).toBe(b.claims.applied * 1_000);
      // a third run: what was claimed is not claimed again
      const third = await runLive({ transport: client, seed: 5, rate: 40, seconds: 2, uidBase: 710_000 });
      expect(third.app.claims.rejected + third.app.claims.duplicate).toBe(0);
      const copies = await db.selectFrom('player_message').select(['id', 'uid', 'read_at', 'claimed_at']).where('send_id', '=', sendId).execute();
      const claimed = copies.filter((c) => c.claimed_at !== null);
      expect(claimed).toHaveLength(b.claims.applied + third.app.claims.applied);
      expect(copies.filter((c) => c.read_at !== null).length).toBeGreaterThanOrEqual(b.reads.applied);
      // each claim credited exactly once, through the ledger, to its player
      const entries = await db
        .selectFrom('ledger_entry')
        .select(['uid', 'ref', 'delta', 'currency'])
        .where('reason', '=', 'message.claim')
        .where(
          'ref',
          'in',
          copies.map((c) => `message:${Number(c.id)}`),
        )
        .execute();
      expect(entries).toHaveLength(claimed.length);
      expect(new Set(entries.map((e) => e.ref)).size).toBe(claimed.length);
      for (const c of claimed) {
        const e = entries.find((x) => x.ref === `message:${Number(c.id)}`)!;
        expect([e.uid, Number(e.delta), e.currency]).toEqual([c.uid, 1_000, 'chip']);
      }
      // the world followed what the claims paid: nothing the players did afterwards was refused
      expect([...second.stats.rejections]).toEqual([]);
      expect([...third.stats.rejections]).toEqual([]);
    } finally {
      await t.close();
    }
  }, 180_000);
});
