/**
 * Staff API of the table-game settings screens (admin only, from the catalogue):
 *
 *   /api/tinygames/<g>/<g>config/settings   the game's settings (fees, jackpot share, turn time, bet limits) — the
 *                                            same document and history as a house game's configs (games/screens.ts)
 *   /api/tinygames/<g>/<g>config/rooms      rooms: list (+ export); they are the game's /platmanager room templates
 *                                            (decision 035), created, edited and removed on /platmanager/template
 *   /api/tinygames/tongits/tongitsconfig/jackpot   the jackpot rules (GET, update, versions)
 *   /api/tinygames/tongits/aiconfig          the AI seats (GET, update, versions)
 *   /api/tinygames/tongitscheat/cheatconfig  the cheat thresholds (GET, update, versions)
 *
 * Every save overwrites a whole document (the screens confirm first), writes a version and the
 * operation log. docs/api/tablegames.md.
 */
import { findGame } from '@console/games';
import { type aiSettings, TABLE_GAMES, tableRoomRow, type TableGame, type TableRoom } from '@console/schemas';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { badInput } from '../../http/api-error';
import { defineOperation, type Operation } from '../../http/operation';
import { saveItem, versionOperations } from '../../settings/versions';
import { gameSettingsOperations } from '../games/screens';
import { reportOperations } from '../../reports/report';
import { lockKind } from '../rooms/items';
import { AI_DOC, CHEAT_DOC, configScreen, documentItems, jackpotDoc, listRooms, readDocument, roomsWithAi, type DocumentSpec } from './config';

const tags = ['tinygames'];
const saved = z.object({ code: z.literal(200), data: z.object({ version: z.number(), doc: z.unknown() }) });

/** GET <url>, POST <url>/update, <url>/versions: one document with defaults. `check` refuses what the schema cannot see (400). */
export function documentOperations<Doc>(
  spec: DocumentSpec<Doc>,
  at: { url: string; name: string; summary: string },
  check?: (db: Db, doc: Doc) => Promise<void>,
): Operation[] {
  const items = documentItems(spec);
  return [
    defineOperation({
      method: 'GET',
      url: at.url,
      name: at.name,
      screen: spec.screen,
      tags,
      summary: `${at.summary} in force (the defaults until first saved)`,
      handler: async ({ db }) => ({ code: 200, data: await readDocument(db, spec) }),
    }),
    defineOperation({
      method: 'POST',
      url: `${at.url}/update`,
      name: `${at.name}.update`,
      screen: spec.screen,
      tags,
      audit: true,
      body: spec.schema,
      response: saved,
      summary: `Overwrites the ${at.summary.toLowerCase()} with the whole document sent (the screen confirms first); 400 naming the field`,
      handler: async ({ db, user, now, note, body }) => {
        if (check) await check(db, body);
        return { code: 200, data: await saveItem({ db, user, now, note }, items, '', 'update', () => body) };
      },
    }),
    ...versionOperations(items, { base: `${at.url}/versions`, name: `${at.name}.versions`, tags }),
  ];
}

/** The game's rooms: its /platmanager room templates, read here with the AI seats each may seat (edited on /platmanager/template, decision 035). */
function roomOperations(game: TableGame): Operation[] {
  return reportOperations<TableRoom & { aiSeats: number; playable: boolean }>({
    url: `/api/tinygames/${game}/${game}config/rooms`,
    name: `tinygames.${game}.${game}config.rooms`,
    screen: configScreen(game),
    summary: `Rooms of ${game} (its /platmanager room templates, edited there): stake (ante), balance range, mode, open, AI seats; filter mode`,
    params: { mode: z.enum(['table', '1v1'], { message: 'Must be table or 1v1' }).optional() },
    item: tableRoomRow,
    id: 'room',
    sorts: ['room', 'name', 'mode', 'ante', 'minBalance', 'maxBalance'],
    defaultSort: { key: 'ante', order: 'ascend' },
    load: async (db, _user, q) => {
      const ai = game === 'tongits' ? await readDocument(db, AI_DOC) : null;
      return roomsWithAi(await listRooms(db, game), ai).filter((r) => q.mode === undefined || r.mode === q.mode);
    },
  });
}

/** The AI settings may name only Tongits rooms that exist (the templates' writes take the same lock). */
async function checkAiRooms(db: Db, doc: z.infer<typeof aiSettings>): Promise<void> {
  await lockKind(db, 'quicktier');
  const rooms = new Set((await listRooms(db, 'tongits')).map((r) => r.room));
  doc.rooms.forEach((room, i) => {
    if (!rooms.has(room)) throw badInput(`rooms.${i}`, `Unknown room ${room}: the rooms are the Tongits templates of /platmanager/template`);
  });
}

export const configOperations: Operation[] = [
  ...TABLE_GAMES.flatMap((game) => {
    const url = `/api/tinygames/${game}/${game}config`;
    const name = `tinygames.${game}.${game}config`;
    const g = findGame(game)!;
    const hasJackpot = Object.hasOwn(g.defaults as object, 'jackpotBps');
    return [
      ...gameSettingsOperations(g, { screen: configScreen(game), url: `${url}/settings`, name: `${name}.settings` }),
      ...roomOperations(game),
      ...(hasJackpot ? documentOperations(jackpotDoc(game), { url: `${url}/jackpot`, name: `${name}.jackpot`, summary: `${g.name.en} jackpot rules` }) : []),
    ];
  }),
  ...documentOperations(
    AI_DOC,
    { url: '/api/tinygames/tongits/aiconfig', name: 'tinygames.tongits.aiconfig', summary: 'Tongits AI seat settings' },
    checkAiRooms,
  ),
  ...documentOperations(CHEAT_DOC, {
    url: '/api/tinygames/tongitscheat/cheatconfig',
    name: 'tinygames.tongitscheat.cheatconfig',
    summary: 'Anti-cheat thresholds',
  }),
];
