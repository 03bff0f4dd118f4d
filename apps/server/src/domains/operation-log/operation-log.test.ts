import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_ROLE, type Db } from '../../db/open';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { refusalTallyOf } from '../../http/refusal-tally';
import { verifyOperationLog } from './verify';

describe.each(databases())('operation log on $kind', (db) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await testApp(db);
    admin = await t.loginAs('admin');
    await t.post('/api/admin/userinfo/update', { username: 'service', name: 'Changed', password: 'new-secret-1' }, admin);
    await t.post('/api/admin/userinfo/update', { username: 'ghost1', name: 'x' }, admin);
    const service = await t.loginAs('service', 'new-secret-1');
    await t.get('/api/admin/userinfo/logs', service);
    await t.get('/api/admin/userinfo', 'garbage-token', { token: 'garbage-token' });
    const partner = await t.loginAs('partner');
    await t.post('/api/admin/userinfo/update', { username: 'partner', telephone: '555' }, partner);
  });
  afterAll(async () => {
    await t.close();
  });

  const logs = (query: Record<string, string> = {}, token = admin) => t.get('/api/admin/userinfo/logs', token, query);

  it('records a change with who, target, before, after, result, status, time and address; no secrets', async () => {
    const res = await logs({ operation: 'admin.userinfo.update', result: 'ok' });
    const record = res.body.data.items.find((r: any) => r.target === 'service');
    expect(record).toMatchObject({
      username: 'admin',
      partner: 0,
      operation: 'admin.userinfo.update',
      target: 'service',
      result: 'ok',
      status: 200,
      message: '',
      before: { name: 'Demo Service' },
      after: { name: 'Changed', passwordReset: true },
      ip: '127.0.0.1',
      at: expect.stringMatching(/^2026-11-22T18:00:00\.\d{3}\+08:00$/),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const everything = JSON.stringify((await logs({ pageSize: '500' })).body);
    expect(everything).not.toContain('new-secret-1');
    expect(everything).not.toContain('argon2');
  });

  it('records refused calls (403) and failed changes (404); a call without a session is tallied, summarised once a minute', async () => {
    let refused = (await logs({ result: 'refused' })).body.data.items.map((r: any) => [r.operation, r.status, r.username]);
    expect(refused).toContainEqual(['admin.userinfo.logs', 403, 'service']);
    expect(refused.filter((r: unknown[]) => r[1] === 401)).toEqual([]);
    await refusalTallyOf(t.app).flush();
    refused = (await logs({ result: 'refused' })).body.data.items.map((r: any) => [r.operation, r.status, r.username, r.message]);
    expect(refused).toContainEqual([
      'staff.refused',
      401,
      'console:staff',
      '1 refused call in the last minute: Your login has expired, please log in again ×1 (no session, auth.userinfo)',
    ]);
    const failed = (await logs({ result: 'failed' })).body.data.items;
    expect(failed).toEqual([expect.objectContaining({ operation: 'admin.userinfo.update', target: 'ghost1', status: 404 })]);
  });

  it('filters by account, operation prefix and time, newest first, with a cursor', async () => {
    const byService = (await logs({ username: 'service' })).body.data.items;
    expect(byService.length).toBeGreaterThan(0);
    expect(byService.every((r: any) => r.username === 'service')).toBe(true);
    const auth = (await logs({ operation: 'auth.' })).body.data.items;
    expect(auth.every((r: any) => r.operation.startsWith('auth.'))).toBe(true);
    expect((await logs({ from: '2026-11-23T00:00:00+08:00' })).body.data.items).toEqual([]);
    expect((await logs({ to: '2026-11-22T17:59:59+08:00' })).body.data.items).toEqual([]);
    expect((await logs({ from: 'yesterday' })).body.message).toMatch(/^from: /);

    const all = (await logs({ pageSize: '500' })).body.data;
    expect(all.total).toBe(all.items.length);
    const ids = all.items.map((r: any) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const walked: number[] = [];
    let cursor: string | null = null;
    do {
      const page: any = (await logs({ pageSize: '3', cursor: cursor ?? '' })).body.data;
      walked.push(...page.items.map((r: any) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(ids);
    expect((await logs({ cursor: 'bogus' })).body).toEqual({ code: 400, message: 'cursor: Invalid cursor' });
  });

  it('shows a partner account only its own partner’s records', async () => {
    const partner = await t.loginAs('partner');
    const items = (await logs({ pageSize: '500' }, partner)).body.data.items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((r: any) => r.partner === 1)).toBe(true);
  });

  const currentUser = async (d: Db) => (await sql<{ u: string }>`SELECT current_user AS u`.execute(d)).rows[0].u;

  it('is append-only for the server: its role may not UPDATE, DELETE, TRUNCATE or ALTER the log', async () => {
    const d = t.database.db; // the server's own handle
    expect(await currentUser(d)).toBe(RUNTIME_ROLE);
    await expect(d.updateTable('operation_log').set({ message: 'x' }).where('id', '=', 1).execute()).rejects.toThrow(/permission denied/);
    await expect(d.deleteFrom('operation_log').where('id', '=', 1).execute()).rejects.toThrow(/permission denied/);
    await expect(sql`TRUNCATE operation_log`.execute(d)).rejects.toThrow(/permission denied/);
    await expect(sql`ALTER TABLE operation_log DISABLE TRIGGER operation_log_no_update_delete`.execute(d)).rejects.toThrow(/must be owner/);
    await expect(sql`ALTER TABLE operation_log DISABLE TRIGGER ALL`.execute(d)).rejects.toThrow(/must be owner/);
    await expect(sql`DROP TRIGGER operation_log_no_update_delete ON operation_log`.execute(d)).rejects.toThrow(/must be owner/);
    await expect(
      sql`CREATE OR REPLACE FUNCTION operation_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END'`.execute(d),
    ).rejects.toThrow(/must be owner|permission denied/);
    await expect(sql`DROP TABLE operation_log`.execute(d)).rejects.toThrow(/must be owner/);
    await expect(sql`DELETE FROM operation_log_head`.execute(d)).rejects.toThrow(/permission denied/);
    // while appending (which moves the chain head) still works
    const before = await verifyOperationLog(d);
    await t.loginAs('admin');
    expect(await verifyOperationLog(d)).toEqual({ ok: true, count: before.count + 1 });
  });

  it('refuses UPDATE, DELETE and TRUNCATE by the owner too, while the triggers are on', async () => {
    const owner = t.database.owner;
    expect(await currentUser(owner)).not.toBe(RUNTIME_ROLE);
    await expect(owner.updateTable('operation_log').set({ message: 'x' }).where('id', '=', 1).execute()).rejects.toThrow(/append-only/);
    await expect(owner.deleteFrom('operation_log').where('id', '=', 1).execute()).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE operation_log`.execute(owner)).rejects.toThrow(/append-only/);
  });

  it('verifies the chain and finds the first altered record', async () => {
    const d = t.database.db;
    const intact = await verifyOperationLog(d);
    expect(intact).toEqual({ ok: true, count: expect.any(Number) });
    expect(intact.count).toBeGreaterThan(5);
    // only the owner can switch the trigger off: tamper as an attacker with its rights would
    await t.database.owner.transaction().execute(async (trx) => {
      await sql`ALTER TABLE operation_log DISABLE TRIGGER operation_log_no_update_delete`.execute(trx);
      await trx
        .updateTable('operation_log')
        .set({ after: JSON.stringify({ name: 'Forged' }) })
        .where('id', '=', 3)
        .execute();
      await sql`ALTER TABLE operation_log ENABLE TRIGGER operation_log_no_update_delete`.execute(trx);
    });
    expect(await verifyOperationLog(d)).toMatchObject({ ok: false, id: 3, count: 2 });
  });
});
