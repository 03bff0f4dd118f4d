/**
 * Pruning the tables a caller can grow: dead sessions (idle past the limit and the touch lag,
 * or past the absolute age) go with their re-authentications, live ones stay and keep working;
 * throttle rows go once their window and lock are over; batches end when nothing is left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { pruneAuthTables } from './prune';

const MIN = 60_000;

describe.each(databases())('auth pruning on $kind', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind, {}, { background: false });
  });
  afterAll(async () => t?.close());

  it('deletes dead sessions and spent throttle rows, in batches, and nothing live', async () => {
    const db = t.database.db;
    const token = await t.loginAs('admin');
    const now = t.clock.now;
    const account = (await db.selectFrom('console_account').select('id').where('username', '=', 'service').executeTakeFirstOrThrow()).id;
    const at = (ms: number) => new Date(now - ms);
    const { idleMs, absoluteMs, touchEveryMs } = t.config.session;
    const sessions = [
      { token_hash: 'idle-dead-1', created_at: at(idleMs + 5 * MIN), last_seen_at: at(idleMs + touchEveryMs + MIN) },
      { token_hash: 'idle-dead-2', created_at: at(idleMs + 9 * MIN), last_seen_at: at(idleMs + touchEveryMs + 2 * MIN) },
      { token_hash: 'too-old', created_at: at(absoluteMs + MIN), last_seen_at: at(MIN) },
      // idle past the limit but within the touch lag: its last use may be later than its last touch
      { token_hash: 'touch-lag', created_at: at(idleMs + 5 * MIN), last_seen_at: at(idleMs + touchEveryMs / 2) },
      { token_hash: 'live', created_at: at(10 * MIN), last_seen_at: at(MIN) },
    ];
    await db
      .insertInto('account_session')
      .values(sessions.map((s) => ({ ...s, account_id: account })))
      .execute();
    await db
      .insertInto('cashout_reauth')
      .values({ token_hash: 'idle-dead-1', confirmed_at: at(idleMs + 2 * MIN), failures: 0 })
      .execute();
    const { windowMs } = t.config.signin;
    await db
      .insertInto('signin_throttle')
      .values([
        { key: 'user:old', failures: 3, window_start: at(windowMs + MIN), locked_until: null },
        { key: 'ip:old-lock-over', failures: 50, window_start: at(windowMs + MIN), locked_until: at(MIN) },
        { key: 'ip:still-locked', failures: 50, window_start: at(windowMs + MIN), locked_until: new Date(now + MIN) },
        { key: 'user:in-window', failures: 2, window_start: at(MIN), locked_until: null },
      ])
      .execute();

    expect(await pruneAuthTables(db, t.config, now, 2)).toEqual({ sessions: 3, throttles: 2 });
    const left = await db.selectFrom('account_session').select('token_hash').where('account_id', '=', account).orderBy('token_hash').execute();
    expect(left.map((r) => r.token_hash)).toEqual(['live', 'touch-lag']);
    expect(await db.selectFrom('cashout_reauth').select('token_hash').where('token_hash', '=', 'idle-dead-1').execute()).toEqual([]);
    const keys = await db
      .selectFrom('signin_throttle')
      .select('key')
      .where('key', 'in', ['user:old', 'ip:old-lock-over', 'ip:still-locked', 'user:in-window'])
      .orderBy('key')
      .execute();
    expect(keys.map((r) => r.key)).toEqual(['ip:still-locked', 'user:in-window']);
    // the signed-in admin's session was live: it still works
    expect((await t.get('/api/admin/userinfo', token)).status).toBe(200);
    expect(await pruneAuthTables(db, t.config, now, 2)).toEqual({ sessions: 0, throttles: 0 });
  });
});
