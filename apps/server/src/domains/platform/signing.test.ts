/**
 * Signing of /api/platform/ calls: every refusal is a 401 with code 401 that comes before
 * validation and changes nothing; a GET is signed over its raw query string; refusals are
 * written to the operation log, but a flood of them only a few records.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_CACHE_MS, platformApplicationsChanged, platformSignature } from '../../http/platform-operation';
import { refusalTallyOf } from '../../http/refusal-tally';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { sealAppSecret } from '../../secrets/columns';

describe.each(databases())('platform signing on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    await p.register(3001, {}, 100);
    await t.database.db
      .insertInto('platform_application')
      .values({ app_id: 'off-app', secret: sealAppSecret('off-app-secret-1234', 'off-app'), name: 'off', enabled: false })
      .execute();
  });
  afterAll(async () => t?.close());

  const state = async () => {
    const { rows } = await sql<Record<string, string>>`SELECT
      (SELECT count(*) FROM ledger_entry) AS entries, (SELECT count(*) FROM wallet_tx) AS txs,
      (SELECT count(*) FROM platform_event) AS events, (SELECT count(*) FROM player) AS players,
      (SELECT chip FROM player_balance WHERE uid = 3001) AS chip`.execute(t.database.db);
    return rows[0];
  };
  const refusals = () => t.database.db.selectFrom('operation_log').selectAll().where('username', '=', 'console:platform').orderBy('id').execute();

  const validDebit = { txId: 'sig-1', uid: 3001, currency: 'chip', amount: 10, reason: 'game.bet' };
  const validEvents = {
    events: [
      { id: 'sig-ev', type: 'player.registered', at: '2026-11-22T10:00:00Z', data: { uid: 3002, name: 'S', ip: '10.0.0.1', deviceId: 'd', package: 'p' } },
    ],
  };
  const now = () => t.clock.now;

  it('every refusal is a 401 before validation: unknown or disabled application, missing or bad signature, stale time', async () => {
    const before = await state();
    const cases: [string, Parameters<PlatformClient['post']>[2], string][] = [
      ['unknown app', { appId: 'no-such-app' }, 'Unknown application'],
      ['disabled app', { appId: 'off-app', secret: 'off-app-secret-1234' }, 'Unknown application'],
      ['no app id', { appId: '' }, 'Unknown application'],
      ['missing signature', { signature: null }, 'Missing X-Signature'],
      ['wrong secret', { secret: 'not-the-secret' }, 'Bad signature'],
      ['garbage signature', { signature: 'zz' }, 'Bad signature'],
      ['uppercase signature', { signature: 'UPPER' }, 'Bad signature'],
      ['missing timestamp', { timestamp: null }, 'Missing or bad X-Timestamp'],
      ['timestamp not a number', { timestamp: '12ab' }, 'Missing or bad X-Timestamp'],
      ['301 s old', { timestamp: String(now() - 301_000) }, 'Stale X-Timestamp'],
      ['301 s ahead', { timestamp: String(now() + 301_000) }, 'Stale X-Timestamp'],
    ];
    for (const body of [validDebit, { amount: 'not even valid' }, '{broken json']) {
      for (const [name, options, message] of cases) {
        const res = await p.post('/api/platform/wallet/debit', body, options);
        expect([name, res.status, res.body]).toEqual([name, 401, { code: 401, message }]);
      }
    }
    for (const [name, options, message] of cases) {
      const res = await p.post('/api/platform/events', validEvents, options);
      expect([name, res.status, res.body]).toEqual([name, 401, { code: 401, message }]);
    }
    // a signature made for other bytes than those sent
    const payload = JSON.stringify(validDebit);
    const signature = platformSignature('demo-platform-secret', String(now()), payload);
    const tampered = JSON.stringify({ ...validDebit, amount: 90 });
    expect((await p.post('/api/platform/wallet/debit', tampered, { signature })).status).toBe(401);
    expect(await state()).toEqual(before);
  });

  it('the clock allows up to 300 s either way', async () => {
    for (const [i, offset] of [-299_000, 299_000, -300_000, 300_000].entries()) {
      const res = await p.post('/api/platform/wallet/credit', { ...validDebit, txId: `clock-${i}` }, { timestamp: String(now() + offset) });
      expect(res.status).toBe(200);
    }
  });

  it('a GET is signed over its raw query string', async () => {
    expect((await p.get('/api/platform/wallet/balance', 'uid=3001')).status).toBe(200);
    const signed = platformSignature('demo-platform-secret', String(now()), 'uid=3001');
    // the signature of one query does not pass for another, nor for the same parameters written otherwise
    expect((await p.get('/api/platform/wallet/balance', 'uid=3002', { signature: signed })).status).toBe(401);
    expect((await p.get('/api/platform/wallet/balance', 'uid=03001', { signature: signed })).status).toBe(401);
    expect((await p.get('/api/platform/wallet/balance', 'uid=3001&', { signature: signed })).status).toBe(401);
    expect((await p.get('/api/platform/wallet/balance', 'uid=3001', { signature: null })).status).toBe(401);
    // signed over the body instead of the query: refused
    expect((await p.get('/api/platform/wallet/balance', 'uid=3001', { signature: platformSignature('demo-platform-secret', String(now()), '') })).status).toBe(
      401,
    );
    // a bad query that is well signed is a 400, a bad query badly signed a 401
    expect((await p.get('/api/platform/wallet/balance', 'uid=x')).status).toBe(400);
    expect((await p.get('/api/platform/wallet/balance', 'uid=x', { secret: 'wrong' })).status).toBe(401);
  });

  it('refused calls are counted, not logged one by one: a flood of 500 is one summary record and one tally row', async () => {
    // an application of its own: the tallies are per claimed application, reason and path
    const flood = await platformClient(t, { appId: 'flood-app', secret: 'flood-app-secret-1234' });
    const tally = refusalTallyOf(t.app);
    await tally.flush();
    const before = (await refusals()).length;
    await Promise.all(
      Array.from({ length: 500 }, (_, i) => flood.post('/api/platform/wallet/debit', { ...validDebit, txId: `flood-${i}` }, { secret: 'wrong' })),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await refusals()).length).toBe(before); // nothing written per call
    expect(await tally.flush()).toBe(500);
    const logged = (await refusals()).slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ username: 'console:platform', result: 'refused', status: 401 });
    expect(logged[0].message).toBe('500 refused calls in the last minute: Bad signature ×500 (flood-app, /api/platform/wallet/debit)');
    const rows = await t.database.db.selectFrom('refusal_tally').selectAll().where('who', '=', 'flood-app').execute();
    expect(rows).toEqual([
      expect.objectContaining({ source: 'platform', reason: 'Bad signature', target: '/api/platform/wallet/debit', count: 500, addresses: 1 }),
    ]);
    // an unknown application is the caller's to name: one tally for every such name
    for (const appId of ['nobody-1', 'nobody-2']) expect((await flood.post('/api/platform/wallet/debit', validDebit, { appId })).status).toBe(401);
    expect(await tally.flush()).toBe(2);
    expect(
      await t.database.db
        .selectFrom('refusal_tally')
        .select(['who', 'count'])
        .where('reason', '=', 'Unknown application')
        .orderBy('id', 'desc')
        .limit(1)
        .execute(),
    ).toEqual([{ who: '?', count: 2 }]);
    expect(await tally.flush()).toBe(0);
  });

  it('an application changed by another server instance signs as before for at most APPLICATION_CACHE_MS; a change here at once', async () => {
    const other = await platformClient(t, { appId: 'cached-app', secret: 'cached-app-secret-1' });
    const debit = (n: number) => other.post('/api/platform/wallet/debit', { ...validDebit, txId: `cached-${n}`, amount: 1 });
    expect((await debit(1)).status).toBe(200);
    // another instance disables it (this process is not told): refused once the kept row is older than the cache's time
    await t.database.db.updateTable('platform_application').set({ enabled: false }).where('app_id', '=', 'cached-app').execute();
    expect((await debit(2)).status).toBe(200);
    t.clock.advance(APPLICATION_CACHE_MS);
    expect((await debit(3)).body).toEqual({ code: 401, message: 'Unknown application' });
    // enabled again and its secret rotated without an overlap, through this process's own writers: seen by the next call
    await t.database.db
      .updateTable('platform_application')
      .set({ enabled: true, secret: sealAppSecret('cached-app-secret-2', 'cached-app') })
      .where('app_id', '=', 'cached-app')
      .execute();
    platformApplicationsChanged();
    expect((await debit(4)).body).toEqual({ code: 401, message: 'Bad signature' });
    const rotated = await platformClient(t, { appId: 'cached-app', secret: 'cached-app-secret-2' });
    expect((await rotated.post('/api/platform/wallet/debit', { ...validDebit, txId: 'cached-5', amount: 1 })).status).toBe(200);
  });
});
