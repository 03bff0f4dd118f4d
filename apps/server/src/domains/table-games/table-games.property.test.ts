/**
 * Property: whatever reaches the table-game operations (rooms — the games' /platmanager templates —, AI and cheat documents, jackpot
 * rules, flags) and the events game.reported / jackpot.won (near-valid and hostile), the answer
 * is never a 5xx, its code agrees with its status, a 400 names a field, a refused staff call
 * changes nothing, a refused event changes nothing but its own outcome, and the pool never pays
 * more than it holds.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { FIELD_MESSAGE, testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';

const T = '/api/tinygames/tongits';
const C = '/api/tinygames/tongitscheat';

const hostile = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'bronze',
    'duel',
    'Bad Id',
    'x'.repeat(33),
    'x'.repeat(201),
    "' OR 1=1 --",
    'table',
    '1v1',
    'collusion',
    'tongits',
    'rocket',
  ),
);
const number = fc.oneof(fc.constantFrom(0, -1, 1.5, 100, 10_000, 10_001, 2 ** 31, 1e13, 0.125), fc.integer({ min: -5, max: 2_000_000 }));
const value: fc.Arbitrary<unknown> = fc.oneof(
  hostile,
  number,
  fc.boolean(),
  fc.constant(null),
  fc.array(hostile, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const often = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: value, weight: 1 });

/** A room is a /platmanager template of Tongits or Pusoy (decision 035). */
const room = fc.record(
  {
    id: often(fc.constantFrom('bronze', 'duel', 'silver', 'new-1')),
    game: often(fc.constantFrom('tongits', 'pusoy')),
    name: often(fc.string({ minLength: 1, maxLength: 8 })),
    mode: often(fc.constantFrom('table', '1v1')),
    ante: often(fc.integer({ min: 0, max: 5_000 })),
    minBalance: often(fc.integer({ min: 0, max: 60_000 })),
    maxBalance: often(fc.integer({ min: 0, max: 80_000 })),
    rakeBps: often(fc.constantFrom(500, 300)),
    rakeCap: often(fc.constantFrom(0, 100)),
    seats: often(fc.constantFrom(3, 4)),
    aiSeats: often(fc.constantFrom(0, 1, 2)),
    turnSeconds: often(fc.constantFrom(20, 60)),
    open: often(fc.boolean()),
  },
  { requiredKeys: [] },
);
const ai = fc.record(
  {
    enabled: often(fc.boolean()),
    rooms: often(fc.array(fc.constantFrom('bronze', 'duel', 'nowhere'), { maxLength: 3 })),
    maxSeats: often(fc.integer({ min: 0, max: 3 })),
    waitSeconds: often(fc.integer({ min: -1, max: 400 })),
    style: often(fc.constantFrom('cautious', 'balanced', 'wild')),
    skill: often(fc.integer({ min: 0, max: 11 })),
    fightBps: often(fc.integer({ min: -1, max: 10_001 })),
    thinkMinSeconds: often(fc.integer({ min: 0, max: 61 })),
    thinkMaxSeconds: often(fc.integer({ min: 0, max: 61 })),
  },
  { requiredKeys: [] },
);
const jackpot = fc.record(
  {
    enabled: often(fc.boolean()),
    payoutBps: often(fc.integer({ min: -1, max: 10_001 })),
    maxPayout: often(fc.integer({ min: -1, max: 1_000_000 })),
    minPool: often(fc.integer({ min: -1, max: 1_000_000 })),
  },
  { requiredKeys: [] },
);
const flag = fc.record(
  {
    uid: often(fc.constantFrom(8101, 8102, 9999)),
    reason: often(fc.constantFrom('Collusion', ' ', 'x'.repeat(200), 'x'.repeat(201))),
    report: often(fc.integer({ min: 1, max: 3 })),
  },
  { requiredKeys: [] },
);

const staffCall = fc.oneof(
  fc.tuple(fc.constantFrom('/api/platmanager/template/create', '/api/platmanager/template/update', '/api/platmanager/template/delete'), fc.oneof(room, value)),
  fc.tuple(fc.constant(`${T}/aiconfig/update`), fc.oneof(ai, value)),
  fc.tuple(fc.constant(`${T}/tongitsconfig/jackpot/update`), fc.oneof(jackpot, value)),
  fc.tuple(fc.constant(`${C}/cheatconfig/update`), fc.oneof(fc.dictionary(fc.constantFrom('sameTableRateBps', 'winRateMinRounds', 'extra'), number), value)),
  fc.tuple(fc.constantFrom(`${C}/permanentcheat/flag`, `${C}/permanentcheat/unflag`, `${C}/reportedlogs/flag`), fc.oneof(flag, value)),
);

