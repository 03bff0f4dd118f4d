import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';

const NEW = { username: 'newbie1', password: 'secret-1', name: 'New Person', roles: ['service'] };

describe.each(databases())('console accounts on $kind', (db) => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await testApp(db);
    admin = await t.loginAs('admin');
  });
  afterEach(async () => {
    await t.close();
  });

  const admins = (token: string, query: Record<string, string> = {}) => t.get('/api/admin/userinfo/admins', token, query);

  it('lists with filters, paging and sort', async () => {
    const all = await admins(admin);
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(13);
    expect(all.body.data.items[0]).toEqual({
      username: 'admin',
      name: 'Demo Admin',
      avatar: '',
      telephone: '',
      roles: ['admin'],
      partner: 0,
      enabled: true,
      bind2fa: false,
      createdAt: expect.stringMatching(/\+08:00$/),
      updatedAt: expect.stringMatching(/\+08:00$/),
      lastLoginAt: expect.stringMatching(/\+08:00$/),
      shareCode: null,
    });
    expect((await admins(admin, { username: 'PROMO' })).body.data.items.map((a: any) => a.username)).toEqual(['groundpromoter', 'provincepromoter']);
    expect((await admins(admin, { role: 'partner' })).body.data.items.map((a: any) => a.username)).toEqual(['partner']);
    expect((await admins(admin, { partner: '1' })).body.data.total).toBe(1);
    expect((await admins(admin, { enabled: 'false' })).body.data.total).toBe(0);
    expect((await admins(admin, { name: 'demo s' })).body.data.items.map((a: any) => a.username)).toEqual(['sales', 'secadmin', 'service', 'serviceleader']);
    const page = await admins(admin, { page: '2', pageSize: '5', sort: 'username', order: 'descend' });
    expect(page.body.data).toMatchObject({ total: 13 });
    expect(page.body.data.items.map((a: any) => a.username)).toEqual(['partner', 'maint', 'main', 'groundpromoter', 'editor']);
  });

  it('refuses bad list queries with 400 naming the field (no coercion of odd values)', async () => {
    expect((await admins(admin, { pageSize: '501' })).body).toEqual({ code: 400, message: 'pageSize: Must be at most 500' });
    expect((await admins(admin, { page: '1.5' })).body).toEqual({ code: 400, message: 'page: Must be an integer' });
    expect((await admins(admin, { enabled: '1' })).body.message).toBe('enabled: Must be true or false');
    expect((await admins(admin, { role: 'root' })).body.message).toMatch(/^role: /);
    expect((await admins(admin, { hack: 'x' })).body).toEqual({ code: 400, message: 'hack: Unknown field' });
  });

  it('creates an account that can sign in; a duplicate is 409; bad fields are 400', async () => {
    const created = await t.post('/api/admin/userinfo/create', NEW, admin);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      username: 'newbie1',
      name: 'New Person',
      roles: ['service'],
      partner: 0,
      enabled: true,
      bind2fa: false,
      lastLoginAt: null,
    });
    expect((await t.post('/api/login', { username: 'newbie1', password: 'secret-1' })).status).toBe(200);
    expect(await t.post('/api/admin/userinfo/create', NEW, admin)).toEqual({ status: 409, body: { code: 409, message: 'Account newbie1 already exists' } });
    expect((await t.post('/api/admin/userinfo/create', { ...NEW, username: 'abc' }, admin)).body).toEqual({
      code: 400,
      message: 'username: At least 5 characters',
    });
    expect((await t.post('/api/admin/userinfo/create', { ...NEW, username: 'x2345', password: '12345' }, admin)).body.message).toBe(
      'password: Password cannot be less than 6 characters',
    );
    expect((await t.post('/api/admin/userinfo/create', { ...NEW, username: 'x2345', roles: [] }, admin)).body.message).toBe('roles: At least one role');
    expect((await t.post('/api/admin/userinfo/create', { ...NEW, username: 'x2345', partner: '1' }, admin)).body.message).toMatch(/^partner: /);
    expect((await t.post('/api/admin/userinfo/create', { ...NEW, username: 'x2345', partner: 9 }, admin)).body.message).toBe('partner: Unknown partner');
    expect((await t.post('/api/admin/userinfo/create', { ...NEW, username: 'x2345', name: 'n'.repeat(65) }, admin)).body.message).toBe(
      'name: Over 64 characters',
    );
  });

  it('updates name, roles, partner, telephone, avatar, enabled; 404 for an unknown account', async () => {
    const res = await t.post(
      '/api/admin/userinfo/update',
      { username: 'service', name: 'Svc', roles: ['service', 'sales'], partner: 2, telephone: '+86 1', avatar: 'a.png', enabled: false },
      admin,
    );
    expect(res.body.data).toMatchObject({
      username: 'service',
      name: 'Svc',
      roles: ['service', 'sales'],
      partner: 2,
      telephone: '+86 1',
      avatar: 'a.png',
      enabled: false,
    });
    expect(await t.post('/api/admin/userinfo/update', { username: 'ghost1', name: 'x' }, admin)).toEqual({
      status: 404,
      body: { code: 404, message: 'Account ghost1 not found' },
    });
  });

  it('gives a sales account a share code, changes and clears it; a code held by another account is 409', async () => {
    const created = await t.post('/api/admin/userinfo/create', { ...NEW, roles: ['sales'], shareCode: 'SALE42' }, admin);
    expect(created.body.data.shareCode).toBe('SALE42');
    const taken = await t.post('/api/admin/userinfo/create', { ...NEW, username: 'newbie2', roles: ['sales'], shareCode: 'SALE42' }, admin);
    expect(taken).toEqual({ status: 409, body: { code: 409, message: 'Share code SALE42 is already used by another account' } });
    expect((await t.post('/api/admin/userinfo/update', { username: 'newbie1', shareCode: 'x!' }, admin)).body.message).toBe(
      'shareCode: Must be 4 to 16 letters or digits',
    );
    const changed = await t.post('/api/admin/userinfo/update', { username: 'newbie1', shareCode: 'SALE43' }, admin);
    expect(changed.body.data.shareCode).toBe('SALE43');
    const log = await t.get('/api/admin/userinfo/logs', admin, { operation: 'admin.userinfo.update' });
    expect(log.body.data.items[0]).toMatchObject({ target: 'newbie1', before: { shareCode: 'SALE42' }, after: { shareCode: 'SALE43' } });
    expect((await t.post('/api/admin/userinfo/update', { username: 'newbie1', shareCode: '' }, admin)).body.data.shareCode).toBeNull();
  });

  it('removes an account; not the own one; 404 afterwards', async () => {
    expect(await t.post('/api/admin/userinfo/removeone', { username: 'editor' }, admin)).toEqual({ status: 200, body: { code: 200 } });
    expect((await t.post('/api/admin/userinfo/removeone', { username: 'editor' }, admin)).status).toBe(404);
    expect(await t.post('/api/admin/userinfo/removeone', { username: 'admin' }, admin)).toEqual({
      status: 409,
      body: { code: 409, message: 'You cannot remove your own account' },
    });
    expect((await t.post('/api/admin/userinfo/update', { username: 'admin', enabled: false }, admin)).status).toBe(409);
  });

  it('keeps admin on the last enabled admin', async () => {
    await t.post('/api/admin/userinfo/create', { ...NEW, username: 'second', roles: ['admin'] }, admin);
    const second = await t.loginAs('second', 'secret-1');
    expect((await t.post('/api/admin/userinfo/update', { username: 'admin', roles: ['business'] }, second)).status).toBe(200);
    const last = { status: 409, body: { code: 409, message: 'Admin cannot be taken from the last enabled admin' } };
    expect(await t.post('/api/admin/userinfo/update', { username: 'second', roles: ['business'] }, second)).toEqual(last);
    expect(await t.post('/api/admin/userinfo/update', { username: 'second', enabled: false }, second)).toMatchObject({ status: 409 });
    expect((await admins(second, { role: 'admin' })).body.data.items.map((a: any) => a.username)).toEqual(['second']);
  });

  it('only admin grants admin or touches an admin account', async () => {
    const secadmin = await t.loginAs('secadmin');
    expect((await t.post('/api/admin/userinfo/create', { ...NEW, roles: ['admin'] }, secadmin)).status).toBe(403);
    expect((await t.post('/api/admin/userinfo/update', { username: 'admin', name: 'x' }, secadmin)).status).toBe(403);
    expect((await t.post('/api/admin/userinfo/create', { ...NEW, roles: ['business'] }, secadmin)).status).toBe(200);
  });

  it('scopes a partner account to its own partner', async () => {
    await t.post('/api/admin/userinfo/create', { ...NEW, username: 'p2staff', roles: ['sales'], partner: 2 }, admin);
    const partner = await t.loginAs('partner');
    const list = await admins(partner);
    expect(list.body.data.items.map((a: any) => a.username)).toEqual(['partner']);
    expect((await admins(partner, { partner: '2' })).body.data.total).toBe(0);
    expect((await t.post('/api/admin/userinfo/update', { username: 'p2staff', name: 'x' }, partner)).status).toBe(404);
    expect((await t.post('/api/admin/userinfo/removeone', { username: 'service' }, partner)).status).toBe(404);
    const own = await t.post('/api/admin/userinfo/create', { ...NEW, username: 'p1staff', roles: ['sales'] }, partner);
    expect(own.body.data.partner).toBe(1);
    expect((await t.post('/api/admin/userinfo/create', { ...NEW, username: 'p1other', roles: ['sales'], partner: 2 }, partner)).status).toBe(403);
    expect((await t.post('/api/admin/userinfo/create', { ...NEW, username: 'p1boss', roles: ['secadmin'] }, partner)).status).toBe(403);
    expect((await t.post('/api/admin/userinfo/update', { username: 'p1staff', partner: 2 }, partner)).status).toBe(403);
    expect((await t.post('/api/admin/userinfo/removeone', { username: 'p1staff' }, partner)).status).toBe(200);
  });

  it('answers 403 to a role outside the screen whatever it sends (before validation)', async () => {
    const service = await t.loginAs('service');
    const forbidden = { status: 403, body: { code: 403, message: 'Forbidden' } };
    expect(await admins(service, { pageSize: 'huge' })).toEqual(forbidden);
    expect(await t.post('/api/admin/userinfo/create', { nonsense: true }, service)).toEqual(forbidden);
    expect(await t.post('/api/admin/userinfo/update', 'not json at all', service)).toEqual(forbidden);
    expect(await t.get('/api/admin/userinfo/logs', service)).toEqual(forbidden);
    const oversized = await t.app.inject({
      method: 'POST',
      url: '/api/admin/userinfo/removeone',
      headers: { 'x-token': service, 'content-type': 'text/csv' },
      payload: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(oversized.statusCode).toBe(403);
  });

  it('reset2fa: 409 when none is bound or for the own account', async () => {
    expect((await t.post('/api/admin/userinfo/reset2fa', { username: 'service' }, admin)).status).toBe(409);
    expect((await t.post('/api/admin/userinfo/reset2fa', { username: 'admin' }, admin)).status).toBe(409);
    expect((await t.post('/api/admin/userinfo/reset2fa', { username: 'ghost1' }, admin)).status).toBe(404);
  });
});
