/**
 * The demo fleet: seeded with its history through the services, green but for the one server
 * that crashed on purpose, idempotent; and the demo heartbeat timer keeps it green through the
 * signed route while the clock runs, obeying a drain by reporting `drained` when its tables
 * are gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient } from '../../test/platform';
import { demoHeartbeats, type DemoBeat } from './beat';
import { DEMO_CRASHED, DEMO_SERVERS, seedGameServers } from './demo';

// PGlite only: the demo code is the same on both; the full seed on PostgreSQL is simulator/demo-screens.test.ts's
describe.each(databases().slice(0, 1))('demo game servers on $kind', (database) => {
  let t: TestApp;
  let main: string;
  let beats: DemoBeat;

  beforeAll(async () => {
    t = await testApp(database);
    await platformClient(t); // the demo-app application
    await seedGameServers(t.database.db, { now: new Date(t.clock.now), days: 30 });
    beats = demoHeartbeats(t.app, t.database.db, t.config, undefined, { hooks: false });
    main = await t.loginAs('main');
  }, 180_000); // a fresh migrated database (and the demo seed) on a busy machine
  afterAll(async () => {
    beats?.stop();
    await t?.close();
  });

  it('is green except the crashed server, with a history of every kind over the demo days', async () => {
    await seedGameServers(t.database.db, { now: new Date(t.clock.now) }); // again: nothing added
    const status = (await t.get('/api/gameserver/status', main)).body.data;
    expect(status.servers).toHaveLength(DEMO_SERVERS.length - 1); // the retired one is not on the board
    const red = status.servers.filter((s: { health: string }) => s.health === 'red');
    expect(red.map((s: { serverId: string }) => s.serverId)).toEqual([DEMO_CRASHED]);
    expect(red[0]).toMatchObject({ redReason: 'crashed' });
    expect(status.summary.green).toBe(DEMO_SERVERS.length - 2);
    expect(status.summary.online).toBeGreaterThan(0);
    expect(status.servers.find((s: { serverId: string }) => s.serverId === 'gs-rocket-02')).toMatchObject({
      state: 'maintenance',
      onlinePlayers: 0,
      health: 'green',
    });
    const kinds = new Set((await t.database.db.selectFrom('game_server_log').select('kind').distinct().execute()).map((r) => r.kind));
    expect([...kinds].sort()).toEqual(['crash', 'deploy', 'drained', 'missed', 'recovered', 'staff', 'start', 'stop']);
    const first = await t.database.db
      .selectFrom('game_server_log')
      .select((eb) => eb.fn.min('at').as('at'))
      .executeTakeFirstOrThrow();
    expect(t.clock.now - new Date(first.at).getTime()).toBeGreaterThan(29 * 86_400_000);
    const crash = (await t.get('/api/gameserver/serverlogs', main, { serverId: DEMO_CRASHED, kind: 'crash' })).body.data.items[0];
    expect(crash.message).toContain('Segmentation fault');
    const drains = await t.database.db.selectFrom('game_server_log').select('id').where('action', '=', 'drain').where('actor', '=', 'main').execute();
    expect(drains.length).toBeGreaterThan(5);
  });

  it('keeps the fleet beating through the signed route, and a drained server says so', async () => {
    t.clock.advance(5 * 60_000);
    let status = (await t.get('/api/gameserver/status', main)).body.data;
    expect(status.summary.green).toBe(0); // five minutes without a beat
    expect(await beats.tick()).toBe(DEMO_SERVERS.length - 2);
    status = (await t.get('/api/gameserver/status', main)).body.data;
    expect(status.summary.green).toBe(DEMO_SERVERS.length - 2);
    expect(status.servers.find((s: { serverId: string }) => s.serverId === DEMO_CRASHED).health).toBe('red');

    await t.post('/api/gameserver/list/drain', { serverId: 'gs-tongits-01' }, main);
    for (let i = 0; i < 20; i += 1) {
      t.clock.advance(10_000);
      await beats.tick();
    }
    const logs = (await t.get('/api/gameserver/serverlogs', main, { serverId: 'gs-tongits-01', pageSize: '3' })).body.data.items;
    expect(logs[0]).toMatchObject({ kind: 'drained', actor: 'app:demo-app' });
    const row = (await t.get('/api/gameserver/status', main)).body.data.servers.find((s: { serverId: string }) => s.serverId === 'gs-tongits-01');
    expect(row).toMatchObject({ state: 'draining', tables: 0, onlinePlayers: 0, health: 'green' });
  });
});
