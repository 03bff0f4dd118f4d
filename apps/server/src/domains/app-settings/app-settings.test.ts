/**
 * App settings on both databases: roles from the catalogue; a provider's create, overwrite,
 * history and restore with the operation log; validation (CIDR, packages); the routing call
 * over real results reported as events (sms.sent, sms.result); the SMS log masked, filtered and
 * keyset paged; the remote configuration with its ETag and the access verdict.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSignature } from '../../http/platform-operation';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { seedPaymentConfig } from '../payment-config/demo';
import { seedAppSettings } from './demo';

const L = '/api/remoteconfig/sms/localconfig';

describe.each(databases())('app settings on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let sec: string;
  const signedGet = async (path: string, query: string, headers: Record<string, string> = {}) => {
    const timestamp = String(t.clock.now);
    const res = await t.app.inject({
      method: 'GET',
      url: `${path}?${query}`,
      headers: { 'x-app-id': 'demo-app', 'x-timestamp': timestamp, 'x-signature': platformSignature('demo-platform-secret', timestamp, query), ...headers },
    });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : {}, etag: res.headers.etag };
  };
  let seq = 0;
  const code = async (provider: string, result: 'delivered' | 'failed' | null, number = '9170000001', country = '63') => {
    seq += 1;
    const c = String(100000 + seq);
    const events = [{ id: `t-${seq}-s`, type: 'sms.sent', data: { phone: { country, number }, code: c, provider, purpose: 'login' } }];
    if (result) events.push({ id: `t-${seq}-r`, type: 'sms.result', data: { phone: { country, number }, code: c, provider, result } as never });
    const res = await p.events(events);
    expect(res.body.data.results.map((r: { status: string }) => r.status)).toEqual(events.map(() => 'applied'));
    return c;
  };

  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    await seedPaymentConfig(t.database.db, new Date(t.clock.now));
    await seedAppSettings(t.database.db, new Date(t.clock.now), { sms: false });
    sec = await t.loginAs('secadmin');
  });
  afterAll(async () => t?.close());

  it('checks roles from the catalogue before the input', async () => {
    for (const role of ['service', 'maint', 'serviceleader']) {
      const token = await t.loginAs(role);
      expect((await t.post(`${L}/create`, { nonsense: true }, token)).status).toBe(403);
      expect((await t.get('/api/remoteconfig/sms/smslogs', token)).status).toBe(403);
    }
    // gamestore takes the module's roles: maint may, service may not
    expect((await t.get('/api/remoteconfig/gamestore', await t.loginAs('maint'))).status).toBe(200);
    expect((await t.get('/api/remoteconfig/gamestore', await t.loginAs('service'))).status).toBe(403);
  });

  it('creates, overwrites, removes and restores a provider, each a version and an operation-log record', async () => {
    const doc = { id: 'Globe', name: 'Globe Labs', function: 'all', rank: 4, countryCode: '63', enabled: true };
    expect((await t.post(`${L}/create`, doc, sec)).status).toBe(200);
    expect((await t.post(`${L}/create`, doc, sec)).status).toBe(409);
    expect((await t.post(`${L}/update`, { ...doc, rank: 0 }, sec)).body.message).toBe('rank: Must be at least 1');
    expect((await t.post(`${L}/update`, { ...doc, rank: 5 }, sec)).status).toBe(200);
    expect((await t.post(`${L}/delete`, { id: 'Globe', countryCode: '63' }, sec)).status).toBe(200);
    const list = await t.get(L, sec, { name: 'globe' });
    expect(list.body.data.items).toEqual([]);
    const versions = (await t.get(`${L}/versions`, sec, { key: '63:Globe' })).body.data.items as {
      id: number;
      action: string;
      after: { rank: number } | null;
    }[];
    expect(versions.map((v) => v.action)).toEqual(['delete', 'update', 'create']);
    const restored = await t.post(`${L}/versions/restore`, { id: versions[1].id }, sec);
    expect(restored.body.data.doc).toMatchObject({ id: 'Globe', rank: 5 });
    const again = (await t.get(L, sec, { name: 'globe' })).body.data.items;
    expect(again).toEqual([expect.objectContaining({ key: '63:Globe', id: 'Globe', rank: 5 })]);
    const log = await t.database.db.selectFrom('operation_log').select(['operation', 'target']).where('target', '=', 'localconfig:63:Globe').execute();
    expect(log.map((r) => r.operation).sort()).toEqual([
      'remoteconfig.sms.localconfig.create',
      'remoteconfig.sms.localconfig.delete',
      'remoteconfig.sms.localconfig.update',
      'remoteconfig.sms.localconfig.versions.restore',
    ]);
  });

  it('validates blocks (CIDR canonical, host bits), allow entries and store packages', async () => {
    const B = '/api/remoteconfig/shielddomesticconfigs';
    expect((await t.post(`${B}/create`, { kind: 'ip', value: '10.1.2.3/8', reason: 'x', enabled: true }, sec)).body.message).toBe(
      'value: Host bits are set: the range is 10.0.0.0/8',
    );
    expect((await t.post(`${B}/create`, { kind: 'ip', value: '300.1.1.1', reason: 'x', enabled: true }, sec)).status).toBe(400);
    expect((await t.post(`${B}/create`, { kind: 'ip', value: '2001:DB8:0:0::/64', reason: 'Lab', enabled: true }, sec)).body.data.doc.value).toBe(
      '2001:db8::/64',
    );
    expect((await t.post(`${B}/create`, { kind: 'region', value: 'ph-00', reason: 'Test', enabled: false }, sec)).body.data.doc.value).toBe('PH-00');
    expect((await t.post(`${B}/create`, { kind: 'region', value: 'Philippines', reason: 'x', enabled: true }, sec)).status).toBe(400);
    expect((await t.post(`${B}/create`, { kind: 'ip', value: '198.51.100.0/24', reason: '', enabled: true }, sec)).body.message).toBe('reason: Required');
    const W = '/api/remoteconfig/whiteconfigs';
    expect((await t.post(`${W}/create`, { kind: 'uid', value: '0', note: '', enabled: true }, sec)).status).toBe(400);
    expect((await t.post(`${W}/create`, { kind: 'ip', value: '198.51.100.7', note: 'one host', enabled: true }, sec)).body.data.doc.value).toBe(
      '198.51.100.7/32',
    );
    const G = '/api/remoteconfig/gamestore';
    const pack = { id: 'test', name: 'T', message: '', gold: 0, diamond: 0, price: 100, packages: ['com.demo'], sortOrder: 1, enabled: true };
    expect((await t.post(`${G}/create`, pack, sec)).body.message).toBe('gold: A pack gives gold or diamonds');
    expect(await t.post(`${G}/create`, { ...pack, gold: 10, packages: ['com.none'] }, sec)).toMatchObject({
      status: 409,
      body: { message: 'Package com.none does not exist' },
    });
    expect((await t.get(G, sec, { package: 'com.demo.lite' })).body.data.items.map((i: { id: string }) => i.id)).toEqual(['starter', 'daily', 'weekly']);
  });

  it('routes by country code and rank, and skips a provider failing over the limit', async () => {
    const route = (query: string) => signedGet('/api/platform/sms/route', query);
    expect((await route('country=63&number=9171234567&purpose=login')).body.data).toMatchObject({
      provider: 'Semaphore',
      scope: 'local',
      fallback: false,
      skipped: [],
    });
    expect((await route('country=65&number=81234567&purpose=login')).body.data).toMatchObject({ provider: 'Movider', scope: 'global' });
    expect((await route('country=%2B1&number=2025550100&purpose=bind')).body.data).toMatchObject({ provider: 'Twilio', countryCode: '*' });
    expect((await route('country=63&number=917&purpose=login')).body.message).toBe('number: Must be 4 to 15 digits');
    expect((await route('country=63&number=9171234567&purpose=spam')).status).toBe(400);
    // demo rules: over 30% of at least 5 results in 120 minutes → skipped
    for (let i = 0; i < 3; i++) await code('Semaphore', 'failed');
    await code('Semaphore', 'delivered');
    expect((await route('country=63&number=9171234567&purpose=login')).body.data.provider).toBe('Semaphore'); // 4 results: not judged
    await code('Semaphore', 'delivered');
    await code('Semaphore', null); // no result yet: not counted
    const skipped = (await route('country=63&number=9171234567&purpose=login')).body.data;
    expect(skipped).toMatchObject({ provider: 'Movider', skipped: [{ provider: 'Semaphore', failureRate: 0.6, results: 5 }] });
    t.clock.advance(121 * 60_000); // the window passes
    sec = await t.loginAs('secadmin'); // (the session idled out meanwhile)
    expect((await route('country=63&number=9171234567&purpose=login')).body.data.provider).toBe('Semaphore');
  });

  it('takes delivery results once, for a code that was sent', async () => {
    const c = await code('Twilio', null, '9179990000');
    const phone = { country: '63', number: '9179990000' };
    expect(await p.event('sms.result', { phone, code: '000000', provider: 'Twilio', result: 'delivered' })).toMatchObject({
      status: 'rejected',
      code: 404,
      message: 'No code 000000 sent to +63 9179990000 by Twilio',
    });
    const first = await p.event('sms.result', { phone, code: c, provider: 'Twilio', result: 'failed', reason: 'Handset unreachable' }, { id: 'res-1' });
    expect(first.status).toBe('applied');
    expect((await p.event('sms.result', { phone, code: c, provider: 'Twilio', result: 'failed' }, { id: 'res-1' })).status).toBe('duplicate');
    expect(await p.event('sms.result', { phone, code: c, provider: 'Twilio', result: 'delivered' })).toMatchObject({ status: 'rejected', code: 409 });
    expect(await p.event('sms.result', { phone, code: c, provider: 'Twilio', result: 'lost' })).toMatchObject({ status: 'rejected', code: 400 });
    const log = (await t.get('/api/remoteconfig/sms/smslogs', sec, { country: '63', phone: '9179990000' })).body.data;
    expect(log.items).toEqual([expect.objectContaining({ code: `••••${c.slice(-2)}`, provider: 'Twilio', result: 'failed', reason: 'Handset unreachable' })]);
    expect(JSON.stringify(log)).not.toContain(c);
  });

  it('filters the log by result and pages it by keyset; the export is masked too', async () => {
    const failed = (await t.get('/api/remoteconfig/sms/smslogs', sec, { result: 'failed', provider: 'Semaphore' })).body.data.items;
    expect(failed).toHaveLength(3);
    const pending = (await t.get('/api/remoteconfig/sms/smslogs', sec, { result: 'pending' })).body.data.items as { result: string }[];
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((i) => i.result === 'pending')).toBe(true);
    const first = (await t.get('/api/remoteconfig/sms/smslogs', sec, { pageSize: '2' })).body.data;
    const second = (await t.get('/api/remoteconfig/sms/smslogs', sec, { pageSize: '2', cursor: first.nextCursor })).body.data;
    expect(second.items[0].id).toBeLessThan(first.items[1].id);
    expect((await t.get('/api/remoteconfig/sms/smslogs', sec, { phone: '9179990000' })).body.message).toBe('country: Required with the phone number');
    const csv = await t.app.inject({ method: 'GET', url: '/api/remoteconfig/sms/smslogs/export', headers: { 'x-token': sec } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('••••');
    expect(csv.body).not.toMatch(/,1000\d\d,/);
  });

  it('serves the remote configuration in one call, with an ETag and a 304 while unchanged', async () => {
    const first = await signedGet('/api/platform/appsettings', 'package=com.demo.lite');
    expect(first.status).toBe(200);
    const data = first.body.data;
    expect(data.store.packs.map((x: { id: string }) => x.id)).toEqual(['starter', 'daily', 'weekly']);
    expect(data.awards.length).toBeGreaterThan(0);
    expect(data.blocks.regions).toContainEqual({ region: 'CN', reason: 'Online card games are not licensed in mainland China' });
    expect(data.recharge.channels.map((c: { channel: string }) => c.channel)).toEqual(['gcash']);
    expect(data.cashout.channels.length).toBeGreaterThan(0);
    expect(data.access).toBeNull();
    expect(first.etag).toBe(`"${data.version}"`);
    const again = await signedGet('/api/platform/appsettings', 'package=com.demo.lite', { 'if-none-match': first.etag! });
    expect(again.status).toBe(304);
    await t.post(
      '/api/remoteconfig/awardconfigs/create',
      { id: 'new', name: 'New', use: 'any', chip: 1, bean: 0, diamond: 0, bonus: 0, note: '', enabled: true },
      sec,
    );
    const changed = await signedGet('/api/platform/appsettings', 'package=com.demo.lite', { 'if-none-match': first.etag! });
    expect(changed.status).toBe(200);
    expect(changed.body.data.version).not.toBe(data.version);
    expect((await signedGet('/api/platform/appsettings', 'package=com.none')).status).toBe(404);
  });

  it('says whether the app may run: blocked by region or range unless the allow list exempts it', async () => {
    const access = async (q: string) => (await signedGet('/api/platform/appsettings', `package=com.demo&${q}`)).body.data.access;
    expect(await access('region=cn-gd')).toEqual({
      allowed: false,
      blockedBy: 'region:CN',
      reason: 'Online card games are not licensed in mainland China',
      exemptBy: null,
    });
    expect(await access('region=PH&ip=203.0.113.77')).toMatchObject({ allowed: false, blockedBy: 'ip:203.0.113.0/24' });
    expect(await access('region=CN&uid=100001')).toMatchObject({ allowed: true, blockedBy: 'region:CN', exemptBy: 'uid:100001' });
    expect(await access('region=CN&ip=203.177.52.14')).toMatchObject({ allowed: true, exemptBy: 'ip:203.177.52.0/24' });
    expect(await access('ip=2001:db8:dead:1::5')).toMatchObject({ allowed: false, blockedBy: 'ip:2001:db8:dead::/48' });
    expect(await access('region=PH&ip=112.198.1.1&deviceId=d1')).toEqual({ allowed: true, blockedBy: null, reason: null, exemptBy: null });
    expect((await signedGet('/api/platform/appsettings', 'package=com.demo&ip=10.0.0.0/8')).status).toBe(400);
  });

  it('saves smsconfig with its history', async () => {
    const S = '/api/remoteconfig/sms/smsconfig';
    expect((await t.get(S, sec)).body.data).toMatchObject({ domesticCountry: '63', minResults: 5 });
    expect(
      (await t.post(`${S}/save`, { domesticCountry: '63', failureLimitPercent: 0, windowMinutes: 60, minResults: 5, fallback: true }, sec)).body.message,
    ).toBe('failureLimitPercent: Must be at least 1');
    expect((await t.post(`${S}/save`, { domesticCountry: '63', failureLimitPercent: 50, windowMinutes: 60, minResults: 5, fallback: false }, sec)).status).toBe(
      200,
    );
    const versions = (await t.get(`${S}/versions`, sec)).body.data.items;
    expect(versions.map((v: { action: string }) => v.action)).toEqual(['update', 'seed']);
  });
});
