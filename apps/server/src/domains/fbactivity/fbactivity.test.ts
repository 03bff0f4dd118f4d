/**
 * The Facebook share activity on each database: the settings (admin only, 400 naming the field,
 * versions), a player's share through the signed platform API (links checked and named, closed,
 * outside its dates, once a day, ineligible players), the §4 review as a table (every state ×
 * action: the transition or a 409 naming the state), one credit under 20 concurrent pays, one
 * reward per device, the budgets, who may review and pay (403 before the body is read), the
 * operation log's before and after, and the list with its filters and export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';

const MIN = 60_000;
const DAY = 86_400_000;
const POST = 'https://www.facebook.com/story.php?id=1';
const SHOT = 'https://cdn.example.com/shots/1.png';
const STATES = ['not_reviewed', 'approved', 'success', 'reject'] as const;
const ACTIONS = ['approve', 'reject', 'pay'] as const;
/** §4: what each state allows; everything else is a 409 naming the state. */
const ALLOWED: Record<string, Record<string, string | null>> = {
  not_reviewed: { approve: 'approved', reject: 'reject', pay: null },
  approved: { approve: null, reject: 'reject', pay: 'success' },
  success: { approve: null, reject: null, pay: null },
  reject: { approve: null, reject: null, pay: null },
};
const WORDS: Record<string, string> = {
  not_reviewed: 'not reviewed yet',
  approved: 'already approved',
  success: 'already paid (success)',
  reject: 'already rejected',
};

