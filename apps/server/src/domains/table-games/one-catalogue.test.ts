/**
 * Migration 054 (decision 035) on both databases: the rooms first kept beside the game settings
 * become /platmanager templates, a template of the same id takes the room's mode, a room whose id
 * is another game's template stays where it was; the screens and the table servers then read
 * them; a round's mode comes from its room's template.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';

const MIGRATION = readFileSync(fileURLToPath(new URL('../../migrations/054_one_room_catalogue.sql', import.meta.url)), 'utf8');
const room = (room: string, mode: string, ante: number) => ({ room, name: `Room ${room}`, mode, ante, minBalance: ante * 10, maxBalance: 0, open: true });
const template = (id: string, game: string, extra: Record<string, unknown> = {}) => ({
  id,
  game,
  name: `Template ${id}`,
  ante: 100,
  minBalance: 1_000,
  maxBalance: 0,
  rakeBps: 500,
  rakeCap: 0,
  seats: game === 'tongits' ? 3 : 6,
  aiSeats: 2,
  turnSeconds: 20,
  open: true,
  ...extra,
});

describe.each(databases())('one room catalogue (migration 054) on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let admin: string;
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    admin = await t.loginAs('admin');
  }, 180_000);
  afterAll(async () => t?.close());

  it('moves the old rooms into templates once, and what reads rooms reads them', async () => {
    const owner = t.database.owner;
    const now = new Date();
    // a database as it stood before 054: rooms in table_game_item, templates without a mode
    await owner
      .insertInto('table_game_item')
      .values([
        { kind: 'tongits.rooms', key: 'duel-x', doc: JSON.stringify(room('duel-x', '1v1', 100)), updated_at: now },
        { kind: 'tongits.rooms', key: 'classic-x', doc: JSON.stringify(room('classic-x', 'table', 500)), updated_at: now },
        { kind: 'pusoy.rooms', key: 'p-x', doc: JSON.stringify(room('p-x', 'table', 1_000)), updated_at: now },
        { kind: 'tongits.rooms', key: 'clash', doc: JSON.stringify(room('clash', 'table', 100)), updated_at: now },
      ])
      .execute();
    await owner
      .insertInto('room_item')
      .values([
        { kind: 'template', key: 'duel-x', partner: 0, doc: JSON.stringify(template('duel-x', 'tongits')), updated_at: now },
        { kind: 'template', key: 'clash', partner: 0, doc: JSON.stringify(template('clash', 'hightexas')), updated_at: now },
      ])
      .execute();

    await sql.raw(MIGRATION).execute(owner);
    const docs = new Map(
      (await owner.selectFrom('room_item').select(['key', 'doc']).where('kind', '=', 'template').execute()).map((r) => [
        r.key,
        r.doc as Record<string, unknown>,
      ]),
    );
    expect(docs.get('duel-x')).toMatchObject({ game: 'tongits', mode: '1v1', aiSeats: 1, ante: 100 });
    expect(docs.get('classic-x')).toMatchObject({ game: 'tongits', mode: 'table', ante: 500, minBalance: 5_000, seats: 3, aiSeats: 2, open: true });
    expect(docs.get('p-x')).toMatchObject({ game: 'pusoy', mode: 'table', seats: 4, aiSeats: 0, turnSeconds: 60 });
    expect(docs.get('clash')).toMatchObject({ game: 'hightexas' });
    const versions = await owner.selectFrom('config_version').select(['key', 'action']).where('kind', '=', 'platmanager.template').orderBy('key').execute();
    expect(versions).toEqual([
      { key: 'classic-x', action: 'migrate' },
      { key: 'duel-x', action: 'migrate' },
      { key: 'p-x', action: 'migrate' },
    ]);
    // only the clashing room is left where it was
    expect((await owner.selectFrom('table_game_item').select('key').where('kind', 'like', '%.rooms').execute()).map((r) => r.key)).toEqual(['clash']);
    // a second run changes nothing
    await sql.raw(MIGRATION).execute(owner);
    expect(
      Number(
        (
          await owner
            .selectFrom('config_version')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('kind', '=', 'platmanager.template')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(3);

    // the Tongits screen and the table servers read the templates
    const rooms = (await t.get('/api/tinygames/tongits/tongitsconfig/rooms', admin)).body.data.items as { room: string; mode: string }[];
    expect(rooms.map((r) => [r.room, r.mode])).toEqual([
      ['duel-x', '1v1'],
      ['classic-x', 'table'],
    ]);
    const served = (await p.get('/api/platform/tablegames/configs', 'game=pusoy')).body.data.rooms as { room: string }[];
    expect(served.map((r) => r.room)).toEqual(['p-x']);
    expect(
      (await t.get('/api/platmanager/template', admin, { game: 'tongits' })).body.data.items.map((x: { id: string; mode: string }) => [x.id, x.mode]).sort(),
    ).toEqual([
      ['classic-x', 'table'],
      ['duel-x', '1v1'],
    ]);
  });
});
