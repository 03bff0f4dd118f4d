/** GET /api/admin/userinfo/logs/export: the operation log as CSV, filtered, partner scoped, admin-only screen roles. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { appendOperationLog } from './chain';

describe.each(databases())('operation log export on $kind', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(db);
    for (let i = 0; i < 5; i++) {
      await appendOperationLog(
        t.database.db,
        {
          username: 'exp_user',
          partner: (i % 2) + 1,
          operation: `test.export.${i}`,
          target: `=t${i}`,
          result: 'ok',
          status: 200,
          message: '',
          before: { n: i },
          after: null,
          ip: '10.0.0.1',
        },
        new Date(Date.parse('2026-10-10T00:00:00+08:00') + i * 1000),
      );
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (token: string, query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/admin/userinfo/logs/export', query, headers: { 'x-token': token } });
  const columns = JSON.stringify([
    { key: 'at', title: '时间', format: 'datetime' },
    { key: 'operation', title: 'Operation' },
    { key: 'target', title: 'Target' },
    { key: 'before', title: 'Before', format: 'json' },
  ]);

  it('exports the filtered log newest first, formatted, as adminlogs-<time>.csv', async () => {
    const res = await get(await t.loginAs('admin'), { operation: 'test.export.', columns });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="adminlogs-20261122-180000.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF时间,Operation,Target,Before');
    expect(lines[1]).toBe('2026-10-10 00:00:04,test.export.4,\'=t4,"{\n  ""n"": 4\n}"');
    expect(lines.length).toBe(1 + 5 + 1);
    expect(res.trailers['x-row-count']).toBe('5');
  });

  it("a partner account exports only its partner's records; other roles are refused", async () => {
    const res = await get(await t.loginAs('partner'), { username: 'exp_user', columns });
    expect(res.trailers['x-row-count']).toBe('3'); // i = 0, 2, 4
    expect((await get(await t.loginAs('service'), {})).statusCode).toBe(403);
    expect((await get(await t.loginAs('admin'), { result: 'maybe' })).statusCode).toBe(400);
  });
});
