/**
 * /agentx on both databases: admin only (403 before the body for every other role); create
 * answers the API key once (stored only as the application's signing secret, its SHA-256) and
 * the agent signs the contract's wallet calls with it; the list counts its calls, refused calls
 * (error rate), bets, wins, GGR and players by day; an IP allow list refuses other addresses
 * (401, counted); rotation with an overlap; suspension refuses every call; bad input is a 400
 * naming the field with nothing changed; every change is in the operation log without the key.
 */
import { ROLES } from '@console/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { signingSecret } from './agents';
import { agentxCountsWritten } from './traffic';
import { openAppSecret } from '../../secrets/columns';

const A = '/api/agentx/list';
const terms = {
  name: 'Lucky Asia',
  partner: 1,
  walletMode: 'seamless',
  callbackUrl: 'https://lucky.example/wallet',
  currency: 'PHP',
  revenueShare: 35.5,
  ipAllowList: [],
};

describe.each(databases())('agentx on $kind', (database) => {
  let t: TestApp;
  let admin: string;
  let demo: PlatformClient;

  beforeAll(async () => {
    t = await testApp(database);
    admin = await t.loginAs('admin');
    demo = await platformClient(t);
    for (const uid of [7101, 7102, 7103]) await demo.register(uid, { partner: 1 }, 100_000);
  }, 180_000);
  afterAll(async () => t?.close());

  it('is admin only: 403 before the body is read', async () => {
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const token = await t.loginAs(role);
      expect((await t.get(A, token)).status, role).toBe(403);
      expect((await t.post(`${A}/create`, { nonsense: 1 }, token)).status, role).toBe(403);
    }
  });

  it('creates an agent whose key signs wallet calls; the list shows its traffic by day', async () => {
    const created = await t.post(`${A}/create`, { appId: 'lucky-asia', ...terms }, admin);
    expect(created.status).toBe(200);
    const { id, apiKey } = created.body.data;
    expect(apiKey).toMatch(/^ax_[\w-]{40}$/);
    // the key itself is nowhere in the database: the application keeps its SHA-256, sealed
    const app = await t.database.db.selectFrom('platform_application').selectAll().where('app_id', '=', 'lucky-asia').executeTakeFirstOrThrow();
    expect(openAppSecret(app.secret, 'lucky-asia')).toBe(signingSecret(apiKey));
    expect(app.secret).not.toContain(signingSecret(apiKey));
    const log = await t.database.db.selectFrom('operation_log').selectAll().where('operation', '=', 'agentx.create').where('result', '=', 'ok').execute();
    expect(log).toHaveLength(1);
    expect(JSON.stringify(log)).not.toContain(apiKey);
    expect(JSON.stringify(log)).not.toContain(signingSecret(apiKey));

    const agent = await platformClient(t, { appId: 'lucky-asia', secret: signingSecret(apiKey), version: 2 });
    const move = (kind: 'debit' | 'credit', txId: string, uid: number, amount: number, reason = kind === 'debit' ? 'game.bet' : 'game.win') =>
      agent.post(`/api/platform/wallet/${kind}`, { txId, uid, currency: 'chip', amount, reason, ref: `r-${txId}` });
    expect((await move('debit', 'b1', 7101, 1_000)).status).toBe(200);
    expect((await move('debit', 'b2', 7102, 3_000)).status).toBe(200);
    // the win of round r-b1 (an agent's credit must match its own debit of that player in that round)
    expect(
      (await agent.post('/api/platform/wallet/credit', { txId: 'w1', uid: 7101, currency: 'chip', amount: 2_500, reason: 'game.win', ref: 'r-b1' })).status,
    ).toBe(200);
    expect((await move('debit', 'b1', 7101, 1_000)).status).toBe(200); // a resend: counted as a call, not as a bet
    expect((await move('debit', 'b3', 7103, 900_000)).status).toBe(409); // insufficient balance: refused
    expect((await move('debit', 'b4', 7103, 500)).status).toBe(200);
    expect((await agent.post('/api/platform/wallet/rollback', { txId: 'rb4', originalTxId: 'b4' })).status).toBe(200);
    expect((await move('debit', 'b5', 7103, 1_000, 'shop.buy')).status).toBe(200); // not play: a call, no bet
    expect((await move('debit', 'bad', 7101, 1_000, 'game.bet')).status).toBe(200);
    expect((await agent.post('/api/platform/wallet/debit', { txId: 'x', uid: 7101 })).status).toBe(400);
    // the demo application's play is not the agent's
    expect((await demo.post('/api/platform/wallet/debit', { txId: 'd1', uid: 7101, currency: 'chip', amount: 100, reason: 'game.bet' })).status).toBe(200);
    await agentxCountsWritten();

    const list = await t.get(A, admin);
    expect(list.status).toBe(200);
    const row = list.body.data.items.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      appId: 'lucky-asia',
      name: 'Lucky Asia',
      status: 'active',
      walletMode: 'seamless',
      currency: 'PHP',
      revenueShare: 35.5,
      partner: 1,
      calls: 10,
      refused: 2,
      errorRate: 20,
      rounds: 3,
      players: 3,
      bets: 5_000,
      wins: 2_500,
      ggr: 2_500,
      share: 887,
    });
    expect(row.keyFingerprint).toMatch(/^[0-9a-f]{8}$/);
    const days = await t.get(`${A}/days`, admin, { id: String(id), from: '2026-11-20T00:00:00.000+08:00', to: '2026-11-22T23:59:59.999+08:00' });
    expect(days.body.data.items.map((d: { day: string; bets: number }) => [d.day, d.bets])).toEqual([
      ['2026-11-22', 5_000],
      ['2026-11-21', 0],
      ['2026-11-20', 0],
    ]);
    expect((await t.get(`${A}/days`, admin, { id: '999' })).status).toBe(404);
  });

  it('refuses calls from outside the allow list (401, counted), rotates the key with an overlap, and suspends', async () => {
    const created = await t.post(`${A}/create`, { appId: 'fenced', ...terms, name: 'Fenced', ipAllowList: ['10.1.0.0/16', '2001:db8::1'] }, admin);
    const { id, apiKey } = created.body.data;
    const agent = await platformClient(t, { appId: 'fenced', secret: signingSecret(apiKey), version: 2 });
    const body = (txId: string) => ({ txId, uid: 7101, currency: 'chip', amount: 10, reason: 'game.bet' });
    const refused = await agent.post('/api/platform/wallet/debit', body('f1'));
    expect(refused).toMatchObject({ status: 401, body: { message: 'Address 127.0.0.1 is not on the allow list of fenced' } });
    const fromInside = await t.app.inject({ method: 'GET', url: '/api/platform/wallet/balance?uid=7101', remoteAddress: '10.1.2.3', headers: {} });
    expect(fromInside.statusCode).toBe(401); // unsigned: still refused, but past the list
    expect(JSON.parse(fromInside.body).message).not.toContain('allow list');

    const update = await t.post(`${A}/update`, { id, ...terms, name: 'Fenced', ipAllowList: ['127.0.0.1'], reason: 'office moved' }, admin);
    expect(update.status).toBe(200);
    expect((await agent.post('/api/platform/wallet/debit', body('f2'))).status).toBe(200);

    const rotated = await t.post(`${A}/rotate`, { id, overlapHours: 1 }, admin);
    expect(rotated.body.data.apiKey).not.toBe(apiKey);
    const next = await platformClient(t, { appId: 'fenced', secret: signingSecret(rotated.body.data.apiKey), version: 2 });
    expect((await agent.post('/api/platform/wallet/debit', body('f3'))).status).toBe(200); // the old key in the overlap
    expect((await next.post('/api/platform/wallet/debit', body('f4'))).status).toBe(200);
    t.clock.advance(3_600_001);
    expect((await agent.post('/api/platform/wallet/debit', body('f5'))).status).toBe(401);
    admin = await t.loginAs('admin');

    expect((await t.post(`${A}/status`, { id, status: 'suspended', reason: 'unpaid invoices' }, admin)).status).toBe(200);
    expect((await next.post('/api/platform/wallet/debit', body('f6'))).status).toBe(401);
    expect((await t.post(`${A}/status`, { id, status: 'suspended', reason: 'again' }, admin)).status).toBe(409);
    expect((await t.post(`${A}/status`, { id, status: 'active', reason: 'paid' }, admin)).status).toBe(200);
    expect((await next.post('/api/platform/wallet/debit', body('f7'))).status).toBe(200);
    await agentxCountsWritten();
    const row = (await t.get(A, admin, { name: 'fenced' })).body.data.items[0];
    expect(row).toMatchObject({ calls: 7, refused: 3, bets: 40 });
    const ops = await t.database.db
      .selectFrom('operation_log')
      .select(['operation', 'before', 'after'])
      .where('target', '=', `agentx:${id}`)
      .where('result', '=', 'ok')
      .orderBy('id')
      .execute();
    expect(ops.map((o) => o.operation)).toEqual(['agentx.create', 'agentx.update', 'agentx.rotate', 'agentx.status', 'agentx.status']);
    expect(JSON.stringify(ops)).not.toContain(rotated.body.data.apiKey);
  });

  it('answers bad input with a 400 naming the field and changes nothing', async () => {
    const count = async () =>
      (
        await t.database.db
          .selectFrom('agentx_agent')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ appId: 'ok-app', ...terms, ipAllowList: ['10.0.0.300'] }, 'ipAllowList.0'],
      [{ appId: 'ok-app', ...terms, ipAllowList: ['10.0.0.0/33'] }, 'ipAllowList.0'],
      [{ appId: 'ok-app', ...terms, callbackUrl: 'ftp://x.example/' }, 'callbackUrl'],
      [{ appId: 'ok-app', ...terms, callbackUrl: 'javascript:alert(1)' }, 'callbackUrl'],
      [{ appId: 'ok-app', ...terms, revenueShare: 100.5 }, 'revenueShare'],
      [{ appId: 'ok-app', ...terms, revenueShare: 10.125 }, 'revenueShare'],
      [{ appId: 'ok-app', ...terms, walletMode: 'credit' }, 'walletMode'],
      [{ appId: 'ok-app', ...terms, currency: 'XXX' }, 'currency'],
      [{ appId: 'OK APP', ...terms }, 'appId'],
      [{ appId: 'ok-app', ...terms, name: '' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post(`${A}/create`, body, admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toContain(field);
    }
    expect((await t.post(`${A}/create`, { appId: 'demo-app', ...terms }, admin)).status).toBe(409);
    expect(await count()).toBe(before);
    expect((await t.get(A, admin, { status: 'gone' })).body.message).toContain('status');
  });
});