const eventData = fc.oneof(
  fc
    .record(
      {
        uid: often(fc.constantFrom(8101, 8102, 9999)),
        targetUid: often(fc.constantFrom(8101, 8102)),
        game: often(fc.constantFrom('tongits', 'pusoy', 'chess')),
        roundId: often(fc.constantFrom('r1', 'x'.repeat(65))),
        reason: often(fc.constantFrom('bot', 'rude')),
        text: often(fc.string({ maxLength: 4 })),
      },
      { requiredKeys: [] },
    )
    .map((d) => ['game.reported', d] as const),
  fc
    .record(
      {
        game: often(fc.constantFrom('tongits', 'rocket')),
        roundId: often(fc.constantFrom('none', 'r1')),
        uid: often(fc.constantFrom(8101, 8102)),
        amount: often(fc.integer({ min: -1, max: 1e6 })),
      },
      { requiredKeys: [] },
    )
    .map((d) => ['jackpot.won', d] as const),
);

describe.each(databases())('table-game inputs on $kind', (database) => {
  let t: TestApp;
  let admin: string;
  let p: PlatformClient;
  let n = 0;

  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        t.database.db.selectFrom('table_game_item').select(['kind', 'key', 'doc']).orderBy('kind').orderBy('key').execute(),
        t.database.db.selectFrom('room_item').select(['kind', 'key', 'doc']).orderBy('kind').orderBy('key').execute(),
        t.database.db.selectFrom('cheat_flag').select(['uid', 'reason']).orderBy('uid').execute(),
        t.database.db.selectFrom('cheat_flag_log').select('id').orderBy('id').execute(),
        t.database.db.selectFrom('config_version').select('id').orderBy('id').execute(),
      ]),
    );
  const money = async () =>
    JSON.stringify(
      await Promise.all([
        t.database.db.selectFrom('jackpot_pool').selectAll().execute(),
        t.database.db.selectFrom('player_balance').select(['uid', 'chip']).orderBy('uid').execute(),
        t.database.db.selectFrom('game_report').select('id').orderBy('id').execute(),
      ]),
    );
  const check = (res: { status: number; body: Record<string, any> }) => {
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(res.status);
    if (res.status === 400) expect(res.body.message).toMatch(FIELD_MESSAGE);
  };

  beforeAll(async () => {
    t = await testApp(database);
    admin = await t.loginAs('admin');
    p = await platformClient(t);
    await p.register(8101, { partner: 1 }, 10_000);
    await p.register(8102, { partner: 2 }, 10_000);
  }, 180_000);
  afterAll(async () => t?.close());

  it('staff operations: never a 5xx; a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(staffCall, async ([url, body]) => {
        const before = await snapshot();
        const res = await t.post(url, body, admin);
        check(res);
        if (res.status !== 200) expect(await snapshot()).toBe(before);
      }),
      { numRuns: 150 },
    );
  });

  it('events: never a 5xx; a refused event moves no money and writes no report; the pool never goes below zero', async () => {
    await fc.assert(
      fc.asyncProperty(eventData, async ([type, data]) => {
        const before = await money();
        // a body with a __proto__ or constructor key anywhere is refused whole (http/transport.test.ts); fc.jsonValue makes some
        if (/"(__proto__|constructor)":/.test(JSON.stringify(data))) {
          const res = await p.events([{ id: `prop-${process.pid}-${(n += 1)}`, type, data }]);
          expect(res.status).toBe(400);
          expect(res.body.message).toMatch(/(__proto__|constructor): Forbidden key$/);
          expect(await money()).toBe(before);
          return;
        }
        const result = await p.event(type, data, { id: `prop-${process.pid}-${(n += 1)}` });
        expect(['applied', 'rejected']).toContain(result.status);
        if (result.status === 'rejected') {
          expect(result.code).toBeGreaterThanOrEqual(400);
          expect(result.code).toBeLessThan(500);
          expect(await money()).toBe(before);
        }
        const pools = await t.database.db.selectFrom('jackpot_pool').select(['contributed', 'paid']).execute();
        for (const pool of pools) expect(Number(pool.paid)).toBeLessThanOrEqual(Number(pool.contributed));
      }),
      { numRuns: 120 },
    );
  });

  it('list filters: never a 5xx', async () => {
    const params = fc.dictionary(
      fc.constantFrom('uid', 'targetUid', 'game', 'reason', 'flagged', 'mode', 'action', 'from', 'to', 'sort', 'order', 'page', 'pageSize', 'cursor'),
      fc.oneof(hostile, fc.integer({ min: -1, max: 600 }).map(String)),
      { maxKeys: 4 },
    );
    const urls = fc.constantFrom(
      `${T}/dashboard1v1`,
      `${T}/dashboard1v1/days`,
      `${T}/dashboard1v1/jackpots`,
      `${T}/aidashboard/rooms`,
      `${T}/tongitsconfig/rooms`,
      `${C}/permanentcheat`,
      `${C}/permanentcheat/log`,
      `${C}/reportedlogs`,
    );
    await fc.assert(
      fc.asyncProperty(urls, params, async (url, query) => {
        check(await t.get(url, admin, query));
      }),
      { numRuns: 100 },
    );
  });
});
