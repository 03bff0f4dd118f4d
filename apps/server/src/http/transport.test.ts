import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../test/databases';
import { testApp, type TestApp } from '../test/harness';

describe('transport rules', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await testApp(databases()[0]);
    admin = await t.loginAs('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const raw = (payload: string, contentType = 'application/json', url = '/api/admin/userinfo/create') =>
    t.app
      .inject({ method: 'POST', url, headers: { 'x-token': admin, 'content-type': contentType }, payload })
      .then((r) => ({ status: r.statusCode, body: r.json() }));

  it('GET /api/health answers {code:200}', async () => {
    expect(await t.get('/api/health')).toEqual({ status: 200, body: { code: 200 } });
  });

  it('413 past 1 MiB, 415 for a body that is not JSON, 400 for broken JSON', async () => {
    expect(await raw(JSON.stringify({ name: 'x'.repeat(1024 * 1024) }))).toEqual({
      status: 413,
      body: { code: 413, message: 'Request body is larger than 1 MiB' },
    });
    expect((await raw('username=a', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await raw('hello', 'text/plain')).body.code).toBe(415);
    expect(await raw('{"username":')).toEqual({ status: 400, body: { code: 400, message: 'body: Invalid JSON' } });
    expect(await raw('')).toEqual({ status: 400, body: { code: 400, message: 'body: Required' } });
  });

  it('refuses __proto__ and constructor keys at any depth with 400', async () => {
    expect(await raw('{"__proto__":{"admin":true},"username":"abcde"}')).toEqual({ status: 400, body: { code: 400, message: '__proto__: Forbidden key' } });
    expect((await raw('{"roles":[{"constructor":{"prototype":{}}}]}')).body).toEqual({ code: 400, message: 'constructor: Forbidden key' });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('strict schemas: no coercion, no unknown keys', async () => {
    const body = { username: 'strict1', password: 'secret-1', name: 'S', roles: ['service'] };
    expect((await t.post('/api/admin/userinfo/create', { ...body, enabled: 'true' }, admin)).body.message).toBe('enabled: Expected boolean');
    expect((await t.post('/api/admin/userinfo/create', { ...body, partner: '0' }, admin)).body.message).toBe('partner: Expected number');
    expect((await t.post('/api/admin/userinfo/create', { ...body, isAdmin: true }, admin)).body.message).toBe('isAdmin: Unknown field');
    expect((await t.post('/api/admin/userinfo/create', [body], admin)).body.message).toBe('body: Expected object');
  });

  it('unknown API paths answer the 404 envelope', async () => {
    expect(await t.get('/api/nope', admin)).toEqual({ status: 404, body: { code: 404, message: 'Not found' } });
  });

  it('publishes OpenAPI 3 with x-roles from the catalogue on each operation', async () => {
    const doc = (await t.get('/api/docs/json')).body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/admin/userinfo/admins'].get['x-roles']).toEqual(['admin', 'partner', 'secadmin']);
    expect(doc.paths['/api/admin/userinfo/logs'].get['x-roles']).toEqual(['admin', 'partner', 'secadmin']);
    expect(doc.paths['/api/admin/userinfo'].get['x-roles']).toBeUndefined();
    expect(doc.paths['/api/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    const list = doc.paths['/api/admin/userinfo/admins'].get.parameters.map((p: any) => p.name);
    expect(list).toEqual(expect.arrayContaining(['page', 'pageSize', 'role', 'enabled', 'sort', 'order']));
    const operations = Object.values(doc.paths).flatMap((p: any) => Object.values(p)) as any[];
    // every staff operation is signed in by token, every platform one by the application's signature
    for (const [path, methods] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const op of Object.values(methods)) {
        const expected = path.startsWith('/api/platform/') ? 'platformSignature' : path === '/api/login' ? undefined : 'token';
        expect(op.security?.[0] && Object.keys(op.security[0])[0], path).toBe(expected);
      }
    }
    expect(doc.components.securitySchemes.platformSignature.name).toBe('X-Signature');
    expect(operations.length).toBeGreaterThan(60);
  });
});
