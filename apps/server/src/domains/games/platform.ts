/**
 * GET /api/platform/games/configs[?game=<id>]: the settings a game server plays with, and their
 * version (what its game.round events report as configVersion; 0 = the defaults, never saved).
 * Signed per application like every platform call; no operation log.
 */
import { findGame, GAMES } from '@console/games';
import { requiredText } from '@console/schemas';
import { z } from 'zod';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { notFound } from '../../http/api-error';
import { currentSettings } from './settings';

const query = z.strictObject({ game: requiredText(32).optional() });
const config = z.object({ game: z.string(), version: z.number().int(), settings: z.record(z.string(), z.unknown()) });

export const gamePlatform: PlatformOperation[] = [
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/games/configs',
    name: 'platform.games.configs',
    scope: 'config.read',
    summary: "Each game's settings in force and their version (one game with game=<id>; 404 unknown game)",
    query,
    response: z.object({ code: z.literal(200), data: z.object({ configs: z.array(config) }) }),
    handler: async ({ db, query: q }) => {
      const games = q.game === undefined ? GAMES : [findGame(q.game)].filter((g) => g !== undefined);
      if (games.length === 0) throw notFound(`Game ${q.game} not found`);
      const configs = await Promise.all(games.map(async (g) => ({ game: g.id, ...(await currentSettings(db, g)) })));
      return { code: 200, data: { configs } };
    },
  }),
];
