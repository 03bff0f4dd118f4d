/**
 * GET /api/platform/tablegames/configs?game=tongits|pusoy (signed): what a Tongits or Pusoy game
 * server plays with: the game's settings and their version (what its rounds report as
 * configVersion), the rooms with the AI seats each may seat, the AI seats' play (Tongits; an AI
 * seat is always shown to players as AI: `label` is fixed), and the jackpot rules with the
 * pool's balance and what a hit pays now.
 */
import { findGame } from '@console/games';
import { TABLE_GAMES, type TableGame } from '@console/schemas';
import { z } from 'zod';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { currentSettings } from '../games/settings';
import { AI_DOC, listRooms, readDocument, roomsWithAi } from './config';
import { readPool } from './jackpot';

/** What players see on an AI seat's name plate: always this (docs/decisions/012-table-games.md). */
export const AI_LABEL = 'AI';

const query = z.strictObject({ game: z.enum(TABLE_GAMES, { message: `Must be one of ${TABLE_GAMES.join(', ')}` }) });

export async function tableGameConfig(db: Parameters<typeof listRooms>[0], game: TableGame) {
  const g = findGame(game)!;
  const ai = game === 'tongits' ? await readDocument(db, AI_DOC) : null;
  const [settings, rooms, pool] = await Promise.all([currentSettings(db, g), listRooms(db, game), readPool(db, game)]);
  const hasJackpot = Object.hasOwn(g.defaults as object, 'jackpotBps');
  return {
    game,
    version: settings.version,
    settings: settings.settings,
    rooms: roomsWithAi(rooms, ai),
    ai: ai === null ? null : { ...ai, label: AI_LABEL, shownAsAi: true as const },
    jackpot: hasJackpot ? { rules: pool.rules, balance: pool.balance, nextPayout: pool.nextPayout } : null,
  };
}

export const tableGamePlatform: PlatformOperation[] = [
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/tablegames/configs',
    name: 'platform.tablegames.configs',
    scope: 'config.read',
    summary: 'Tongits or Pusoy: settings and version, rooms (stake, balance range, mode, AI seats), AI play, jackpot rules and pool',
    query,
    handler: async ({ db, query: q }) => ({ code: 200, data: await tableGameConfig(db, q.game) }),
  }),
];
