/**
 * Logins, feedback and texts of one call are applied set-based (migration 014): the outcome
 * must be exactly that of applying the events one by one in the order sent — counts, the
 * latest login by `at` (a tie going to the later event), the trail and devices, the daily
 * active rollup, refusals (unknown, banned, suspended, banned device) writing nothing, a
 * login or feedback whose player the same call registers before or after it, duplicates
 * repeating a refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';

const T = (h: number) => new Date(Date.UTC(2026, 10, 3, h)).toISOString();

describe.each(databases())('platform events applied set-based on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
  });
  afterAll(async () => t?.close());
  const db = () => t.database.db;

  it('one call of logins, feedback and texts: outcomes and rows as one by one', async () => {
    await p.register(2001, { partner: 1 });
    await p.register(2002);
    await p.register(2003);
    await db()
      .updateTable('player')
      .set({ status: 'suspended', suspended_until: new Date(t.clock.now + 3_600_000) })
      .where('uid', '=', 2003)
      .execute();
    await db().insertInto('ban').values({ kind: 'device', value: 'bad-dev', reason: 't', banned_by: 'admin', banned_at: new Date() }).execute();
    const login = (id: string, uid: number, h: number, deviceId = 'd1', ip = '10.0.0.1', durationSeconds?: number) => ({
      id,
      type: 'player.login',
      at: T(h),
      data: { uid, ip, deviceId, ...(durationSeconds === undefined ? {} : { durationSeconds }) },
    });
    const res = await p.events([
      login('l1', 2001, 5, 'd1', '10.0.0.1', 100),
      login('l2', 2001, 9, 'd2', '10.0.0.2', 50),
      login('l3', 2001, 9, 'd3', '10.0.0.3'), // same time as l2, later in the call: it is the last login
      login('l4', 2001, 7, 'd1', '10.0.0.1'), // an older one: trail only
      login('l5', 9999, 5),
      login('l6', 2003, 5),
      login('l7', 2002, 5, 'bad-dev'),
      login('l5', 2002, 5), // a repeated id: the refusal again
      { id: 'f1', type: 'feedback.submitted', at: T(6), data: { uid: 2002, category: 'c', text: 'first' } },
      { id: 'f2', type: 'feedback.submitted', at: T(6), data: { uid: 9998, category: 'c', text: 'nobody' } },
      { id: 's1', type: 'sms.sent', at: T(6), data: { phone: { country: '63', number: '9170000001' }, code: '1', provider: 'x', purpose: 'bind' } },
      login('l8', 2004, 5), // before its registration: 404
      { id: 'r4', type: 'player.registered', at: T(5), data: { uid: 2004, name: 'N', ip: '10.0.0.4', deviceId: 'd4', package: 'p' } },
      login('l9', 2004, 6, 'd4', '10.0.0.4', 30), // after it: applied
      { id: 'f3', type: 'feedback.submitted', at: T(6), data: { uid: 2004, category: 'c', text: 'new player' } },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual([
      { id: 'l1', status: 'applied' },
      { id: 'l2', status: 'applied' },
      { id: 'l3', status: 'applied' },
      { id: 'l4', status: 'applied' },
      { id: 'l5', status: 'rejected', code: 404, message: 'Player 9999 not found' },
      { id: 'l6', status: 'rejected', code: 409, message: `Suspended until ${new Date(t.clock.now + 3_600_000).toISOString()}` },
      { id: 'l7', status: 'rejected', code: 409, message: 'Device bad-dev is banned' },
      { id: 'l5', status: 'duplicate', code: 404, message: 'Player 9999 not found' },
      { id: 'f1', status: 'applied' },
      { id: 'f2', status: 'rejected', code: 404, message: 'Player 9998 not found' },
      { id: 's1', status: 'applied' },
      { id: 'l8', status: 'rejected', code: 404, message: 'Player 2004 not found' },
      { id: 'r4', status: 'applied' },
      { id: 'l9', status: 'applied' },
      { id: 'f3', status: 'applied' },
    ]);
    const player = (uid: number) =>
      db().selectFrom('player').select(['login_count', 'login_ip', 'login_device', 'last_login_at']).where('uid', '=', uid).executeTakeFirstOrThrow();
    expect(await player(2001)).toEqual({ login_count: 4, login_ip: '10.0.0.3', login_device: 'd3', last_login_at: new Date(T(9)) });
    expect(await player(2002)).toMatchObject({ login_count: 0 });
    expect(await player(2003)).toMatchObject({ login_count: 0 });
    expect(await player(2004)).toMatchObject({ login_count: 1, login_device: 'd4' });
    const last = await db().selectFrom('player_last_login').selectAll().where('uid', 'in', [2001, 2002, 2004]).orderBy('uid').execute();
    expect(last).toEqual([
      { uid: 2001, last_login_at: new Date(T(9)) },
      { uid: 2002, last_login_at: null },
      { uid: 2004, last_login_at: new Date(T(6)) },
    ]);
    const trail = await db()
      .selectFrom('player_login')
      .select(['uid', 'partner', 'device_id'])
      .where('uid', 'in', [2001, 2002, 2003, 2004])
      .orderBy('id')
      .execute();
    expect(trail).toEqual([
      { uid: 2001, partner: 1, device_id: 'd1' },
      { uid: 2001, partner: 1, device_id: 'd2' },
      { uid: 2001, partner: 1, device_id: 'd3' },
      { uid: 2001, partner: 1, device_id: 'd1' },
      { uid: 2004, partner: 0, device_id: 'd4' },
    ]);
    const d1 = await db().selectFrom('player_device').selectAll().where('uid', '=', 2001).where('device_id', '=', 'd1').executeTakeFirstOrThrow();
    expect([d1.first_at, d1.last_at]).toEqual([new Date(T(5)), new Date(T(7))]);
    const active = await db().selectFrom('player_active_day').selectAll().where('uid', 'in', [2001, 2004]).orderBy('uid').execute();
    expect(active).toEqual([
      { day: expect.anything(), uid: 2001, partner: 1, logins: 4, seconds: 150, timed: 2 },
      { day: expect.anything(), uid: 2004, partner: 0, logins: 1, seconds: 30, timed: 1 },
    ]);
    expect(await db().selectFrom('player_feedback').select(['uid', 'text']).where('uid', 'in', [2002, 2004, 9998]).orderBy('id').execute()).toEqual([
      { uid: 2002, text: 'first' },
      { uid: 2004, text: 'new player' },
    ]);
    expect(await db().selectFrom('sms_log').select('phone_number').where('phone_number', '=', '9170000001').execute()).toHaveLength(1);
    const stored = await db()
      .selectFrom('platform_event_claim')
      .select(['event_id', 'status', 'code'])
      .where('event_id', 'in', ['l5', 'l6', 'l7', 'f2', 'l1'])
      .orderBy('event_id')
      .execute();
    expect(stored).toEqual([
      { event_id: 'f2', status: 'rejected', code: 404 },
      { event_id: 'l1', status: 'applied', code: null },
      { event_id: 'l5', status: 'rejected', code: 404 },
      { event_id: 'l6', status: 'rejected', code: 409 },
      { event_id: 'l7', status: 'rejected', code: 409 },
    ]);
    // a later call: the same ids are duplicates, and a login adds to the day's row
    const again = await p.events([login('l2', 2001, 9), login('l10', 2001, 10, 'd1', '10.0.0.1', 10)]);
    expect(again.body.data.results).toEqual([
      { id: 'l2', status: 'duplicate' },
      { id: 'l10', status: 'applied' },
    ]);
    expect(await db().selectFrom('player_active_day').select(['logins', 'seconds', 'timed']).where('uid', '=', 2001).execute()).toEqual([
      { logins: 5, seconds: 160, timed: 3 },
    ]);
  });
});
