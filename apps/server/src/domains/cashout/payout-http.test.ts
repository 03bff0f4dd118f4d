/**
 * Real payouts end to end against a fake provider this test starts on loopback (decision
 * 048, docs/api/payout-provider.md): a signed request paid once; a 500 then a success; an answer
 * lost after the payout was made (the status query finds it); a pending payout settled by a late
 * callback, a callback with a bad signature refused; the status sweep; never paid or refunded
 * twice. And the endpoints screen's operations: roles, bad input, the secret never shown again.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reconcile } from '../ledger/reconcile';
import { addPlayer } from '../players/fixtures';
import { databases } from '../../test/databases';
import { FIELD_MESSAGE, testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { sweepUndetermined } from './endpoints';
import { addChannel, orderRow, requestCashout, reviewerToken, withdrawable } from './fixtures';
import { payoutSignature, signatureHolds } from './providers';

const SECRET = 'provider-shared-secret-0001';

/** A payout provider as the protocol describes it: idempotent by order id, signs nothing, checks the console's signature. */
class FakeProvider {
  server!: Server;
  url = '';
  /** Payouts carried out, by order id. */
  paid = new Map<string, { status: 'success' | 'failure' | 'pending'; reference?: string; reason?: string }>();
  posts: string[] = [];
  badSignatures = 0;
  /** What the next POSTs do: answer, fail with 500, or carry the payout out and drop the connection. */
  script: Array<'ok' | 'error500' | 'drop' | 'pending'> = [];

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const ts = String(req.headers['x-timestamp'] ?? '');
    const send = (status: number, data: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
    };
    if (req.method === 'GET') {
      const orderId = decodeURIComponent(req.url!.split('/').pop()!);
      if (!signatureHolds(SECRET, ts, orderId, String(req.headers['x-signature']))) {
        this.badSignatures += 1;
        return send(401, {});
      }
      const known = this.paid.get(orderId);
      return known ? send(200, known) : send(404, { status: 'unknown' });
    }
    if (!signatureHolds(SECRET, ts, body, String(req.headers['x-signature'])) || req.headers['x-merchant-id'] !== 'M-0001') {
      this.badSignatures += 1;
      return send(401, {});
    }
    const { orderId } = JSON.parse(body) as { orderId: string };
    this.posts.push(orderId);
    const step = this.script.shift() ?? 'ok';
    if (step === 'error500') return send(500, { message: 'try later' });
    // idempotent: a known order answers what it was
    if (!this.paid.has(orderId))
      this.paid.set(orderId, step === 'pending' ? { status: 'pending' } : { status: 'success', reference: `FP-${this.paid.size + 1}` });
    if (step === 'drop') return void req.socket.destroy();
    return send(200, this.paid.get(orderId));
  }
}

