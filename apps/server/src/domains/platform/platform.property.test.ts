/**
 * Property: whatever a correctly signed caller sends to the platform API (random bodies,
 * random events of every type with hostile fields, strict amounts), the answer is never a 5xx,
 * its code agrees with the HTTP status, and a call refused as a whole (400/404/409) writes
 * nothing. Events answer per event; a rejected event writes only its outcome row. A wallet batch
 * answers one result per op, each rejected op with the code and message of a single call.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_EVENT_TYPES } from '@console/schemas';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { reconcile } from '../ledger/reconcile';

const UIDS = [4001, 4002, 4003];

/** Amounts the contract refuses: a string, a fraction, zero, a negative number or more than 10^12. */
const badAmount = fc.oneof(
  fc.integer({ min: 1, max: 1000 }).map(String),
  fc.double({ min: 0.01, max: 1e6, noInteger: true, noNaN: true }),
  fc.constant(0),
  fc.integer({ min: -1e12, max: -1 }),
  fc.integer({ min: 1e12 + 1, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(1e300, -0.5, '1e3', '', null, true, [], {}),
);
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', 'x\udfffy', '<script>alert(1)</script>', "' OR 1=1 --", '1e309', 'NaN', '../..'),
  fc.integer({ min: 60, max: 5000 }).map((n) => 'y'.repeat(n)),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  badAmount,
  fc.constantFrom(...UIDS),
  fc.integer({ min: 1, max: 50 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const FIELDS = [
  'uid',
  'fromUid',
  'toUid',
  'dealerUid',
  'targetUid',
  'inviterUid',
  'amount',
  'chips',
  'charisma',
  'price',
  'name',
  'ip',
  'deviceId',
  'package',
  'partner',
  'phone',
  'shareId',
  'durationSeconds',
  'avatar',
  'gcash',
  'bank',
  'giftId',
  'emoteId',
  'category',
  'text',
  'reason',
  'code',
  'provider',
  'purpose',
  'badgeId',
  '__proto__',
  'constructor',
];
const data = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), anyValue, { maxKeys: 7 });
const event = fc.record(
  {
    id: fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), fc.constantFrom('dup-1', 'dup-2')),
    type: fc.oneof(
      fc.constantFrom(...PLATFORM_EVENT_TYPES),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('constructor', 'toString', '__proto__', 'hasOwnProperty'),
    ),
    at: fc.oneof(fc.constant('2026-11-20T10:00:00Z'), fc.constant('2026-11-20T18:00:00.123+08:00'), hostileString),
    data: fc.oneof(data, anyValue),
  },
  { requiredKeys: [] },
);

const walletBody = fc.record(
  {
    txId: fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), hostileString),
    uid: fc.oneof(fc.constantFrom(...UIDS), anyValue),
    currency: fc.oneof(fc.constantFrom('chip', 'bean', 'bonus', 'diamond', 'withdrawable', 'safe', 'charisma'), hostileString),
    amount: fc.oneof(fc.integer({ min: 1, max: 50 }), badAmount),
    bet: fc.oneof(fc.integer({ min: 0, max: 50 }), badAmount),
    win: fc.oneof(fc.integer({ min: 0, max: 50 }), badAmount),
    reason: fc.oneof(fc.constant('game.bet'), hostileString),
    ref: hostileString,
    originalTxId: fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), hostileString),
    extra: anyValue,
  },
  { requiredKeys: [] },
);

