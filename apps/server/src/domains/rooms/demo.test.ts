/**
 * The rooms' demo seed: templates of every table game, tables made from them (some on an older
 * template version), quick-match tiers with their tables, mini-game quick templates within the
 * games' settings, both partners' stores; through the screens' services (versions written),
 * deterministic and safe to re-run (a second run adds nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { DEMO_TEMPLATES, DEMO_TIERS, seedRooms, seedRoomActivity } from './demo';

// PGlite only: the demo code is the same on both; the full seed on PostgreSQL is simulator/demo-screens.test.ts's
describe.each(databases().slice(0, 1))('rooms demo seed on $kind', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await testApp(kind);
    admin = await t.loginAs('admin');
  }, 180_000);
  afterAll(async () => t?.close());

  it('every screen has data, some tables on an older version; a re-run adds nothing', async () => {
    await seedRooms(t.database.db, t.clock.now);
    const figures = await seedRoomActivity(t.database.db, t.config, '', t.clock.now);
    expect(figures).toMatchObject({ templates: DEMO_TEMPLATES.length, tiers: DEMO_TIERS.length, storeEntries: 14 });
    expect(figures.tinyTemplates).toBeGreaterThanOrEqual(6);
    const count = async (table: 'room_item' | 'room_table' | 'config_version' | 'operation_log') =>
      Number(
        (
          await t.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await Promise.all([count('room_item'), count('room_table'), count('config_version')]);
    await seedRooms(t.database.db, t.clock.now + 3_600_000);
    expect(await Promise.all([count('room_item'), count('room_table'), count('config_version')])).toEqual(before);

    for (const url of [
      '/api/platmanager/template',
      '/api/platmanager/table',
      '/api/platmanager/quicktemplate',
      '/api/platmanager/quicktable',
      '/api/platmanager/tinygamequicktemplate',
    ]) {
      expect((await t.get(url, admin)).body.data.total, url).toBeGreaterThan(4);
    }
    const older = (await t.get('/api/platmanager/table', admin, { current: 'false', pageSize: '100' })).body.data.items as {
      code: string;
      aiSeats: number;
      ante: number;
    }[];
    expect(older.map((x) => x.code).sort()).toEqual(['bronze:1', 'bronze:2', 'bronze:3', 'bronze:4', 'bronze:5', 'bronze:6', 'p-5:1', 'p-5:2', 'p-5:3']);
    expect(older.find((x) => x.code === 'bronze:1')!.aiSeats).toBe(1);
    expect(older.find((x) => x.code === 'p-5:1')!.ante).toBe(300);
    const partner = await t.loginAs('partner');
    const store = (await t.get('/api/partnermanager/gamestoreV1', partner, { pageSize: '100' })).body.data.items as { partner: number }[];
    expect(store.length).toBe(9);
    expect(store.every((e) => e.partner === 1)).toBe(true);
    // the demo's quick match: a ₱500 balance plays Tongits in the starter tier
    expect((await t.get('/api/platmanager/quicktemplate/match', admin, { game: 'tongits', balance: '50000' })).body.data.tier.id).toBe('tg-low');
  });
});
