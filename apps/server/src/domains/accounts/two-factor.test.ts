/**
 * Two-factor sign-in per role (decision 045): the policies and who may set them; a
 * required role's account can do nothing but bind; a once-bound role's account keeps needing an
 * authenticator after a reset; binding needs the password once the session is 10 minutes old;
 * the check is the database's (a second server instance sees a change at once); bad input is a
 * 400 naming the field that writes nothing.
 */
import { ROLES } from '@console/catalog';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { TWO_FACTOR_REQUIRED } from '../../http/api-error';
import { DEMO_PASSWORD } from '../../seed/demo';
import { totpCode } from '../auth/totp';
import { databases } from '../../test/databases';
import { FIELD_MESSAGE, testApp, type TestApp } from '../../test/harness';

const API = '/api/admin/userinfo';
const REFUSED = { status: 403, body: { code: 403, message: TWO_FACTOR_REQUIRED } };

describe.each(databases())('two-factor policy on $kind', (kind) => {
  let t: TestApp;
  let secadmin: string;
  let admin: string;
  beforeAll(async () => {
    t = await testApp(kind);
    secadmin = await t.loginAs('secadmin');
    admin = await t.loginAs('admin');
  });
  afterAll(async () => t?.close());

  const policies = async (token = secadmin) =>
    (await t.get(`${API}/twofactor`, token)).body.data.items as { role: string; policy: string; accounts: number; bound: number }[];
  const setPolicy = (role: string, policy: string, token = secadmin) => t.post(`${API}/twofactor/set`, { role, policy }, token);
  /** Shows a secret and binds it with its current code (the clock moves on a step first: a code is spent once). */
  async function bind(token: string, password?: string) {
    const { secret } = (await t.get(`${API}/bind2fa`, token)).body.data;
    t.clock.advance(30_000);
    return { secret, answer: await t.post(`${API}/bind2fa`, { code: totpCode(secret, t.clock.now), ...(password === undefined ? {} : { password }) }, token) };
  }

  it('lists every role with its policy: the money roles keep an authenticator once bound, the rest optional', async () => {
    const items = await policies();
    expect(items.map((p) => p.role)).toEqual([...ROLES]);
    expect(Object.fromEntries(items.map((p) => [p.role, p.policy]))).toMatchObject({
      admin: 'once-bound',
      secadmin: 'once-bound',
      business: 'once-bound',
      serviceleader: 'once-bound',
      service: 'optional',
      maint: 'optional',
      partner: 'optional',
    });
    expect(items.find((p) => p.role === 'service')).toMatchObject({ accounts: 1, bound: 0 });
  });

  it('is secadmin and admin only, never a partner account: 403 before the body is read', async () => {
    for (const role of ['service', 'maint', 'partner', 'business']) {
      const token = await t.loginAs(role);
      expect((await t.get(`${API}/twofactor`, token)).status, role).toBe(403);
      expect((await t.post(`${API}/twofactor/set`, { nonsense: true }, token)).status, role).toBe(403);
    }
    expect((await policies(admin)).length).toBe(ROLES.length);
  });

  it('bad input is a 400 naming the field, and changes nothing', async () => {
    const before = await policies();
    expect((await setPolicy('nobody', 'required')).body.message).toMatch(/^role: /);
    expect((await setPolicy('service', 'always')).body.message).toMatch(/^policy: /);
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (body) => {
        const res = await t.post(`${API}/twofactor/set`, body, secadmin);
        if (res.status === 200) return; // a valid body by chance
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(FIELD_MESSAGE);
      }),
      { numRuns: 60 },
    );
    const after = await policies();
    expect(after.filter((p) => ROLES.includes(p.role as never)).map((p) => p.policy)).toEqual(before.map((p) => p.policy));
  });

  it('required: the account can do nothing but bind; once bound it works and signs in with a code', async () => {
    const service = await t.loginAs('service');
    expect((await t.get('/api/homepage', service)).status).toBe(200);
    expect((await setPolicy('service', 'required')).body).toEqual({ code: 200, data: { role: 'service', policy: 'required' } });
    // the signed-in account is held at once: its data calls are refused, its own account, binding and sign-out are not
    expect(await t.get('/api/homepage', service)).toEqual(REFUSED);
    expect((await t.get(API, service)).status).toBe(200);
    expect((await t.get(`${API}/security`, service)).body.data).toEqual({ bind2fa: false, required: true, passwordNeeded: false });
    const { secret, answer } = await bind(service);
    expect(answer).toEqual({ status: 200, body: { code: 200 } });
    expect((await t.get(`${API}/security`, service)).body.data).toMatchObject({ bind2fa: true, required: false });
    expect((await t.get('/api/homepage', service)).status).not.toBe(403);
    // a new sign-in needs the code
    t.clock.advance(30_000);
    expect((await t.post('/api/login', { username: 'service', password: DEMO_PASSWORD })).body.code).toBe(60205);
    expect((await t.post('/api/login', { username: 'service', password: DEMO_PASSWORD, code: totpCode(secret, t.clock.now) })).body.code).toBe(200);
    const log = await t.database.db
      .selectFrom('operation_log')
      .selectAll()
      .where('operation', '=', 'admin.userinfo.twofactor.set')
      .where('result', '=', 'ok')
      .execute();
    expect(log.map((r) => [r.username, r.target, r.before, r.after])).toEqual([['secadmin', 'role:service', { policy: 'optional' }, { policy: 'required' }]]);
    expect(await setPolicy('service', 'optional')).toMatchObject({ status: 200 });
  });

  it('once-bound: after an authenticator reset the account must bind again; an optional role is not held', async () => {
    const business = await t.loginAs('business');
    expect((await bind(business)).answer.status).toBe(200);
    expect((await t.post(`${API}/reset2fa`, { username: 'business' }, admin)).status).toBe(200);
    const again = await t.loginAs('business'); // no authenticator: the password signs in
    expect(await t.get('/api/homepage', again)).toEqual(REFUSED);
    expect((await t.get(`${API}/security`, again)).body.data.required).toBe(true);
    expect((await bind(again)).answer.status).toBe(200);
    expect((await t.get('/api/homepage', again)).status).not.toBe(403);

    const maint = await t.loginAs('maint');
    expect((await bind(maint)).answer.status).toBe(200);
    expect((await t.post(`${API}/reset2fa`, { username: 'maint' }, admin)).status).toBe(200);
    const free = await t.loginAs('maint');
    expect((await t.get(`${API}/security`, free)).body.data.required).toBe(false);
    expect((await t.get('/api/remoteconfig/application/applications', free)).status).toBe(200);
  });

  it('binding needs the password once the session is 10 minutes past its sign-in', async () => {
    const sales = await t.loginAs('sales');
    t.clock.advance(11 * 60_000);
    expect((await t.get(`${API}/security`, sales)).body.data.passwordNeeded).toBe(true);
    const missing = await bind(sales);
    expect(missing.answer.body).toEqual({ code: 400, message: 'password: Enter your password to bind an authenticator' });
    expect((await bind(sales, 'not-the-password')).answer.body).toEqual({ code: 400, message: 'password: The password is incorrect' });
    expect((await t.get(`${API}/security`, sales)).body.data.bind2fa).toBe(false);
    expect((await bind(sales, DEMO_PASSWORD)).answer).toEqual({ status: 200, body: { code: 200 } });
  });

  it("holds on another server instance at once (the check is the database's)", async (context) => {
    if (!t.database.url) return context.skip(); // one embedded database is one process: no other instance
    const other = await buildApp({ db: t.database.db, config: t.config, cacheSessions: { listen: t.database.url }, batchWorker: false });
    await other.ready();
    try {
      const delivery = await t.loginAs('delivery');
      const call = async () => (await other.inject({ method: 'GET', url: `${API}/security`, headers: { 'x-token': delivery } })).json().data.required;
      expect(await call()).toBe(false); // cached by the other instance now
      expect((await setPolicy('delivery', 'required')).status).toBe(200);
      await expect.poll(call, { timeout: 5_000 }).toBe(true);
      expect((await setPolicy('delivery', 'optional')).status).toBe(200);
      await expect.poll(call, { timeout: 5_000 }).toBe(false);
    } finally {
      await other.close();
    }
  });
});