describe.each(databases())('hostile input at the platform API on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    for (const uid of UIDS) await p.register(uid, {}, 1000);
  });
  afterAll(async () => t?.close());

  const counts = async () =>
    (
      await sql<Record<string, string>>`SELECT
    (SELECT count(*) FROM ledger_entry) AS entries, (SELECT count(*) FROM wallet_tx) AS txs, (SELECT count(*) FROM platform_event) AS events,
    (SELECT count(*) FROM player) AS players, (SELECT coalesce(sum(chip + bean + safe + bonus + diamond + charisma + withdrawable), 0) FROM player_balance) AS money,
    (SELECT count(*) FROM player_login) + (SELECT count(*) FROM player_feedback) + (SELECT count(*) FROM player_tipoff) + (SELECT count(*) FROM sms_log)
      + (SELECT count(*) FROM player_badge) + (SELECT count(*) FROM player_profile_change) + (SELECT count(*) FROM player_gift)
      + (SELECT count(*) FROM player_emote) + (SELECT count(*) FROM player_transfer) AS activity`.execute(t.database.db)
    ).rows[0];

  const check = (res: { status: number; body: Record<string, any> }) => {
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(res.status);
    if (res.status !== 200) expect(typeof res.body.message).toBe('string');
  };

  it('wallet calls: never a 5xx; a refused call writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('debit', 'credit', 'settle', 'rollback'), fc.oneof(walletBody, anyValue), async (call, body) => {
        const before = await counts();
        const res = await p.post(`/api/platform/wallet/${call}`, body);
        check(res);
        if (res.status !== 200) expect(await counts()).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });

  it('wallet batches: never a 5xx; a body not of the shape writes nothing; one result per op, a rejected one with a 4xx code and message', async () => {
    const op = fc.oneof(
      walletBody.chain((b) => fc.constantFrom('debit', 'credit', 'settle', 'rollback', 'nope').map((name) => ({ op: name, ...b }))),
      anyValue,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.array(op, { minLength: 1, maxLength: 8 }).map((ops) => ({ ops })),
          fc.record({ ops: fc.oneof(anyValue, fc.array(anyValue, { maxLength: 3 })) }),
          anyValue,
        ),
        async (body) => {
          const before = await counts();
          const res = await p.post('/api/platform/wallet/batch', body);
          check(res);
          if (res.status !== 200) {
            expect(await counts()).toEqual(before);
            return;
          }
          const results = res.body.data.results as { status: string; code?: number; message?: string }[];
          expect(results).toHaveLength((body as { ops: unknown[] }).ops.length);
          for (const r of results) {
            expect(['applied', 'rejected', 'duplicate']).toContain(r.status);
            if (r.status === 'rejected') {
              expect([400, 403, 404, 409]).toContain(r.code);
              expect(typeof r.message).toBe('string');
            }
          }
          if (results.every((r) => r.status === 'rejected')) expect(await counts()).toEqual(before);
        },
      ),
      { numRuns: 200 },
    );
    expect((await reconcile(t.database.db)).differences).toEqual([]);
  });

  it('strict amounts: a string, fraction, zero, negative or over 10^12 is a 400 naming amount', async () => {
    await fc.assert(
      fc.asyncProperty(badAmount, fc.constantFrom('debit', 'credit'), async (amount, call) => {
        const before = await counts();
        const res = await p.post(`/api/platform/wallet/${call}`, { txId: 'amount-check', uid: 4001, currency: 'chip', amount, reason: 'x' });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/^amount: /);
        const event = await p.events([{ id: `amount-${Math.random()}`, type: 'chips.transferred', data: { fromUid: 4001, toUid: 4002, amount } }]);
        expect(event.body.data.results[0]).toMatchObject({ status: 'rejected', code: 400, message: expect.stringMatching(/^data\.amount: /) });
        const after = await counts();
        expect({ ...after, events: before.events }).toEqual(before); // only the rejected event's outcome row
      }),
      { numRuns: 100 },
    );
  });

  it('balance queries: never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('uid=4001', 'uid=-1', 'uid=1e3', 'uid=4001&uid=4002', 'uid=%00', 'x=1')),
        async (query) => {
          check(await p.get('/api/platform/wallet/balance', encodeURI(query)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('events: never a 5xx; a body not of the shape writes nothing; results come one per event', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.array(event, { minLength: 1, maxLength: 8 }).map((events) => ({ events })),
          fc.record({ events: fc.oneof(anyValue, fc.array(anyValue, { maxLength: 3 })) }),
          anyValue,
        ),
        async (body) => {
          const before = await counts();
          const res = await p.post('/api/platform/events', body);
          check(res);
          if (res.status !== 200) expect(await counts()).toEqual(before);
          else expect(res.body.data.results).toHaveLength((body as { events: unknown[] }).events.length);
        },
      ),
      { numRuns: 300 },
    );
    expect((await reconcile(t.database.db)).differences).toEqual([]);
  });
});