describe.each(databases())('fbactivity on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  const tokens: Record<string, string> = {};
  const submit = (uid: number, postUrl = POST, screenshotUrl = SHOT) => p.post('/api/platform/activities/fbactivity/submit', { uid, postUrl, screenshotUrl });
  const save = async (patch: Record<string, unknown>, who = 'admin') => {
    const current = await t.get('/api/activities/fbactivity/configs', tokens.admin);
    return t.post('/api/activities/fbactivity/configs/update', { settings: { ...current.body.data.settings, ...patch } }, tokens[who]);
  };
  const act = (action: string, id: number, who: string) =>
    t.post(`/api/activities/fblogs/${action}`, action === 'reject' ? { id, reason: 'Not public' } : { id }, tokens[who]);
  const chips = async (uid: number) =>
    Number((await t.database.db.selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow()).chip);
  /** A share of `uid` brought to `state` through the API (approved by service, paid by business). */
  const shareIn = async (uid: number, state: string): Promise<number> => {
    const res = await submit(uid);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.share.id as number;
    if (state === 'approved' || state === 'success') expect((await act('approve', id, 'service')).status).toBe(200);
    if (state === 'success') expect((await act('pay', id, 'business')).status).toBe(200);
    if (state === 'reject') expect((await act('reject', id, 'service')).status).toBe(200);
    return id;
  };

  beforeAll(async () => {
    t = await testApp(kind, { session: { idleMs: 24 * 60 * MIN, absoluteMs: 24 * 60 * MIN, touchEveryMs: MIN } });
    p = await platformClient(t);
    for (let uid = 9301; uid <= 9340; uid++) {
      // 9331 shares 9330's device
      await p.register(uid, { deviceId: uid === 9331 ? 'dev-9330' : `dev-${uid}` });
    }
    for (const who of ['admin', 'business', 'service', 'secadmin', 'partner', 'sales']) tokens[who] = await t.loginAs(who);
  });
  afterAll(async () => t?.close());

  it('settings: closed by default; admin saves a new version; 400 naming the field; the others may not', async () => {
    const first = await t.get('/api/activities/fbactivity/configs', tokens.admin);
    expect(first.body.data).toMatchObject({
      version: 0,
      settings: { open: false, dailyLimit: 1, hosts: expect.arrayContaining(['m.facebook.com', 'fb.com']) },
    });
    expect((await submit(9301)).body).toMatchObject({ code: 409, message: 'Activity is closed' });

    expect((await save({ amount: 0 })).body).toMatchObject({ code: 400, message: 'settings.amount: Must be more than 0' });
    expect((await save({ startAt: '2026-11-23T00:00:00+08:00', endAt: '2026-11-22T00:00:00+08:00' })).body).toMatchObject({
      code: 400,
      message: 'settings.endAt: Must be after startAt',
    });
    expect((await save({ hosts: ['https://facebook.com'] })).body.message).toMatch(/^settings\.hosts\.0: /);
    expect((await save({ currency: 'gold' })).body.message).toMatch(/^settings\.currency: /);
    // every other role: 403 before the body is read
    for (const who of ['business', 'service', 'secadmin']) {
      expect((await t.post('/api/activities/fbactivity/configs/update', { nonsense: true }, tokens[who])).status, who).toBe(403);
      expect((await t.get('/api/activities/fbactivity/configs', tokens[who])).status, who).toBe(403);
    }

    const saved = await save({ open: true, amount: 500 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const versions = await t.get('/api/activities/fbactivity/configs/versions', tokens.admin);
    expect(versions.body.data.items[0]).toMatchObject({
      id: saved.body.data.version,
      actor: 'admin',
      action: 'update',
      before: null,
      after: expect.objectContaining({ open: true, amount: 500 }),
    });
    expect((await t.get('/api/activities/fbactivity/configs', tokens.admin)).body.data).toMatchObject({
      version: saved.body.data.version,
      settings: { open: true, amount: 500 },
    });
  });

  it('submit: bad links named; the post link on an allowed host; once a day; outside the dates; ineligible players', async () => {
    expect((await submit(9301, 'http://www.facebook.com/x')).body).toMatchObject({ code: 400, message: 'postUrl: Must be an https link' });
    expect((await submit(9301, 'javascript:alert(1)')).body).toMatchObject({ code: 400, message: 'postUrl: Must be an https link' });
    expect((await submit(9301, 'https://user:pw@facebook.com/x')).body).toMatchObject({ code: 400, message: 'postUrl: Must be an https link' });
    expect((await submit(9301, POST, 'ftp://x/y.png')).body).toMatchObject({ code: 400, message: 'screenshotUrl: Must be an https link' });
    expect((await submit(9301, 'https://facebook.com.evil.io/x')).body).toMatchObject({
      code: 400,
      message: expect.stringMatching(/^postUrl: Host facebook\.com\.evil\.io is not an allowed link host/),
    });
    expect((await p.post('/api/platform/activities/fbactivity/submit', { uid: 9301, postUrl: POST })).body.message).toBe('screenshotUrl: Required');
    expect((await submit(999_999)).body).toMatchObject({ code: 404 });

    const first = await submit(9301, 'https://M.Facebook.com/share/p/abc');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.share).toMatchObject({ uid: 9301, state: 'not_reviewed', currency: 'chip', amount: 500, seq: 1, day: '2026-11-22' });
    expect((await submit(9301)).body).toMatchObject({ code: 409, message: 'Already submitted today' });
    const mine = await p.get('/api/platform/activities/fbactivity', 'uid=9301');
    expect(mine.body.data).toMatchObject({
      uid: 9301,
      open: true,
      amount: 500,
      dailyLimit: 1,
      submittedToday: 1,
      items: [{ state: 'not_reviewed', postUrl: 'https://M.Facebook.com/share/p/abc' }],
    });
    expect((await p.get('/api/platform/activities/fbactivity', 'uid=x')).body.message).toMatch(/^uid: /);

    await t.database.db.updateTable('player').set({ status: 'banned' }).where('uid', '=', 9302).execute();
    expect((await submit(9302)).body).toMatchObject({ code: 409, message: 'Player is banned' });
    await t.database.db
      .insertInto('player_control')
      .values({ uid: 9303, scope: 'house', blocked: '[]', cool_until: new Date(t.clock.now + DAY), updated_by: 'test', updated_at: new Date(t.clock.now) })
      .execute();
    expect((await submit(9303)).body).toMatchObject({ code: 409, message: 'Player is self-excluded' });

    expect((await save({ startAt: new Date(t.clock.now + DAY).toISOString(), endAt: null })).status).toBe(200);
    expect((await submit(9304)).body).toMatchObject({ code: 409, message: 'Activity has not started' });
    expect((await save({ startAt: new Date(t.clock.now - 2 * DAY).toISOString(), endAt: new Date(t.clock.now - DAY).toISOString() })).status).toBe(200);
    expect((await submit(9304)).body).toMatchObject({ code: 409, message: 'Activity has ended' });
    expect((await save({ startAt: null, endAt: null })).status).toBe(200);
  });

  it('the review as a table: every state × action is its transition or a 409 naming the state', async () => {
    let uid = 9305;
    for (const from of STATES) {
      for (const action of ACTIONS) {
        const id = await shareIn(uid, from);
        const who = action === 'pay' ? 'business' : 'service';
        const res = await act(action, id, who);
        const to = ALLOWED[from][action];
        if (to) {
          expect(res.status, `${from} × ${action}: ${JSON.stringify(res.body)}`).toBe(200);
          expect(res.body.data.share.state).toBe(to);
        } else {
          expect(res.body, `${from} × ${action}`).toMatchObject({ code: 409, message: `Share ${id} is ${WORDS[from]}` });
          const row = await t.database.db.selectFrom('fb_share').select('state').where('id', '=', id).executeTakeFirstOrThrow();
          expect(row.state).toBe(from);
        }
        uid += 1;
      }
    }
    // the rewards: one per share paid (success × … and approved × pay), through the ledger
    const paid = await t.database.db.selectFrom('fb_share').select(['uid', 'entry_id', 'paid_by']).where('state', '=', 'success').execute();
    expect(paid).toHaveLength(4);
    for (const s of paid) {
      expect(s.paid_by).toBe('business');
      expect(await chips(s.uid)).toBe(500);
      const entries = await t.database.db.selectFrom('ledger_entry').select(['reason', 'idem_key']).where('uid', '=', s.uid).execute();
      expect(entries).toEqual([{ reason: 'activity.fbactivity', idem_key: `activity:fbactivity:2026-11-22:${s.uid}:s1` }]);
    }
    const rejected = await t.get('/api/activities/fblogs', tokens.business, { state: 'reject' });
    expect(rejected.body.data.items.every((r: { reason: string; reviewedBy: string }) => r.reason === 'Not public' && r.reviewedBy === 'service')).toBe(true);
  });

  it('20 concurrent pays of one share credit it once; 20 concurrent approvals approve it once', async () => {
    const id = (await submit(9317)).body.data.share.id as number;
    const approvals = await Promise.all(Array.from({ length: 20 }, () => act('approve', id, 'service')));
    expect(approvals.filter((r) => r.status === 200)).toHaveLength(1);
    expect(approvals.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(Array(19).fill(`Share ${id} is already approved`));
    const pays = await Promise.all(Array.from({ length: 20 }, () => act('pay', id, 'business')));
    expect(pays.filter((r) => r.status === 200)).toHaveLength(1);
    expect(pays.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(Array(19).fill(`Share ${id} is already paid (success)`));
    expect(await chips(9317)).toBe(500);
    expect(await t.database.db.selectFrom('ledger_entry').select('id').where('uid', '=', 9317).execute()).toHaveLength(1);
    expect(await t.database.db.selectFrom('activity_reward').select('id').where('activity', '=', 'fbactivity').where('uid', '=', 9317).execute()).toHaveLength(
      1,
    );
    // each step once in the operation log, with before and after; the refusals as failed
    const log = await t.database.db
      .selectFrom('operation_log')
      .select(['operation', 'result', 'before', 'after', 'username'])
      .where('target', '=', `fbactivity:${id}`)
      .orderBy('id')
      .execute();
    const okOnes = log.filter((l) => l.result === 'ok');
    expect(okOnes).toEqual([
      {
        operation: 'activities.fblogs.approve',
        result: 'ok',
        username: 'service',
        before: expect.objectContaining({ state: 'not_reviewed' }),
        after: expect.objectContaining({ state: 'approved', reviewedBy: 'service' }),
      },
      {
        operation: 'activities.fblogs.pay',
        result: 'ok',
        username: 'business',
        before: expect.objectContaining({ state: 'approved' }),
        after: expect.objectContaining({ state: 'success', paidBy: 'business', entryId: expect.any(Number) }),
      },
    ]);
    expect(log.filter((l) => l.result === 'failed')).toHaveLength(38);
  });

  it('once a day: the next GMT+08:00 day opens again (the limit is a setting)', async () => {
    expect((await submit(9318)).status).toBe(200);
    expect((await submit(9318)).body.message).toBe('Already submitted today');
    t.clock.advance(6 * 60 * MIN); // 2026-11-22T16:00Z = 2026-11-23 00:00 GMT+8
    const next = await submit(9318);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.data.share).toMatchObject({ day: '2026-11-23', seq: 1 });
    expect((await save({ dailyLimit: 2 })).status).toBe(200);
    expect((await submit(9318)).body.data.share).toMatchObject({ seq: 2 });
    expect((await submit(9318)).body).toMatchObject({ code: 409, message: 'Already submitted 2 times today (the limit)' });
    expect((await save({ dailyLimit: 1 })).status).toBe(200);
  });

  it('pay: one reward per device a day, budgets, its approver does not pay, a banned player gets nothing; nothing changes on a refusal', async () => {
    const a = await shareIn(9330, 'approved');
    const b = await shareIn(9331, 'approved');
    expect((await act('pay', a, 'business')).status).toBe(200);
    expect((await act('pay', b, 'business')).body).toMatchObject({ code: 409, message: 'Device already rewarded' });
    expect(await chips(9331)).toBe(0);
    expect((await t.database.db.selectFrom('fb_share').select('state').where('id', '=', b).executeTakeFirstOrThrow()).state).toBe('approved');

    const c = (await submit(9332)).body.data.share.id as number;
    expect((await act('approve', c, 'admin')).status).toBe(200);
    expect((await act('pay', c, 'admin')).body).toMatchObject({
      code: 409,
      message: `Share ${c} is already approved: its approver does not pay it (another account pays)`,
    });

    const d = await shareIn(9333, 'approved');
    await t.database.db.updateTable('player').set({ status: 'banned' }).where('uid', '=', 9333).execute();
    expect((await act('pay', d, 'business')).body).toMatchObject({ code: 409, message: 'Player is banned' });
    expect((await act('reject', d, 'business')).body.data.share).toMatchObject({ state: 'reject', reason: 'Not public' });

    const spentToday = Number(
      (
        await t.database.db
          .selectFrom('activity_budget_day')
          .select('spent')
          .where('activity', '=', 'fbactivity')
          .where('day', '=', '2026-11-23')
          .executeTakeFirstOrThrow()
      ).spent,
    );
    expect((await save({ dailyBudget: spentToday + 499 })).status).toBe(200);
    const e = await shareIn(9334, 'approved');
    expect((await act('pay', e, 'business')).body).toMatchObject({ code: 409, message: 'Daily budget exhausted' });
    expect((await save({ dailyBudget: 0, totalBudget: 1 })).status).toBe(200);
    expect((await act('pay', e, 'business')).body).toMatchObject({ code: 409, message: 'Budget exhausted' });
    expect((await save({ totalBudget: 0 })).status).toBe(200);
    expect((await act('pay', e, 'business')).status).toBe(200);
    expect(await chips(9334)).toBe(500);
  });

  it('roles: service reviews, business reviews and pays, secadmin reads; 403 before the body is read', async () => {
    for (const who of ['secadmin', 'sales', 'partner']) {
      expect((await t.post('/api/activities/fblogs/approve', { nonsense: 1 }, tokens[who])).status, who).toBe(403);
      expect((await t.post('/api/activities/fblogs/reject', {}, tokens[who])).status, who).toBe(403);
    }
    for (const who of ['service', 'secadmin', 'sales']) expect((await t.post('/api/activities/fblogs/pay', 'not json', tokens[who])).status, who).toBe(403);
    expect((await t.get('/api/activities/fblogs', tokens.sales)).status).toBe(403);
    expect((await t.get('/api/activities/fblogs', tokens.secadmin)).status).toBe(200);
    expect((await t.post('/api/activities/fblogs/reject', { id: 1, reason: ' ' }, tokens.service)).body.message).toBe('reason: Required');
    expect((await t.post('/api/activities/fblogs/approve', { id: 99_999 }, tokens.service)).body).toMatchObject({
      code: 404,
      message: 'Share 99999 not found',
    });
  });

  it('the list: filters state, uid and day range, keyset paging, export', async () => {
    const all = await t.get('/api/activities/fblogs', tokens.service, { pageSize: '5' });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data.items).toHaveLength(5);
    expect(all.body.data.nextCursor).toEqual(expect.any(String));
    const next = await t.get('/api/activities/fblogs', tokens.service, { pageSize: '5', cursor: all.body.data.nextCursor });
    expect(next.body.data.items[0].id).toBeLessThan(all.body.data.items[4].id);
    const one = await t.get('/api/activities/fblogs', tokens.service, { uid: '9318' });
    expect(one.body.data.items.map((r: { day: string; seq: number }) => `${r.day}/${r.seq}`)).toEqual(['2026-11-23/2', '2026-11-23/1', '2026-11-22/1']);
    const day = await t.get('/api/activities/fblogs', tokens.service, {
      uid: '9318',
      from: '2026-11-23T00:00:00.000+08:00',
      to: '2026-11-23T23:59:59.999+08:00',
    });
    expect(day.body.data.items).toHaveLength(2);
    expect((await t.get('/api/activities/fblogs', tokens.service, { state: 'paid' })).body.message).toMatch(
      /^state: Must be one of not_reviewed, approved, success, reject/,
    );
    const csv = await t.app.inject({ method: 'GET', url: '/api/activities/fblogs/export?uid=9318', headers: { 'x-token': tokens.business } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(4);
  });
});
