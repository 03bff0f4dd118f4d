/** GET /api/admin/userinfo/admins/export: console accounts as CSV with the list's filters and sorts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';

describe.each(databases())('account export on $kind', (db) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await testApp(db);
    admin = await t.loginAs('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (token: string, query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/admin/userinfo/admins/export', query, headers: { 'x-token': token } });

  it('exports the filtered accounts with tags and yes/no labels', async () => {
    const columns = JSON.stringify([
      { key: 'username', title: 'Username' },
      { key: 'roles', title: 'Roles', format: 'tags' },
      { key: 'enabled', title: 'Enabled', format: 'bool', labels: { true: 'Yes', false: 'No' } },
    ]);
    const res = await get(admin, { role: 'partner', columns, sort: 'username', order: 'descend' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="editer-\d{8}-\d{6}\.csv"$/);
    expect(res.body).toBe('\uFEFFUsername,Roles,Enabled\r\npartner,partner,Yes\r\n');
    const all = await get(admin, { columns: JSON.stringify([{ key: 'username', title: 'u' }]), sort: 'username', order: 'ascend' });
    const names = all.body.split('\r\n').slice(1, -1);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('admin');
  });

  it("never exports a secret column, and keeps the screen's roles", async () => {
    const res = await get(admin, { columns: JSON.stringify([{ key: 'password_hash', title: 'x' }]) });
    expect(res.statusCode).toBe(400);
    const header = (await get(admin, {})).body.split('\r\n')[0];
    expect(header).not.toMatch(/hash|secret|totp/i);
    expect((await get(await t.loginAs('service'), {})).statusCode).toBe(403);
  });
});
