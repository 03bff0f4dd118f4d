/**
 * GET /api/platform/lobby (signed): a package's lobby for the client app (docs/api/lobby.md).
 * With `platform` the entries of that platform only; with `uid` only those whose pay limit the
 * player's paid recharges reach. The answer carries `version` and an ETag of it: a request with
 * `If-None-Match` naming the current one gets a 304 and no body.
 */
import { lobbyView, platformLobbyQuery } from '@console/schemas';
import { z } from 'zod';
import { notFound } from '../../http/api-error';
import { definePlatformOperation } from '../../http/platform-operation';
import { buildLobby, paidTotal } from './lobby';

export const lobbyPlatform = [
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/lobby',
    name: 'platform.lobby',
    scope: 'config.read',
    summary:
      "A package's lobby: categories in order, each with its games in order; `platform` keeps that platform's entries, " +
      '`uid` those whose pay limit the player reaches; ETag = version (If-None-Match: 304); 404 unknown package or player',
    query: platformLobbyQuery,
    response: z.object({ code: z.literal(200), data: lobbyView }),
    handler: async ({ db, query, request, reply }) => {
      let paid: number | undefined;
      if (query.uid !== undefined) {
        const total = await paidTotal(db, query.uid);
        if (total === null) throw notFound(`Player ${query.uid} not found`);
        paid = total;
      }
      const lobby = await buildLobby(db, query.package, { platform: query.platform, paid });
      if (!lobby) throw notFound(`Package ${query.package} not found`);
      const etag = `"${lobby.version}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      const asked = request.headers['if-none-match'];
      if (
        typeof asked === 'string' &&
        asked
          .split(',')
          .map((s) => s.trim().replace(/^W\//, ''))
          .includes(etag)
      ) {
        return reply.code(304).send();
      }
      return { code: 200, data: lobby };
    },
  }),
];
