/**
 * Serves the built web app (apps/web/dist) with an SPA fallback: any GET outside /api that
 * is not a file answers index.html. Unknown /api paths answer the 404 envelope.
 * Vite names the files under /assets/ by their content, so they are cached for a year; the
 * rest (index.html) is revalidated on every load. The build writes .br and .gz beside each
 * file, sent to browsers that accept them.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(\.(br|gz))?$/;
const NOT_BUILT = 'The web app is not built (apps/web/dist is missing): run `npm run build:web`, or `npm start` which builds it.';

export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const built = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist, wildcard: false, index: false, preCompressed: true, cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    if (request.method !== 'GET' || path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ code: 404, message: 'Not found' });
    }
    if (!built) return reply.status(404).type('text/plain; charset=utf-8').send(NOT_BUILT);
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
