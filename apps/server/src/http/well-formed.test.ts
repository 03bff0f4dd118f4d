/**
 * Half a surrogate pair (or a NUL) ("\ud800" alone) in a staff call is a 400 naming the field: the call's
 * values go into the operation log's jsonb, which cannot hold one (it was a 500, found by the
 * recharge property test in CI).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../test/databases';
import { testApp, type TestApp } from '../test/harness';
import { illFormedPath } from '@console/schemas';

describe('illFormedPath', () => {
  it('names the first string or key holding half a surrogate pair, and passes whole pairs', () => {
    expect(illFormedPath({ a: 'ok', b: ['x', 'y\ud800'] })).toEqual(['b', '1']);
    expect(illFormedPath({ ['k\udc00']: 1 })).toEqual(['k\udc00']);
    expect(illFormedPath('\udfff')).toEqual([]);
    expect(illFormedPath({ a: '😀 fine', b: 1, c: null })).toBeNull();
  });

  it('names the first string or key holding a NUL, which PostgreSQL text and jsonb cannot hold either', () => {
    expect(illFormedPath({ a: ['ok', { b: 'x\u0000y' }] })).toEqual(['a', '1', 'b']);
    expect(illFormedPath({ ['k\u0000']: 'v' })).toEqual(['k\u0000']);
  });
});

describe.each(databases().slice(0, 1))('a staff call with half a surrogate pair ($kind)', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await testApp(database, {}, { background: false });
    admin = await t.loginAs('admin');
  }, 120_000);
  afterAll(async () => t?.close());

  it('is a 400 naming the field, and changes nothing (the log records the refusal only)', async () => {
    const logged = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('operation_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('status', '=', 200)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await logged();
    const res = await t.post('/api/usermanager/payorder/credit', { orderId: 'f'.repeat(32), reason: 'checked \ud800' }, admin);
    expect([res.status, res.body.message]).toEqual([400, 'reason: Contains an invalid character']);
    expect(await logged()).toBe(before);
  });

  it('a NUL anywhere in a body is a 400 naming where, before the handler sees it, even inside a free-form record', async () => {
    const res = await t.post('/api/activities/newvip/vipconfig/update', { settings: { note: 'a\u0000b' } }, admin);
    expect([res.status, res.body.message]).toEqual([400, 'settings.note: Contains an invalid character']);
  });
});
