import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reconcile } from '../ledger/reconcile';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { addPlayer, scopedAccount } from './fixtures';

describe.each(databases())('staff chip actions on $kind', (kind) => {
  let t: TestApp;
  let leader: string;
  beforeEach(async () => {
    t = await testApp(kind);
    leader = await t.loginAs('serviceleader');
    await addPlayer(t.database.db, { uid: 1001, balances: { chip: 5000, safe: 300 } });
    await addPlayer(t.database.db, { uid: 2001, partner: 1, balances: { chip: 10 } });
  });
  afterEach(async () => {
    await t.close();
  });

  const balances = async (uid = 1001) => t.database.db.selectFrom('player_balance').select(['chip', 'safe']).where('uid', '=', uid).executeTakeFirstOrThrow();
  const entries = async () => t.database.db.selectFrom('ledger_entry').selectAll().where('reason', 'like', 'staff.%').orderBy('id').execute();
  const issued = async (username = 'serviceleader') =>
    Number((await t.database.db.selectFrom('issue_usage').select('issued').where('username', '=', username).executeTakeFirst())?.issued ?? 0);
  const lastLog = async () => t.database.db.selectFrom('operation_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('adds chips through the ledger, charges the daily limit and logs before and after', async () => {
    const res = await t.post('/api/players/chips/add', { uid: 1001, amount: 1000, reason: 'Compensation for a lost round' }, leader);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ uid: 1001, balances: { chip: 6000, safe: 300 }, entryIds: [expect.any(Number)] });
    expect(await entries()).toEqual([
      expect.objectContaining({
        uid: 1001,
        currency: 'chip',
        delta: 1000,
        balance_after: 6000,
        reason: 'staff.add',
        ref: 'Compensation for a lost round',
        actor: 'staff:serviceleader',
      }),
    ]);
    expect(await issued()).toBe(1000);
    expect(await lastLog()).toMatchObject({
      operation: 'players.chips.add',
      username: 'serviceleader',
      target: 'player:1001',
      result: 'ok',
      status: 200,
      before: { chip: 5000, safe: 300 },
      after: { chip: 6000, safe: 300, added: 1000, reason: 'Compensation for a lost round', ledgerEntries: res.body.data.entryIds },
    });
    expect((await reconcile(t.database.db)).differences).toEqual([]);
  });

  it('refuses other roles with 403 before reading the body', async () => {
    for (const role of ['service', 'partner', 'sales', 'maint']) {
      const token = await t.loginAs(role);
      expect(await t.post('/api/players/chips/add', { nonsense: true }, token), role).toEqual({ status: 403, body: { code: 403, message: 'Forbidden' } });
      expect((await t.post('/api/players/chips/reduce', {}, token)).status).toBe(403);
      expect((await t.post('/api/players/safe/move', 'x', token)).status).toBe(403);
    }
    for (const role of ['admin', 'secadmin', 'business']) {
      expect((await t.post('/api/players/chips/add', { uid: 1001, amount: 1, reason: 'r' }, await t.loginAs(role))).status, role).toBe(200);
    }
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ uid: 1001, amount: 10 }, 'reason: Required'],
      [{ uid: 1001, amount: 10, reason: '' }, 'reason: Required'],
      [{ uid: 1001, amount: 10, reason: '   ' }, 'reason: Required'],
      [{ uid: 1001, amount: 10, reason: 'x'.repeat(201) }, 'reason: Over 200 characters'],
      [{ uid: 1001, amount: '10', reason: 'r' }, 'amount: Expected number'],
      [{ uid: 1001, amount: 1.5, reason: 'r' }, 'amount: Must be an integer'],
      [{ uid: 1001, amount: 0, reason: 'r' }, 'amount: Must be at least 1'],
      [{ uid: 1001, amount: -5, reason: 'r' }, 'amount: Must be at least 1'],
      [{ uid: 1001, amount: 1e12 + 1, reason: 'r' }, 'amount: Must be at most 1000000000000'],
      [{ uid: '1001', amount: 10, reason: 'r' }, 'uid: Expected number'],
      [{ uid: 1001, amount: 10, reason: 'r', extra: 1 }, 'extra: Unknown field'],
      [{ uid: 1001, amount: 10, reason: 'r', requestId: 'short' }, 'requestId: Must be 8 to 64 letters, digits, _ or -'],
    ];
    for (const url of ['/api/players/chips/add', '/api/players/chips/reduce']) {
      for (const [body, message] of cases) expect((await t.post(url, body, leader)).body, `${url} ${message}`).toEqual({ code: 400, message });
    }
    expect((await t.post('/api/players/safe/move', { uid: 1001, amount: 1, reason: 'r', direction: 'sideways' }, leader)).body).toEqual({
      code: 400,
      message: 'direction: Must be toSafe or toChip',
    });
    expect((await t.post('/api/players/chips/add', { uid: 1001, amount: 10, reason: 'x'.repeat(200) }, leader)).status).toBe(200);
    expect(await entries()).toHaveLength(1);
    expect(await issued()).toBe(10);
  });

  it('stops at the daily issue limit with a 409, charging and crediting nothing', async () => {
    expect((await t.post('/api/players/chips/add', { uid: 1001, amount: 999_000, reason: 'r' }, leader)).status).toBe(200);
    const over = await t.post('/api/players/chips/add', { uid: 1001, amount: 2000, reason: 'r' }, leader);
    expect(over).toEqual({ status: 409, body: { code: 409, message: 'Daily issue limit exceeded: 1000 left of 1000000' } });
    expect(await issued()).toBe(999_000);
    expect((await balances()).chip).toBe(1_004_000);
    expect(await lastLog()).toMatchObject({ operation: 'players.chips.add', result: 'failed', status: 409 });
    expect((await t.post('/api/players/chips/add', { uid: 1001, amount: 1000, reason: 'r' }, leader)).status).toBe(200);
  });

  it('reduces chips, 409 Insufficient balance when short; 404 for an unknown player', async () => {
    const res = await t.post('/api/players/chips/reduce', { uid: 1001, amount: 1200, reason: 'Chargeback' }, leader);
    expect(res.body.data.balances.chip).toBe(3800);
    expect(await lastLog()).toMatchObject({
      operation: 'players.chips.reduce',
      before: { chip: 5000 },
      after: { chip: 3800, reduced: 1200, reason: 'Chargeback' },
    });
    expect(await t.post('/api/players/chips/reduce', { uid: 1001, amount: 3801, reason: 'r' }, leader)).toEqual({
      status: 409,
      body: { code: 409, message: 'Insufficient balance' },
    });
    expect(await t.post('/api/players/chips/reduce', { uid: 9999, amount: 1, reason: 'r' }, leader)).toEqual({
      status: 404,
      body: { code: 404, message: 'Player 9999 not found' },
    });
    expect((await entries()).map((e) => e.delta)).toEqual([-1200]);
    expect(await issued()).toBe(0);
  });

  it('moves chips to the safe and back as two entries of one step', async () => {
    const toSafe = await t.post('/api/players/safe/move', { uid: 1001, amount: 200, direction: 'toSafe', reason: 'Asked by the player' }, leader);
    expect(toSafe.body.data.balances).toMatchObject({ chip: 4800, safe: 500 });
    expect((await entries()).map((e) => [e.currency, e.delta, e.reason])).toEqual([
      ['chip', -200, 'staff.toSafe'],
      ['safe', 200, 'staff.toSafe'],
    ]);
    expect(await lastLog()).toMatchObject({
      operation: 'players.safe.move',
      before: { chip: 5000, safe: 300 },
      after: { chip: 4800, safe: 500, moved: 200, direction: 'toSafe' },
    });
    expect((await t.post('/api/players/safe/move', { uid: 1001, amount: 501, direction: 'toChip', reason: 'r' }, leader)).body.message).toBe(
      'Insufficient balance',
    );
    expect((await t.post('/api/players/safe/move', { uid: 1001, amount: 500, direction: 'toChip', reason: 'r' }, leader)).body.data.balances).toMatchObject({
      chip: 5300,
      safe: 0,
    });
    expect((await reconcile(t.database.db)).differences).toEqual([]);
  });

  it('applies one submission once: a retried requestId is a 409 and charges nothing more', async () => {
    const body = { uid: 1001, amount: 50, reason: 'r', requestId: 'form-1234-abcd' };
    expect((await t.post('/api/players/chips/add', body, leader)).status).toBe(200);
    expect(await t.post('/api/players/chips/add', body, leader)).toEqual({ status: 409, body: { code: 409, message: 'Already applied' } });
    expect((await balances()).chip).toBe(5050);
    expect(await issued()).toBe(50);
    const move = { uid: 1001, amount: 5, reason: 'r', direction: 'toSafe', requestId: 'form-5678-abcd' };
    expect((await t.post('/api/players/safe/move', move, leader)).status).toBe(200);
    expect((await t.post('/api/players/safe/move', move, leader)).status).toBe(409);
    expect(await balances()).toEqual({ chip: 5045, safe: 305 });
  });

  it("a partner-scoped account with the role gets 404 for another partner's player", async () => {
    const scoped = await scopedAccount(t, await t.loginAs('admin'), ['serviceleader']);
    expect(await t.post('/api/players/chips/add', { uid: 1001, amount: 1, reason: 'r' }, scoped)).toEqual({
      status: 404,
      body: { code: 404, message: 'Player 1001 not found' },
    });
    expect((await t.post('/api/players/safe/move', { uid: 1001, amount: 1, reason: 'r', direction: 'toSafe' }, scoped)).status).toBe(404);
    expect((await t.post('/api/players/chips/reduce', { uid: 2001, amount: 1, reason: 'r' }, scoped)).body.data.balances.chip).toBe(9);
    expect((await balances()).chip).toBe(5000);
  });
});
