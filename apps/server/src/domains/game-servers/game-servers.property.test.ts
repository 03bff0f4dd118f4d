/**
 * Property: whatever reaches the /gameserver staff operations and the game servers' platform
 * calls (near-valid bodies and hostile ones), the answer is never a 5xx, its code agrees with
 * its status, a 400 names a field, and an answer other than 200 leaves the servers and their
 * log as they were.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { FIELD_MESSAGE, testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';

const G = '/api/gameserver/list';

const hostile = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'gs-1',
    'gs-2',
    'gs-none',
    'tongits',
    'poker',
    'ph-manila',
    'PH',
    'h:1',
    'h:99999',
    '10.0.0.1:7443',
    "' OR 1=1 --",
    'a b',
    'x'.repeat(65),
    'x'.repeat(300),
    '2026-11-22T10:00:00Z',
    '2026-11-22',
    'start',
    'deploy',
    'reboot',
  ),
);
const number = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 100, 100.001, 2 ** 31, 1e300, 0.125),
  fc.integer({ min: -5, max: 2_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  hostile,
  number,
  fc.boolean(),
  fc.constant(null),
  fc.array(hostile, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const often = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: value, weight: 1 });

const serverId = fc.constantFrom('gs-1', 'gs-2', 'gs-new');
const games = fc.uniqueArray(fc.constantFrom('tongits', 'pusoy', 'colorgame', 'rocket'), { minLength: 1, maxLength: 3 });
const staffBody = fc.record(
  {
    serverId: often(serverId),
    name: often(fc.string({ minLength: 1, maxLength: 10 })),
    host: often(fc.constantFrom('h1', '10.0.0.1:7443', 'a.b.c')),
    region: often(fc.constantFrom('ph-manila', 'sg-1')),
    games: often(games),
  },
  { requiredKeys: [] },
);
const staffCall = fc.tuple(fc.constantFrom('register', 'update', 'drain', 'maintenance', 'resume', 'retire'), fc.oneof(staffBody, value));

const at = (now: number) =>
  fc.oneof(
    fc.integer({ min: -120_000, max: 400_000 }).map((d) => new Date(now + d).toISOString()),
    value,
  );
const heartbeatBody = (now: number) =>
  fc.record(
    {
      serverId: often(serverId),
      at: at(now),
      version: often(fc.constantFrom('2.14.3', '1', 'x y')),
      load: often(fc.double({ min: -1, max: 101, noNaN: true })),
      games: often(
        fc.array(fc.record({ game: often(fc.constantFrom('tongits', 'pusoy')), online: often(fc.integer({ min: -1, max: 500 })), tables: often(fc.nat(50)) }), {
          maxLength: 3,
        }),
      ),
    },
    { requiredKeys: [] },
  );
const eventBody = (now: number) =>
  fc.record(
    {
      eventId: often(fc.constantFrom('e1', 'e2', 'e3')),
      serverId: often(serverId),
      type: often(fc.constantFrom('start', 'stop', 'crash', 'deploy', 'drained')),
      at: at(now),
      version: often(fc.constantFrom('2.15.0', '')),
      message: often(fc.string({ maxLength: 5 })),
    },
    { requiredKeys: [] },
  );

describe.each(databases())('/gameserver inputs on $kind', (database) => {
  let t: TestApp;
  let main: string;
  let p: PlatformClient;

  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        t.database.db.selectFrom('game_server').selectAll().orderBy('id').execute(),
        t.database.db.selectFrom('game_server_log').selectAll().orderBy('id').execute(),
      ]),
    );
  const check = (res: { status: number; body: Record<string, any> }) => {
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(res.status);
    if (res.status === 400) expect(res.body.message).toMatch(FIELD_MESSAGE);
  };

  beforeAll(async () => {
    t = await testApp(database);
    main = await t.loginAs('main');
    p = await platformClient(t);
    for (const id of ['gs-1', 'gs-2']) {
      await t.post(`${G}/register`, { serverId: id, name: id, host: `${id}.local`, region: 'ph-manila', games: ['tongits'] }, main);
    }
  }, 180_000); // a fresh migrated database on a busy machine
  afterAll(async () => t?.close());

  it('staff operations: never a 5xx; a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(staffCall, async ([action, body]) => {
        const before = await snapshot();
        const res = await t.post(`${G}/${action}`, body, main);
        check(res);
        if (res.status !== 200) expect(await snapshot()).toBe(before);
      }),
      { numRuns: 120 },
    );
  });

  it('platform calls: never a 5xx; a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          heartbeatBody(t.clock.now).map((b) => ['/api/platform/gameserver/heartbeat', b] as const),
          eventBody(t.clock.now).map((b) => ['/api/platform/gameserver/events', b] as const),
          value.map((b) => ['/api/platform/gameserver/heartbeat', b] as const),
        ),
        async ([url, body]) => {
          const before = await snapshot();
          const res = await p.post(url, body);
          check(res);
          if (res.status !== 200) expect(await snapshot()).toBe(before);
        },
      ),
      { numRuns: 160 },
    );
    for (const q of ['serverId=gs-1', 'serverId=', 'serverId=a%20b', 'x=1', '']) check(await p.get('/api/platform/gameserver/state', q));
  });

  it('list filters: never a 5xx', async () => {
    const params = fc.dictionary(
      fc.constantFrom('serverId', 'region', 'game', 'state', 'kind', 'actor', 'from', 'to', 'sort', 'order', 'page', 'pageSize', 'cursor'),
      fc.oneof(hostile, fc.integer({ min: -1, max: 600 }).map(String)),
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/gameserver/list', '/api/gameserver/serverlogs'), params, async (url, query) => {
        check(await t.get(url, main, query));
      }),
      { numRuns: 80 },
    );
  });
});
