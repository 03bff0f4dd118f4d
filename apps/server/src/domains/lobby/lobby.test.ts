/**
 * The /gamehomepage staff operations: who reads and who changes (decision 010: service roles
 * read only, partners change only their own packages' lobbies), 400 naming the field with
 * nothing written, versions and restore, partner scoping, and the preview.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { seedPaymentConfig } from '../payment-config/demo';
import { seedLobby } from './demo';

const api = '/api/gamehomepage';
const category = { code: 'live', nameEn: 'Live', nameZh: '真人', icon: 'live', sortOrder: 5, visible: true };
const game = {
  tag: 'jili.crazy777',
  provider: 'jili',
  category: 'live',
  nameEn: 'Crazy 777',
  nameZh: '疯狂777',
  icon: 'crazy777',
  initValue: 0,
  rank: 1,
  platform: 'all',
  payLimit: 0,
  visible: true,
  packages: ['com.demo'],
};

describe.each(databases())('the lobby configuration on $kind', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = async (role: string) => (tokens[role] ??= await t.loginAs(role));
  const counts = async () => {
    const db = t.database.db;
    const n = async (table: 'config_version' | 'lobby_category' | 'lobby_game' | 'lobby_game_package' | 'lobby_layout' | 'lobby_layout_category') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const log = Number(
      (
        await db
          .selectFrom('operation_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('result', '=', 'ok')
          .where('operation', 'like', 'gamehomepage.%')
          .executeTakeFirstOrThrow()
      ).n,
    );
    return {
      log,
      versions: await n('config_version'),
      categories: await n('lobby_category'),
      games: await n('lobby_game'),
      links: await n('lobby_game_package'),
      layouts: await n('lobby_layout'),
      layoutCategories: await n('lobby_layout_category'),
    };
  };
  const layout = async (pkg: string, role = 'admin') => (await t.get(`${api}/packagename/layout`, await as(role), { package: pkg })).body.data;

  beforeAll(async () => {
    t = await testApp(kind);
    await t.database.db
      .insertInto('partner')
      .values([
        { id: 1, name: 'Demo Partner' },
        { id: 2, name: 'Second Partner' },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await seedPaymentConfig(t.database.db, new Date(t.clock.now));
    await seedLobby(t.database.db, new Date(t.clock.now));
  });
  afterAll(async () => t?.close());

  it('every role of the module reads; service roles and partners cannot change the games or categories (403 before the body)', async () => {
    for (const role of ['admin', 'business', 'service', 'serviceleader', 'partner', 'secadmin']) {
      const token = await as(role);
      for (const url of [`${api}/configs/games`, `${api}/category/categories`, `${api}/packagename/packages`, `${api}/configs/versions`]) {
        expect([role, url, (await t.get(url, token)).status]).toEqual([role, url, 200]);
      }
    }
    const before = await counts();
    const refused: [string, string, unknown?][] = [
      ['service', `${api}/configs/games/create`, { junk: 1 }],
      ['serviceleader', `${api}/configs/games/update`, game],
      ['partner', `${api}/configs/games/delete`, { tag: 'tongits' }],
      ['partner', `${api}/category/categories/create`, category],
      ['serviceleader', `${api}/category/versions/restore`, { id: 1 }],
      ['service', `${api}/packagename/layout/update`, { package: 'com.demo' }],
      ['serviceleader', `${api}/packagename/versions/restore`, 'not json'],
      ['maint', `${api}/configs/games/create`, game],
    ];
    for (const [role, url, body] of refused) {
      const res = await t.post(url, body, await as(role));
      expect([role, url, res.status]).toEqual([role, url, 403]);
    }
    for (const [role, url] of [
      ['maint', `${api}/configs/games`],
      ['sales', `${api}/packagename/preview?package=com.demo`],
      ['editor', `${api}/category/versions`],
    ]) {
      expect([role, (await t.get(url, await as(role))).status]).toEqual([role, 403]);
    }
    expect(await counts()).toEqual(before);
  });

  it('a bad body is a 400 naming the field, and nothing is written', async () => {
    const token = await as('business');
    const before = await counts();
    const cases: [string, unknown, string][] = [
      [`${api}/category/categories/create`, { ...category, code: 'has space' }, 'code'],
      [`${api}/category/categories/create`, { ...category, nameZh: '' }, 'nameZh'],
      [`${api}/category/categories/create`, { ...category, sortOrder: -1 }, 'sortOrder'],
      [`${api}/category/categories/create`, { ...category, visible: 'yes' }, 'visible'],
      [`${api}/configs/games/create`, { ...game, tag: 'crazy777' }, 'tag'],
      [`${api}/configs/games/create`, { ...game, provider: 'house', tag: 'poker' }, 'tag'],
      [`${api}/configs/games/create`, { ...game, platform: 'windows' }, 'platform'],
      [`${api}/configs/games/create`, { ...game, payLimit: 1.5 }, 'payLimit'],
      [`${api}/configs/games/create`, { ...game, payLimit: '100' }, 'payLimit'],
      [`${api}/configs/games/create`, { ...game, initValue: -1 }, 'initValue'],
      [`${api}/configs/games/create`, { ...game, rank: 1_000_001 }, 'rank'],
      [`${api}/configs/games/create`, { ...game, packages: ['com.demo', 'com.demo'] }, 'packages'],
      [`${api}/configs/games/create`, { ...game, nameEn: 'x'.repeat(65) }, 'nameEn'],
      [`${api}/configs/games/create`, { ...game, extra: 1 }, 'extra'],
      [`${api}/packagename/layout/update`, { package: 'com.demo', custom: true, categories: ['cards', 'cards'], games: [] }, 'categories'],
      [`${api}/packagename/layout/update`, { package: 'com.demo', custom: 1, categories: [], games: [] }, 'custom'],
      [`${api}/packagename/layout/update`, { package: 'com.demo', custom: true, categories: [], games: ['Tongits'] }, 'games.0'],
    ];
    for (const [url, body, field] of cases) {
      const res = await t.post(url, body, token);
      expect([url, field, res.status]).toEqual([url, field, 400]);
      expect(res.body.message).toContain(field);
    }
    for (const [url, query, field] of [
      [`${api}/packagename/preview`, { package: 'com.demo', platform: 'pc' }, 'platform'],
      [`${api}/packagename/preview`, { package: 'com.demo', paid: '-5' }, 'paid'],
      [`${api}/configs/games`, { platform: 'x' }, 'platform'],
    ] as const) {
      const res = await t.get(url, token, query);
      expect([field, res.status]).toEqual([field, 400]);
      expect(res.body.message).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });

  it('creates, updates and removes with a version and an operation-log record each; a category in use stays', async () => {
    const token = await as('business');
    expect((await t.post(`${api}/configs/games/create`, game, token)).body.message).toBe('Category live does not exist');
    expect((await t.post(`${api}/category/categories/create`, category, token)).status).toBe(200);
    expect((await t.post(`${api}/category/categories/create`, category, token)).status).toBe(409);
    const missing = await t.post(`${api}/configs/games/create`, { ...game, packages: ['com.none'] }, token);
    expect([missing.status, missing.body.message]).toEqual([409, 'Package com.none does not exist']);
    expect((await t.post(`${api}/configs/games/create`, game, token)).status).toBe(200);
    const updated = await t.post(
      `${api}/configs/games/update`,
      { ...game, payLimit: 20_000, packages: ['com.demo', 'com.demo.partner1'] },
      await as('secadmin'),
    );
    expect(updated.status).toBe(200);
    const list = await t.get(`${api}/configs/games`, token, { tag: 'crazy' });
    expect(list.body.data.items).toEqual([expect.objectContaining({ tag: 'jili.crazy777', payLimit: 20_000, packages: ['com.demo', 'com.demo.partner1'] })]);
    expect((await t.get(`${api}/category/categories`, token, { code: 'live' })).body.data.items[0]).toMatchObject({ games: 1 });

    const refused = await t.post(`${api}/category/categories/delete`, { code: 'live' }, token);
    expect([refused.status, refused.body.message]).toEqual([409, 'Category live still has games: move them first']);

    const versions = (await t.get(`${api}/configs/versions`, token, { key: 'jili.crazy777' })).body.data.items;
    expect(versions.map((v: { action: string; actor: string }) => [v.action, v.actor])).toEqual([
      ['update', 'secadmin'],
      ['create', 'business'],
    ]);
    expect(versions[0].before).toMatchObject({ payLimit: 0 });
    expect(versions[0].after).toMatchObject({ payLimit: 20_000 });
    const log = await t.database.db
      .selectFrom('operation_log')
      .selectAll()
      .where('operation', '=', 'gamehomepage.configs.games.update')
      .where('result', '=', 'ok')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ username: 'secadmin', target: 'gamehomepage.configs:jili.crazy777', before: expect.objectContaining({ payLimit: 0 }) });

    // restore the first version: pay limit and packages as they were
    const restored = await t.post(`${api}/configs/versions/restore`, { id: versions[1].id }, token);
    expect(restored.status).toBe(200);
    expect((await t.get(`${api}/configs/games`, token, { tag: 'crazy' })).body.data.items[0]).toMatchObject({ payLimit: 0, packages: ['com.demo'] });
    expect((await t.get(`${api}/configs/versions`, token, { key: 'jili.crazy777' })).body.data.items[0].action).toBe(`restore:${versions[1].id}`);

    expect((await t.post(`${api}/configs/games/delete`, { tag: 'jili.crazy777' }, token)).status).toBe(200);
    expect((await t.post(`${api}/category/categories/delete`, { code: 'live' }, token)).status).toBe(200);
    // restoring the game while its category is gone: 409, nothing written
    const before = await counts();
    const gone = await t.post(`${api}/configs/versions/restore`, { id: versions[1].id }, token);
    expect([gone.status, gone.body.message]).toEqual([409, 'Category live does not exist']);
    expect(await counts()).toEqual(before);
  });

  it('a package lobby: own order, versions, restore; the configs side sees the same links', async () => {
    const token = await as('secadmin');
    const demo = await layout('com.demo');
    expect(demo).toMatchObject({ package: 'com.demo', partner: 0, custom: false, categories: ['cards', 'slots', 'quick', 'lottery', 'thirdparty'] });
    expect(demo.games.slice(0, 4)).toEqual(['tongits', 'pusoy', 'lucky9', 'hightexas']);
    const body = { package: 'com.demo', custom: true, categories: ['quick', 'cards'], games: ['rocket', 'colorgame', 'pusoy', 'tongits'] };
    const saved = await t.post(`${api}/packagename/layout/update`, body, token);
    expect(saved.status).toBe(200);
    expect(await layout('com.demo')).toEqual({ ...body, partner: 0 });
    // configs: rocket still lists com.demo, luckyjoker no longer
    const games = (await t.get(`${api}/configs/games`, token, { pageSize: '100' })).body.data.items as { tag: string; packages: string[] }[];
    expect(games.find((g) => g.tag === 'rocket')!.packages).toContain('com.demo');
    expect(games.find((g) => g.tag === 'luckyjoker')!.packages).not.toContain('com.demo');
    const preview = (await t.get(`${api}/packagename/preview`, token, { package: 'com.demo' })).body.data;
    expect(preview.categories.map((c: { code: string; games: { tag: string }[] }) => [c.code, c.games.map((g) => g.tag)])).toEqual([
      ['quick', ['rocket', 'colorgame']],
      ['cards', ['pusoy', 'tongits']],
    ]);

    const unknown = await t.post(`${api}/packagename/layout/update`, { ...body, games: ['tongits', 'jili.nope'] }, token);
    expect([unknown.status, unknown.body.message]).toEqual([409, 'Game jili.nope does not exist']);
    expect((await t.post(`${api}/packagename/layout/update`, { ...body, package: 'com.none' }, token)).status).toBe(404);

    // back to the default order with every game, then the own order restored from its version
    expect((await t.post(`${api}/packagename/layout/update`, { package: 'com.demo', custom: false, categories: [], games: demo.games }, token)).status).toBe(
      200,
    );
    expect(await layout('com.demo')).toEqual(demo);
    const versions = (await t.get(`${api}/packagename/versions`, token, { key: 'com.demo' })).body.data.items;
    expect(versions.map((v: { action: string }) => v.action)).toEqual(['update', 'update']);
    expect(versions[1].before).toMatchObject({ custom: false });
    expect((await t.post(`${api}/packagename/versions/restore`, { id: versions[1].id }, token)).status).toBe(200);
    expect(await layout('com.demo')).toEqual({ ...body, partner: 0 });
    expect((await t.post(`${api}/packagename/versions/restore`, { id: versions[0].id }, token)).status).toBe(200);
    expect(await layout('com.demo')).toEqual(demo);

    // a package removed on packageControl takes its lobby along; its lobby's versions no longer restore
    const pkg = { package: 'com.gone', name: 'Gone', partner: 2, channels: [] };
    expect((await t.post('/api/remoteconfig/packageControl/packages/create', pkg, token)).status).toBe(200);
    expect(
      (await t.post(`${api}/packagename/layout/update`, { package: 'com.gone', custom: true, categories: ['cards'], games: ['tongits'] }, token)).status,
    ).toBe(200);
    const gone = (await t.get(`${api}/packagename/versions`, token, { key: 'com.gone' })).body.data.items[0];
    // moved to another partner: the old lobby (partner 2's) is not restored over partner 1's package
    expect((await t.post('/api/remoteconfig/packageControl/packages/update', { ...pkg, partner: 1 }, token)).status).toBe(200);
    const moved = await t.post(`${api}/packagename/versions/restore`, { id: gone.id }, token);
    expect([moved.status, moved.body.message]).toEqual([409, 'Package com.gone now belongs to partner 1']);
    expect((await t.post('/api/remoteconfig/packageControl/packages/delete', { package: 'com.gone' }, token)).status).toBe(200);
    expect(await t.database.db.selectFrom('lobby_game_package').select('tag').where('package', '=', 'com.gone').execute()).toEqual([]);
    const restored = await t.post(`${api}/packagename/versions/restore`, { id: gone.id }, token);
    expect([restored.status, restored.body.message]).toEqual([409, 'Package com.gone does not exist']);
  });

  it("a partner account sees and changes only its own packages' lobbies", async () => {
    const partner = await as('partner');
    const packages = (await t.get(`${api}/packagename/packages`, partner)).body.data;
    expect(packages.items.map((p: { package: string }) => p.package)).toEqual(['com.demo.partner1']);
    expect(packages.items[0]).toMatchObject({ custom: true, categories: ['cards', 'thirdparty', 'slots', 'quick'], games: 18 });
    // the games list shows the partner its own packages only
    const tongits = (await t.get(`${api}/configs/games`, partner, { tag: 'tongits' })).body.data.items[0];
    expect(tongits.packages).toEqual(['com.demo.partner1']);
    expect((await t.get(`${api}/configs/games`, await as('service'), { tag: 'tongits' })).body.data.items[0].packages).toHaveLength(4);
    const csv = await t.app.inject({ method: 'GET', url: `${api}/configs/games/export?tag=tongits`, headers: { 'x-token': partner } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('com.demo.partner1');
    expect(csv.body).not.toContain('com.demo.lite');

    for (const url of [`${api}/packagename/layout`, `${api}/packagename/preview`]) {
      expect((await t.get(url, partner, { package: 'com.demo.partner2' })).status).toBe(404);
    }
    const before = await counts();
    const other = await t.post(`${api}/packagename/layout/update`, { package: 'com.demo.partner2', custom: false, categories: [], games: [] }, partner);
    expect(other.status).toBe(404);
    expect(await counts()).toEqual(before);

    const own = await layout('com.demo.partner1', 'partner');
    const saved = await t.post(
      `${api}/packagename/layout/update`,
      { package: own.package, custom: true, categories: own.categories, games: own.games.filter((g: string) => g !== 'hightexas') },
      partner,
    );
    expect(saved.status).toBe(200);
    const versions = (await t.get(`${api}/packagename/versions`, partner)).body.data.items;
    expect(new Set(versions.map((v: { key: string }) => v.key))).toEqual(new Set(['com.demo.partner1']));
    const others = await t.database.db
      .selectFrom('config_version')
      .select('id')
      .where('kind', '=', 'gamehomepage.packagename')
      .where('key', '=', 'com.demo.lite')
      .execute();
    expect((await t.post(`${api}/packagename/versions/restore`, { id: Number(others[0].id) }, partner)).status).toBe(404);
    expect((await t.post(`${api}/packagename/versions/restore`, { id: versions[versions.length - 1].id }, partner)).status).toBe(200);
    expect((await layout('com.demo.partner1', 'partner')).games).toContain('hightexas');
  });
});
