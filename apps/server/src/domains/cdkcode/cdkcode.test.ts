/**
 * Redemption codes on each database, through the staff API and the signed platform API:
 * batches created (400 naming the field, roles checked before the input), codes of the
 * alphabet unique across batches, input normalised, a one-use code redeemed once by 50
 * concurrent players, a universal code once per account up to its maximum, the validity and
 * status, one reward per device, phone and GCash account, ineligible players refused, the
 * ledger paid once (a repeat answers the first), lists and exports, the operation log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { CODE_ALPHABET, formatCode, generateCode, normaliseCode } from './codes';

const MIN = 60_000;
const DAY = 86_400_000;

describe('codes', () => {
  it('12 characters of the alphabet without 0/O/1/I; normalisation drops dashes and spaces and upper-cases', () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(CODE_ALPHABET).not.toMatch(/[01OI]/);
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const c = generateCode();
      expect(c).toMatch(/^[2-9A-HJ-NP-Z]{12}$/);
      seen.add(c);
    }
    expect(seen.size).toBe(2_000);
    expect(normaliseCode(' abcd-efgh 2345 ')).toBe('ABCDEFGH2345');
    expect(normaliseCode('ABCD–EFGH–2345')).toBe('ABCDEFGH2345');
    expect(normaliseCode('ABCD-EFGH-234')).toBeNull();
    expect(normaliseCode('ABCD-EFGH-2340')).toBeNull();
    expect(normaliseCode('ABCD-EFGH-234O')).toBeNull();
    expect(formatCode('ABCDEFGH2345')).toBe('ABCD-EFGH-2345');
  });
});

describe.each(databases())('cdkcode on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  const tokens: Record<string, string> = {};
  const redeem = (uid: number, code: string) => p.post('/api/platform/activities/cdkcode/redeem', { uid, code });
  const balance = async (uid: number, currency = 'chip') =>
    Number(
      (
        await t.database.db
          .selectFrom('player_balance')
          .select(currency as 'chip')
          .where('uid', '=', uid)
          .executeTakeFirstOrThrow()
      )[currency as 'chip'],
    );
  const window = () => ({ startAt: new Date(t.clock.now - MIN).toISOString(), endAt: new Date(t.clock.now + 7 * DAY).toISOString() });
  const create = async (body: Record<string, unknown>, who = 'admin') =>
    t.post(
      '/api/activities/cdkcode/batches/create',
      { name: 'Test batch', kind: 'unique', quantity: 3, currency: 'chip', amount: 500, ...window(), ...body },
      tokens[who],
    );
  const codesOf = async (batch: number) => {
    const res = await t.get('/api/activities/cdkcode/codes', tokens.admin, { batch: String(batch), pageSize: '500' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.items.map((c: { code: string }) => c.code) as string[];
  };
  const batchWith = async (body: Record<string, unknown>, who = 'admin') => {
    const res = await create(body, who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { id: res.body.data.id as number, codes: await codesOf(res.body.data.id) };
  };

  beforeAll(async () => {
    t = await testApp(kind, { session: { idleMs: 24 * 60 * MIN, absoluteMs: 24 * 60 * MIN, touchEveryMs: MIN } });
    p = await platformClient(t);
    for (let uid = 9301; uid <= 9320; uid++) {
      const shared = uid === 9304 ? 'dev-9303' : `dev-${uid}`;
      await p.register(uid, { deviceId: shared, phone: { country: '63', number: `918${String(uid === 9306 ? 9305 : uid).padStart(7, '0')}` } });
    }
    for (let uid = 9400; uid < 9450; uid++) await p.register(uid, { deviceId: `dev-${uid}` });
    for (const who of ['admin', 'business', 'service', 'secadmin', 'sales']) tokens[who] = await t.loginAs(who);
  });
  afterAll(async () => t?.close());

  it('creates a batch of unique codes, shown XXXX-XXXX-XXXX; the operation log has it', async () => {
    const res = await create({ name: '  Launch  ', quantity: 5 }, 'business');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Launch',
      kind: 'unique',
      quantity: 5,
      currency: 'chip',
      amount: 500,
      status: 'active',
      state: 'active',
      redeemed: 0,
      createdBy: 'business',
    });
    const codes = await codesOf(res.body.data.id);
    expect(codes).toHaveLength(5);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(new Set(codes).size).toBe(5);
    const op = await t.database.db
      .selectFrom('operation_log')
      .select(['operation', 'username', 'target', 'after'])
      .where('operation', '=', 'activities.cdkcode.batches.create')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(op).toMatchObject({ username: 'business', target: `cdk_batch:${res.body.data.id}`, after: { name: 'Launch', kind: 'unique', quantity: 5 } });
    // a batch of the maximum size; every code unique (the database index)
    const big = await create({ name: 'Big', quantity: 10_000 });
    expect(big.status, JSON.stringify(big.body)).toBe(200);
    const n = await t.database.db
      .selectFrom('cdk_code')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('batch_id', '=', big.body.data.id)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(10_000);
    const export_ = await t.app.inject({
      method: 'GET',
      url: `/api/activities/cdkcode/codes/export?batch=${big.body.data.id}`,
      headers: { 'x-token': tokens.business },
    });
    expect(export_.statusCode).toBe(200);
    expect(export_.body.trim().split('\n')).toHaveLength(10_001);
  });

  it('bad input is a 400 naming the field; roles are checked before the input', async () => {
    expect((await create({ quantity: 10_001 })).body).toMatchObject({ code: 400, message: 'quantity: Must be at most 10000' });
    expect((await create({ quantity: 0 })).body.message).toBe('quantity: Must be at least 1');
    expect((await create({ amount: 0 })).body.message).toBe('amount: Must be at least 1');
    expect((await create({ amount: 1.5 })).body.message).toMatch(/^amount: /);
    expect((await create({ currency: 'gold' })).body.message).toBe('currency: Must be chip, bean or diamond');
    expect((await create({ kind: 'many' })).body.message).toBe('kind: Must be unique or universal');
    expect((await create({ name: '   ' })).body.message).toBe('name: Required');
    expect((await create({ startAt: 'tomorrow' })).body.message).toMatch(/^startAt: /);
    const { startAt } = window();
    expect((await create({ startAt, endAt: startAt })).body.message).toBe('endAt: Must be after startAt');
    expect((await create({ extra: 1 })).body.message).toBe('extra: Unknown field');
    // service and secadmin read, only admin and business create, disable and see codes: 403 before the body is looked at
    for (const who of ['service', 'secadmin']) {
      expect((await create({ quantity: 99_999 }, who)).status).toBe(403);
      expect((await t.post('/api/activities/cdkcode/batches/disable', { id: 'x' }, tokens[who])).status).toBe(403);
      expect((await t.get('/api/activities/cdkcode/codes', tokens[who], { batch: '1' })).status).toBe(403);
      expect((await t.get('/api/activities/cdkcode/batches', tokens[who])).status).toBe(200);
      expect((await t.get('/api/activities/cdkcode/redemptions', tokens[who])).status).toBe(200);
    }
    expect((await t.get('/api/activities/cdkcode/batches', tokens.sales)).status).toBe(403);
    expect((await t.get('/api/activities/cdkcode/codes', tokens.admin)).body.message).toBe('batch: Required');
  });

  it('redeems a code once through the ledger, whatever its dashes, spaces and case; a repeat answers the first', async () => {
    const { id, codes } = await batchWith({ quantity: 2, amount: 700 });
    const typed = ` ${codes[0].replace(/-/g, ' ').toLowerCase()} `;
    const first = await redeem(9301, typed);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ batchId: id, code: codes[0], currency: 'chip', amount: 700, balance: 700, repeated: false });
    const again = await redeem(9301, codes[0]);
    expect(again.body.data).toMatchObject({ batchId: id, amount: 700, balance: null, repeated: true, redeemedAt: first.body.data.redeemedAt });
    expect(await balance(9301)).toBe(700);
    const entries = await t.database.db.selectFrom('ledger_entry').select(['reason', 'idem_key']).where('uid', '=', 9301).execute();
    expect(entries).toEqual([{ reason: 'activity.cdkcode', idem_key: `cdkcode:${id}:${codes[0].replace(/-/g, '')}:9301` }]);
    // used by 9301: nobody else; 9301 may not take a second code of the batch
    expect((await redeem(9302, codes[0])).body).toMatchObject({ code: 409, message: 'Code is used up' });
    expect((await redeem(9301, codes[1])).body).toMatchObject({ code: 409, message: 'Already redeemed a code of this batch' });
    // unknown: 404 and nothing more
    for (const bad of ['ZZZZ-ZZZZ-ZZZZ', 'hello', 'ABCD-EFGH-IJKL']) expect((await redeem(9302, bad)).body).toEqual({ code: 404, message: 'Unknown code' });
    expect((await redeem(9302, '')).body.message).toBe('code: Required');
    expect((await redeem(0, codes[1])).body.message).toMatch(/^uid: /);
    expect((await redeem(999_999, codes[1])).body).toMatchObject({ code: 404, message: 'Player 999999 not found' });
    // the lists
    const list = await t.get('/api/activities/cdkcode/redemptions', tokens.service, { code: typed });
    expect(list.body.data.items).toEqual([expect.objectContaining({ uid: 9301, batchId: id, code: codes[0], amount: 700, currency: 'chip' })]);
    const batches = await t.get('/api/activities/cdkcode/batches', tokens.secadmin, { id: String(id) });
    expect(batches.body.data.items[0]).toMatchObject({ id, redeemed: 1, state: 'active' });
    const csv = await t.app.inject({ method: 'GET', url: `/api/activities/cdkcode/redemptions/export?batch=${id}`, headers: { 'x-token': tokens.service } });
    expect(csv.body.trim().split('\n')).toHaveLength(2);
  });

  it('50 concurrent redemptions of one one-use code pay exactly one', async () => {
    const { id, codes } = await batchWith({ quantity: 1, amount: 300 });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => redeem(9400 + i, codes[0])));
    const paid = answers.filter((a) => a.status === 200);
    expect(paid).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === 'Code is used up')).toBe(true);
    const rows = await t.database.db.selectFrom('cdk_redemption').select('uid').where('batch_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    const entries = await t.database.db
      .selectFrom('ledger_entry')
      .select('uid')
      .where('reason', '=', 'activity.cdkcode')
      .where('ref', 'like', `cdkcode:${id}:%`)
      .execute();
    expect(entries).toEqual([{ uid: rows[0].uid }]);
  });

  it('a universal code: once per account, up to its maximum uses, concurrently too', async () => {
    const { id, codes } = await batchWith({ kind: 'universal', quantity: 10, currency: 'bean', amount: 40 });
    expect(codes).toHaveLength(1);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => redeem(9420 + (i % 15), codes[0])));
    const fresh = answers.filter((a) => a.status === 200 && !a.body.data.repeated);
    expect(fresh).toHaveLength(10);
    // the 15 players each asked twice: a player paid answers repeated the second time; the others are refused
    expect(answers.filter((a) => a.status === 200 && a.body.data.repeated)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === 'Code is used up')).toBe(true);
    const code = await t.database.db.selectFrom('cdk_code').select(['uses', 'max_uses']).where('batch_id', '=', id).executeTakeFirstOrThrow();
    expect(code).toEqual({ uses: 10, max_uses: 10 });
    const paidBeans = await t.database.db.selectFrom('cdk_redemption').select('uid').where('batch_id', '=', id).execute();
    for (const r of paidBeans) expect(await balance(r.uid, 'bean')).toBe(40);
  });

  it('one reward per device, phone and GCash account per batch; ineligible players get nothing', async () => {
    const { codes } = await batchWith({ kind: 'universal', quantity: 100 });
    expect((await redeem(9303, codes[0])).status).toBe(200);
    // 9304 logs in on 9303's device, 9306 bound 9305's number
    expect((await redeem(9304, codes[0])).body).toMatchObject({ code: 409, message: 'Device already rewarded' });
    expect((await redeem(9305, codes[0])).status).toBe(200);
    expect((await redeem(9306, codes[0])).body).toMatchObject({ code: 409, message: 'Phone already rewarded' });
    await p.event('player.profile', { uid: 9307, gcash: '09171234567' });
    await p.event('player.profile', { uid: 9308, gcash: '09171234567' });
    expect((await redeem(9307, codes[0])).status).toBe(200);
    expect((await redeem(9308, codes[0])).body).toMatchObject({ code: 409, message: 'GCash account already rewarded' });
    await t.database.db.updateTable('player').set({ status: 'banned' }).where('uid', '=', 9309).execute();
    expect((await redeem(9309, codes[0])).body).toMatchObject({ code: 409, message: 'Player is banned' });
    await t.database.db
      .insertInto('player_control')
      .values({ uid: 9310, scope: 'house', blocked: '[]', cool_until: new Date(t.clock.now + DAY), updated_by: 'test', updated_at: new Date(t.clock.now) })
      .execute();
    expect((await redeem(9310, codes[0])).body).toMatchObject({ code: 409, message: 'Player is self-excluded' });
    expect((await balance(9304)) + (await balance(9306)) + (await balance(9308)) + (await balance(9309)) + (await balance(9310))).toBe(0);
  });

  it('validity and status: not started, expired, disabled and enabled again (operation log)', async () => {
    const later = await batchWith({ startAt: new Date(t.clock.now + DAY).toISOString(), endAt: new Date(t.clock.now + 2 * DAY).toISOString() });
    expect((await redeem(9311, later.codes[0])).body).toMatchObject({ code: 409, message: 'Code is not active yet' });
    const b = await batchWith({ quantity: 2 });
    const dis = await t.post('/api/activities/cdkcode/batches/disable', { id: b.id }, tokens.business);
    expect(dis.status, JSON.stringify(dis.body)).toBe(200);
    expect(dis.body.data).toMatchObject({ status: 'disabled', state: 'disabled', updatedBy: 'business' });
    expect((await t.post('/api/activities/cdkcode/batches/disable', { id: b.id }, tokens.admin)).body).toMatchObject({ code: 409 });
    expect((await t.post('/api/activities/cdkcode/batches/disable', { id: 999_999 }, tokens.admin)).body).toMatchObject({ code: 404 });
    expect((await redeem(9311, b.codes[0])).body).toMatchObject({ code: 409, message: 'Code is disabled' });
    expect((await t.post('/api/activities/cdkcode/batches/enable', { id: b.id }, tokens.admin)).status).toBe(200);
    expect((await redeem(9311, b.codes[0])).status).toBe(200);
    const ops = await t.database.db
      .selectFrom('operation_log')
      .select(['operation', 'before', 'after'])
      .where('target', '=', `cdk_batch:${b.id}`)
      .orderBy('id')
      .execute();
    expect(ops.map((o) => o.operation)).toEqual([
      'activities.cdkcode.batches.create',
      'activities.cdkcode.batches.disable',
      'activities.cdkcode.batches.enable',
    ]);
    expect(ops[1]).toMatchObject({ before: { status: 'active' }, after: { status: 'disabled' } });
    t.clock.advance(8 * DAY);
    tokens.service = await t.loginAs('service');
    expect((await redeem(9312, b.codes[1])).body).toMatchObject({ code: 409, message: 'Code has expired' });
    // the first redemption still answers as a repeat after the batch ended
    expect((await redeem(9311, b.codes[0])).body.data).toMatchObject({ repeated: true });
    const listed = await t.get('/api/activities/cdkcode/batches', tokens.service, { id: String(b.id) });
    expect(listed.body.data.items[0]).toMatchObject({ state: 'expired', status: 'active' });
  });
});