describe.each(databases())("payouts through a provider's API on $kind", { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let leader: string;
  let secadmin: string;
  const provider = new FakeProvider();
  beforeAll(async () => provider.start());
  afterAll(async () => new Promise<void>((r) => provider.server.close(() => r())));
  beforeEach(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    provider.paid.clear();
    provider.posts = [];
    provider.script = [];
    await addPlayer(t.database.db, { uid: 1001, balances: { withdrawable: 1_000_000 } });
    await addChannel(t.database.db, { channel: 'gcash', min: 100, max: 500_000, feePercent: 1, maxFailures: 3 });
    leader = await reviewerToken(t, 'serviceleader');
    secadmin = await t.loginAs('secadmin');
    const saved = await t.post(
      '/api/remoteconfig/payoutEndpoints/save',
      { channel: 'gcash', url: provider.url, merchantId: 'M-0001', secret: SECRET, timeoutMs: 2_000, retries: 2 },
      secadmin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterEach(async () => {
    expect((await reconcile(t.database.db)).differences).toEqual([]);
    await t.close();
  });

  const approve = async (orderId: string) => (await t.post('/api/cashout/approve', { orderId }, leader)).body.data.order;
  const order = () => requestCashout(p, { uid: 1001, channel: 'gcash', amount: 10_000, account: '09171234567' });
  const callback = (body: object, secret = SECRET, at = t.clock.now) => {
    const payload = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/api/payout/callback/gcash',
      payload,
      headers: { 'content-type': 'application/json', 'x-timestamp': String(at), 'x-signature': payoutSignature(secret, String(at), payload) },
    });
  };

  it('pays through the provider with a signed request, once', async () => {
    const { orderId } = await order();
    expect(await approve(orderId)).toMatchObject({ status: 'succeed' });
    expect(provider.posts).toEqual([orderId]);
    expect(provider.badSignatures).toBe(0);
    expect(await orderRow(t.database.db, orderId)).toMatchObject({ provider: 'http:gcash', provider_ref: 'FP-1' });
    expect(await withdrawable(t.database.db, 1001)).toBe(1_000_000 - 10_100);
  });

  it('a 500 is followed by a status query and the same request again: paid once', async () => {
    provider.script = ['error500'];
    const { orderId } = await order();
    expect(await approve(orderId)).toMatchObject({ status: 'succeed' });
    expect(provider.posts).toEqual([orderId, orderId]);
    expect(provider.paid.size).toBe(1);
  });

  it('an answer lost after the payout was made: the status query finds it, nothing is sent again', async () => {
    provider.script = ['drop'];
    const { orderId } = await order();
    expect(await approve(orderId)).toMatchObject({ status: 'succeed' });
    expect(provider.posts).toEqual([orderId]);
  });

  it('a pending payout waits undetermined; a badly signed callback is refused; the signed one settles it; a contradicting one is flagged, not refunded', async () => {
    provider.script = ['pending'];
    const { orderId } = await order();
    expect(await approve(orderId)).toMatchObject({ status: 'undetermined' });
    expect((await callback({ orderId, status: 'success', reference: 'FP-LATE' }, 'not-the-secret-at-all')).statusCode).toBe(401);
    expect((await callback({ orderId, status: 'success' }, SECRET, t.clock.now - 600_000)).statusCode).toBe(401);
    expect((await orderRow(t.database.db, orderId)).status).toBe('undetermined');
    const settled = await callback({ orderId, status: 'success', reference: 'FP-LATE' });
    expect(settled.json()).toEqual({ code: 200, data: { orderId, status: 'succeed' } });
    expect((await callback({ orderId, status: 'success', reference: 'FP-LATE' })).json().data.status).toBe('succeed');
    expect((await callback({ orderId, status: 'failure', reason: 'bounced' })).json().data.status).toBe('succeed');
    expect(await orderRow(t.database.db, orderId)).toMatchObject({ status: 'succeed', late_outcome: 'failure' });
    expect(await withdrawable(t.database.db, 1001)).toBe(1_000_000 - 10_100);
    expect((await callback({ orderId: 'nope', status: 'success' })).statusCode).toBe(404);
    expect((await callback({ orderId, status: 'maybe' })).json().message).toMatch(/^status: /);
  });

  it('the status sweep settles an undetermined payout the provider has since failed: the hold returns once', async () => {
    provider.script = ['pending'];
    const { orderId } = await order();
    expect(await approve(orderId)).toMatchObject({ status: 'undetermined' });
    expect(await sweepUndetermined(t.database.db, t.config.now)).toBe(0); // still pending
    provider.paid.set(orderId, { status: 'failure', reason: 'account closed' });
    expect(await sweepUndetermined(t.database.db, t.config.now)).toBe(1);
    expect(await orderRow(t.database.db, orderId)).toMatchObject({ status: 'fail' });
    expect(await withdrawable(t.database.db, 1001)).toBe(1_000_000);
    expect(await sweepUndetermined(t.database.db, t.config.now)).toBe(0);
    expect(await withdrawable(t.database.db, 1001)).toBe(1_000_000);
  });

  it('the endpoints screen: secadmin only, the secret required once and never shown, bad input named, removal only of a closed channel', async () => {
    const list = await t.get('/api/remoteconfig/payoutEndpoints', secadmin);
    expect(list.body.data.items).toEqual([
      expect.objectContaining({
        channel: 'gcash',
        paidBy: 'http',
        url: provider.url,
        merchantId: 'M-0001',
        fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/),
      }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(SECRET);
    for (const role of ['serviceleader', 'maint', 'partner', 'business']) {
      const token = await t.loginAs(role);
      expect((await t.get('/api/remoteconfig/payoutEndpoints', token)).status, role).toBe(403);
      expect((await t.post('/api/remoteconfig/payoutEndpoints/save', { bad: 1 }, token)).status, role).toBe(403);
    }
    await addChannel(t.database.db, { channel: 'maya', min: 100, max: 500_000, status: 'close' });
    const save = (body: object) =>
      t.post('/api/remoteconfig/payoutEndpoints/save', { channel: 'maya', url: 'https://pay.example.ph/v1', merchantId: 'M-2', ...body }, secadmin);
    expect((await save({})).body.message).toBe('secret: Required for a channel without an endpoint');
    expect((await save({ secret: 'short' })).body.message).toMatch(/^secret: At least 16/);
    expect((await save({ secret: SECRET, url: 'http://pay.example.ph' })).body.message).toMatch(/^url: Must be an https:\/\/ URL/);
    expect((await save({ secret: SECRET, retries: 9 })).body.message).toMatch(/^retries: /);
    expect((await save({ channel: 'ghost', secret: SECRET })).status).toBe(404);
    expect((await save({ secret: SECRET })).status).toBe(200);
    expect((await save({ merchantId: 'M-3' })).status).toBe(200); // the secret kept
    expect((await t.post('/api/remoteconfig/payoutEndpoints/remove', { channel: 'gcash' }, secadmin)).status).toBe(409); // open
    expect((await t.post('/api/remoteconfig/payoutEndpoints/remove', { channel: 'maya' }, secadmin)).status).toBe(200);
    const log = JSON.stringify(
      await t.database.db.selectFrom('operation_log').selectAll().where('operation', 'like', 'remoteconfig.payoutEndpoints.%').execute(),
    );
    expect(log).not.toContain(SECRET);
    expect(log).toContain('M-3');
  });

  it('fuzz: the endpoint editor answers 200, 400 naming the field or 404 for an unknown channel, never a 500; a refusal changes nothing', async () => {
    const endpoints = () => t.database.db.selectFrom('payout_endpoint').selectAll().orderBy('channel').execute();
    const before = await endpoints();
    const field = fc.oneof(fc.anything(), fc.string(), fc.integer(), fc.constantFrom('gcash', 'https://pay.example.ph/v1', SECRET));
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        { channel: field, url: field, merchantId: field, secret: field, timeoutMs: field, retries: field, enabled: field, extra: field },
        { requiredKeys: [] },
      ),
    );
    let saved = false;
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('save', 'remove'), async (b, op) => {
        const res = await t.post(`/api/remoteconfig/payoutEndpoints/${op}`, b, secadmin);
        expect(res.status).not.toBeGreaterThanOrEqual(500);
        if (res.status === 200) return void (saved = true); // a valid body by chance
        expect([400, 404, 409]).toContain(res.status);
        if (res.status === 400) expect(res.body.message).toMatch(FIELD_MESSAGE);
      }),
      { numRuns: 80 },
    );
    if (!saved) expect(await endpoints()).toEqual(before);
  });
});
