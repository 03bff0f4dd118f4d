import { describe, expect, it } from 'vitest';
import { MockServer, tokenOf } from './handlers';
import { mockFetch } from './index';
import { sampleItems } from './table';

const get = (path: string, query: Record<string, string> = {}, token?: string) => ({
  method: 'GET',
  path,
  query: new URLSearchParams(query),
  body: undefined,
  token,
});
const post = (path: string, body: unknown, token?: string) => ({ method: 'POST', path, query: new URLSearchParams(), body, token });

describe('development mock (§7, §8)', () => {
  it('signs in a known account with any password and trims the username', () => {
    const m = new MockServer();
    expect(m.handle(post('/login', { username: ' admin ', password: 'whatever' }))).toEqual({ status: 200, body: { code: 200, accessToken: 'admin-token' } });
  });

  it('answers 60204 for an unknown account or an empty password', () => {
    const m = new MockServer();
    for (const body of [{ username: 'nobody', password: 'x' }, { username: 'admin', password: '' }, {}]) {
      const r = m.handle(post('/login', body));
      expect(r.body).toEqual({ code: 60204, message: 'Account and password are incorrect.' });
    }
  });

  it('gives the user info for a token and 50008 for an unknown one', () => {
    const m = new MockServer();
    const info = m.handle(get('/admin/userinfo', { token: tokenOf('partner') }));
    expect(info.body).toMatchObject({ code: 200, userinfo: { username: 'partner', roles: ['partner'], partner: 1, bind2fa: false } });
    expect(m.handle(get('/admin/userinfo', { token: 'forged' })).body).toEqual({ code: 50008, message: 'Login failed, unable to get user details.' });
  });

  it('logout revokes the token', () => {
    const m = new MockServer();
    const token = tokenOf('admin');
    expect(m.handle(post('/admin/logout', { token })).body).toEqual({ code: 200 });
    expect(m.handle(get('/admin/userinfo', { token })).body.code).toBe(50008);
    expect(m.handle(get('/table/list', {}, token)).body.code).toBe(-1);
  });

  it('lists sample table items with code 20000, total and paging', () => {
    const m = new MockServer();
    const token = tokenOf('admin');
    const r = m.handle(get('/table/list', { page: '2', limit: '10' }, token));
    const data = r.body.data as { total: number; items: { id: number }[] };
    expect(r.body.code).toBe(20000);
    expect(data.total).toBe(100);
    expect(data.items.map((i) => i.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const desc = m.handle(get('/table/list', { sort: '-id', limit: '3' }, token)).body.data as { items: { id: number }[] };
    expect(desc.items.map((i) => i.id)).toEqual([100, 99, 98]);
    const drafts = m.handle(get('/table/list', { status: 'draft', limit: '500' }, token)).body.data as { total: number; items: { status: string }[] };
    expect(drafts.items.every((i) => i.status === 'draft')).toBe(true);
    expect(drafts.total).toBe(drafts.items.length);
  });

  it('sample items carry the §3 fields', () => {
    const [item] = sampleItems(1);
    expect(Object.keys(item).sort()).toEqual(['author', 'display_time', 'id', 'pageviews', 'status', 'title']);
    expect(['published', 'draft', 'deleted']).toContain(item.status);
    expect(item.display_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(sampleItems(5)).toEqual(sampleItems(5));
  });

  it('after binding an authenticator, sign-in asks for the one-time code (60205, then 60206 for a bad one)', () => {
    const m = new MockServer();
    const token = tokenOf('business');
    expect(m.handle(get('/admin/userinfo/bind2fa', {}, token)).body).toMatchObject({ code: 200, data: { secret: expect.any(String) } });
    expect(m.handle(post('/admin/userinfo/bind2fa', { code: '12' }, token)).body.code).toBe(400);
    expect(m.handle(post('/admin/userinfo/bind2fa', { code: '123456' }, token)).body.code).toBe(200);
    expect(m.handle(get('/admin/userinfo/bind2fa', {}, token)).body.code).toBe(409);
    expect(m.handle(post('/login', { username: 'business', password: 'x' })).body).toEqual({ code: 60205, message: 'One-time code required' });
    expect(m.handle(post('/login', { username: 'business', password: 'x', code: 'abc' })).body.code).toBe(60206);
    expect(m.handle(post('/login', { username: 'business', password: 'x', code: '654321' })).body.code).toBe(200);
    expect(m.handle(get('/admin/userinfo', { token })).body).toMatchObject({ userinfo: { bind2fa: true } });
  });

  it('expireAll makes every issued token answer -1', () => {
    const m = new MockServer();
    m.expireAll();
    expect(m.handle(get('/table/list', {}, tokenOf('admin'))).body.code).toBe(-1);
    expect(m.handle(post('/login', { username: 'admin', password: 'x' })).body.code).toBe(200);
    expect(m.handle(get('/table/list', {}, tokenOf('admin'))).body.code).toBe(20000);
  });

  it('refuses other calls without a valid token with code -1', () => {
    const m = new MockServer();
    expect(m.handle(get('/table/list')).body.code).toBe(-1);
    expect(m.handle(get('/nowhere', {}, tokenOf('admin'))).body.code).toBe(404);
  });

  it('is reachable through the request transport', async () => {
    const f = mockFetch(new MockServer(), '/api');
    const res = await f('/api/login', { method: 'POST', body: JSON.stringify({ username: 'admin', password: 'x' }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 200, accessToken: 'admin-token' });
  });
});
