/**
 * /gameserver through the API: roles (main and admin only, 403 before the body is read), bad
 * input a 400 naming the field that changes nothing, the staff changes with their operation
 * log and server log, read back by the server on its next heartbeat; the signed platform
 * calls; red after three missed 10 s intervals by the config clock (logged once), green again
 * on the next heartbeat; crash, deploy, drained; the lists' filters and export.
 */
import { ROLES } from '@console/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';

const G = '/api/gameserver';
const HB = '/api/platform/gameserver/heartbeat';
const EV = '/api/platform/gameserver/events';

describe.each(databases())('/gameserver on $kind', (database) => {
  let t: TestApp;
  let main: string;
  let admin: string;
  let p: PlatformClient;
  let eventSeq = 0;
  const iso = () => new Date(t.clock.now).toISOString();
  const register = (serverId: string, games = ['tongits']) =>
    t.post(`${G}/list/register`, { serverId, name: `Server ${serverId}`, host: `${serverId}.local:7443`, region: 'ph-manila', games }, main);
  const beat = (serverId: string, extra: Record<string, unknown> = {}) =>
    p.post(HB, { serverId, at: iso(), version: '2.14.3', load: 41.5, games: [{ game: 'tongits', online: 120, tables: 40 }], ...extra });
  const event = (serverId: string, type: string, extra: Record<string, unknown> = {}) =>
    p.post(EV, { eventId: `e-${(eventSeq += 1)}`, serverId, type, at: iso(), ...extra });
  const status = async () => (await t.get(`${G}/status`, main)).body.data;
  const statusOf = async (serverId: string) => (await status()).servers.find((s: { serverId: string }) => s.serverId === serverId);
  const logs = async (serverId: string) => (await t.get(`${G}/serverlogs`, main, { serverId, sort: 'id', order: 'ascend' })).body.data.items;
  const opLog = (operation: string) =>
    t.database.db.selectFrom('operation_log').selectAll().where('operation', '=', operation).where('result', '=', 'ok').orderBy('id').execute();

  beforeAll(async () => {
    t = await testApp(database);
    [main, admin] = await Promise.all([t.loginAs('main'), t.loginAs('admin')]);
    p = await platformClient(t);
  }, 180_000); // a fresh migrated database on a busy machine
  afterAll(async () => t?.close());

  it('lets only main and admin call any /gameserver operation, 403 before the body is read', async () => {
    for (const role of ROLES.filter((r) => r !== 'main' && r !== 'admin')) {
      const token = await t.loginAs(role);
      for (const url of [`${G}/status`, `${G}/list`, `${G}/list/export`, `${G}/serverlogs`, `${G}/serverlogs/export`]) {
        expect((await t.get(url, token)).status, `${role} GET ${url}`).toBe(403);
      }
      for (const action of ['register', 'update', 'drain', 'maintenance', 'resume', 'retire']) {
        const res = await t.post(`${G}/list/${action}`, { nonsense: true }, token);
        expect(res.status, `${role} ${action}`).toBe(403);
      }
    }
    expect((await t.get(`${G}/status`)).status).toBe(401);
    expect((await t.get(`${G}/status`, admin)).status).toBe(200);
    const doc = (await t.get('/api/docs/json')).body;
    expect(doc.paths['/api/gameserver/list/drain'].post['x-roles']).toEqual(['admin', 'main']);
    expect(doc.paths['/api/platform/gameserver/heartbeat'].post.security).toEqual([{ platformSignature: [] }]);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ serverId: 'a b', name: 'x', host: 'h', region: 'ph', games: ['tongits'] }, 'serverId:'],
      [{ serverId: 'gs-bad', name: '', host: 'h', region: 'ph', games: ['tongits'] }, 'name:'],
      [{ serverId: 'gs-bad', name: 'x', host: 'http://h/', region: 'ph', games: ['tongits'] }, 'host:'],
      [{ serverId: 'gs-bad', name: 'x', host: 'h', region: 'PH Manila', games: ['tongits'] }, 'region:'],
      [{ serverId: 'gs-bad', name: 'x', host: 'h', region: 'ph', games: ['poker'] }, 'games.0:'],
      [{ serverId: 'gs-bad', name: 'x', host: 'h', region: 'ph', games: [] }, 'games:'],
      [{ serverId: 'gs-bad', name: 'x', host: 'h', region: 'ph', games: ['tongits', 'tongits'] }, 'games:'],
      [{ serverId: 'gs-bad', name: 'x', host: 'h', region: 'ph', games: ['tongits'], extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post(`${G}/list/register`, body, main);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(field);
    }
    expect((await t.get(`${G}/serverlogs`, main, { kind: 'reboot' })).body.message).toContain('kind:');
    expect((await t.get(`${G}/list`, main, { game: 'poker' })).body.message).toContain('game:');
    const rows = await t.database.db.selectFrom('game_server').select('server_id').where('server_id', '=', 'gs-bad').execute();
    expect(rows).toHaveLength(0);
    expect(await opLog('gameserver.list.register')).toHaveLength(0);
  });

  it('registers, edits, drains, maintains, resumes and retires, each logged with before and after and read back by the server', async () => {
    expect((await register('gs-t1', ['tongits', 'pusoy'])).status).toBe(200);
    expect((await register('gs-t1')).status).toBe(409);
    const edited = await t.post(
      `${G}/list/update`,
      { serverId: 'gs-t1', name: 'Tongits 1', host: '10.0.0.7:7443', region: 'ph-cebu', games: ['tongits'] },
      main,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Tongits 1', host: '10.0.0.7:7443', region: 'ph-cebu', games: ['tongits'], state: 'active' });

    let answer = await beat('gs-t1');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ serverId: 'gs-t1', state: 'active', games: ['tongits'], intervalSeconds: 10, missedHeartbeats: 3 });

    expect((await t.post(`${G}/list/retire`, { serverId: 'gs-t1' }, main)).status).toBe(409); // in service: drain first
    expect((await t.post(`${G}/list/drain`, { serverId: 'gs-t1' }, main)).body.data.state).toBe('draining');
    expect((await t.post(`${G}/list/drain`, { serverId: 'gs-t1' }, main)).body.message).toBe('Server gs-t1 is already draining');
    answer = await beat('gs-t1');
    expect(answer.body.data.state).toBe('draining');
    expect((await event('gs-t1', 'drained')).body.data).toMatchObject({ status: 'applied', desired: { state: 'draining' } });
    expect((await t.post(`${G}/list/maintenance`, { serverId: 'gs-t1' }, main)).body.data.state).toBe('maintenance');
    expect((await beat('gs-t1')).body.data.state).toBe('maintenance');
    expect((await t.post(`${G}/list/resume`, { serverId: 'gs-t1' }, main)).body.data.state).toBe('active');
    expect((await p.get('/api/platform/gameserver/state', 'serverId=gs-t1')).body.data.state).toBe('active');
    await t.post(`${G}/list/maintenance`, { serverId: 'gs-t1' }, main);
    expect((await t.post(`${G}/list/retire`, { serverId: 'gs-t1' }, main)).body.data.state).toBe('retired');
    expect((await t.post(`${G}/list/resume`, { serverId: 'gs-t1' }, main)).body.message).toBe('Server gs-t1 is retired');
    expect((await beat('gs-t1')).status).toBe(409);
    expect((await t.post(`${G}/list/drain`, { serverId: 'gs-none' }, main)).status).toBe(404);

    const drains = await opLog('gameserver.list.drain');
    expect(drains).toHaveLength(1);
    expect(drains[0]).toMatchObject({ username: 'main', target: 'gameserver:gs-t1', before: { state: 'active' }, after: { state: 'draining' } });
    const edits = await opLog('gameserver.list.update');
    expect(edits[0].before).toMatchObject({ name: 'Server gs-t1', region: 'ph-manila', games: ['tongits', 'pusoy'] });
    expect(edits[0].after).toMatchObject({ name: 'Tongits 1', region: 'ph-cebu', games: ['tongits'] });

    const kinds = (await logs('gs-t1')).map((l: { kind: string; action: string | null }) => l.action ?? l.kind);
    expect(kinds).toEqual(['register', 'edit', 'drain', 'drained', 'maintenance', 'resume', 'maintenance', 'retire']);
    expect((await t.get(`${G}/list`, main, { state: 'retired' })).body.data.items.map((s: { serverId: string }) => s.serverId)).toEqual(['gs-t1']);
  });

  it('turns a server red after 3 missed 10 s heartbeats by the config clock, logs it once, and green again on its heartbeat', async () => {
    await register('gs-red');
    await beat('gs-red');
    t.clock.advance(29_000);
    expect((await statusOf('gs-red')).health).toBe('green');
    t.clock.advance(2_000);
    const red = await statusOf('gs-red');
    expect(red).toMatchObject({ health: 'red', redReason: 'missed', silentSeconds: 31 });
    t.clock.advance(60_000);
    expect((await statusOf('gs-red')).silentSeconds).toBe(91);
    const missed = (await logs('gs-red')).filter((l: { kind: string }) => l.kind === 'missed');
    expect(missed).toHaveLength(1); // read twice, logged once
    expect(Date.parse(missed[0].at)).toBe(t.clock.now - 91_000 + 30_000);
    expect((await beat('gs-red')).status).toBe(200);
    expect((await statusOf('gs-red')).health).toBe('green');
    const last = (await logs('gs-red')).at(-1);
    expect(last).toMatchObject({ kind: 'recovered', message: 'Heartbeat after 91 s of silence' });
    expect((await t.get(`${G}/serverlogs`, main, { kind: 'missed', serverId: 'gs-red' })).body.data.items).toHaveLength(1);
  });

  it('takes crash, start, deploy and stop, idempotent by event id, and ignores a late heartbeat', async () => {
    await register('gs-c');
    await beat('gs-c');
    expect((await event('gs-c', 'deploy')).body.message).toContain('version:');
    const crash = { eventId: 'crash-1', serverId: 'gs-c', type: 'crash', at: iso(), message: 'Segfault' };
    expect((await p.post(EV, crash)).body.data.status).toBe('applied');
    expect((await p.post(EV, crash)).body.data.status).toBe('duplicate');
    expect((await p.post(EV, { ...crash, type: 'stop' })).status).toBe(409);
    expect(await statusOf('gs-c')).toMatchObject({ health: 'red', redReason: 'crashed', onlinePlayers: 0, load: null });
    t.clock.advance(5_000);
    await event('gs-c', 'start', { version: '2.14.3' });
    expect((await statusOf('gs-c')).health).toBe('green');
    await event('gs-c', 'deploy', { version: '2.15.0' });
    expect((await statusOf('gs-c')).version).toBe('2.15.0');
    const late = await beat('gs-c', { at: new Date(t.clock.now - 60_000).toISOString(), version: '1.0.0' });
    expect(late.status).toBe(200);
    expect((await statusOf('gs-c')).version).toBe('2.15.0');
    await event('gs-c', 'stop');
    t.clock.advance(120_000);
    expect(await statusOf('gs-c')).toMatchObject({ health: 'grey', process: 'stopped' });
    const kinds = (await logs('gs-c')).map((l: { kind: string }) => l.kind);
    expect(kinds).toEqual(['staff', 'crash', 'recovered', 'start', 'deploy', 'stop']);
    expect((await logs('gs-c')).find((l: { kind: string }) => l.kind === 'deploy').message).toBe('2.14.3 → 2.15.0');
  });

  it('refuses unsigned, badly signed and unregistered platform calls', async () => {
    await register('gs-s');
    const body = { serverId: 'gs-s', at: iso(), version: '1', load: 1, games: [] };
    expect((await p.post(HB, body, { signature: null })).status).toBe(401);
    expect((await p.post(HB, body, { secret: 'wrong' })).status).toBe(401);
    expect((await p.post(HB, body, { timestamp: String(t.clock.now - 301_000) })).status).toBe(401);
    expect((await p.post(HB, body, { appId: 'nobody' })).status).toBe(401);
    expect((await p.get('/api/platform/gameserver/state', 'serverId=gs-s', { signature: 'ab' })).status).toBe(401);
    const row = await t.database.db.selectFrom('game_server').select('last_heartbeat_at').where('server_id', '=', 'gs-s').executeTakeFirstOrThrow();
    expect(row.last_heartbeat_at).toBeNull();
    expect((await p.post(HB, { ...body, serverId: 'gs-unknown' })).status).toBe(404);
    expect((await p.post(HB, { ...body, load: 101 })).body.message).toContain('load:');
    expect((await p.post(HB, { ...body, games: [{ game: 'poker', online: 1, tables: 1 }] })).body.message).toContain('games.0.game:');
    expect((await p.post(HB, { ...body, at: new Date(t.clock.now + 600_000).toISOString() })).body.message).toContain('at:');
    expect((await p.post(HB, body)).status).toBe(200);
  });

  it('totals players and tables per game over green servers, and filters, sorts and exports the lists', async () => {
    await register('gs-g1', ['colorgame', 'rocket']);
    await register('gs-g2', ['colorgame']);
    await beat('gs-g1', {
      games: [
        { game: 'colorgame', online: 300, tables: 5 },
        { game: 'rocket', online: 200, tables: 2 },
      ],
    });
    await beat('gs-g2', { games: [{ game: 'colorgame', online: 50, tables: 1 }] });
    await event('gs-g2', 'crash');
    const s = await status();
    const colour = s.games.find((g: { game: string }) => g.game === 'colorgame');
    expect(colour).toEqual({ game: 'colorgame', servers: 2, green: 1, red: 1, online: 300, tables: 5 });
    expect(s.servers.find((x: { serverId: string }) => x.serverId === 'gs-g1')).toMatchObject({ onlinePlayers: 500, tables: 7, load: 41.5 });
    const list = await t.get(`${G}/list`, main, { game: 'colorgame', sort: 'serverId', order: 'descend' });
    expect(list.body.data.items.map((i: { serverId: string }) => i.serverId)).toEqual(['gs-g2', 'gs-g1']);
    const csv = await t.app.inject({ method: 'GET', url: `${G}/serverlogs/export?serverId=gs-g2`, headers: { 'x-token': main } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('gs-g2');
    expect(csv.body).toContain('crash');
    const from = new Date(t.clock.now + 3_600_000).toISOString();
    expect((await t.get(`${G}/serverlogs`, main, { from })).body.data.items).toHaveLength(0);
  });
});
