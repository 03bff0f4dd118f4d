/**
 * Serves the built web app (apps/web/dist) with an SPA fallback: any GET outside /api that
 * is not a file answers index.html. Unknown /api paths answer the 404 envelope.
 * Vite names the files under /assets/ by their content, so they are cached for a year; the
 * rest (index.html) is revalidated on every load. The build writes .br and .gz beside each
 * file, sent to browsers that accept them.
 *
 * `building` (npm start while the web build runs beside the database's start, cli/web-build.ts):
 * the files are looked up on each request instead of listed once, and until index.html is there
 * every page answers a short "being built" page that reloads itself.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(\.(br|gz))?$/;
const NOT_BUILT = 'The web app is not built (apps/web/dist is missing): run `npm run build:web`, or `npm start` which builds it.';

const BUILDING = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2">
<title>Game Platform Management System</title></head><body style="font-family:sans-serif;margin:3rem;color:#333">
<p>The console is starting: its web app is being built (about half a minute the first time). This page reloads by itself.</p>
<p>控制台正在启动：正在构建网页应用（首次约半分钟），本页会自动刷新。</p></body></html>`;

export async function registerWebApp(app: FastifyInstance, webDist: string | undefined, building = false): Promise<void> {
  let built = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (built || (building && webDist !== undefined)) {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: building,
      index: false,
      preCompressed: true,
      cacheControl: false,
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
    if (!built && building) built = existsSync(join(webDist!, 'index.html'));
    if (!built && building)
      return reply.status(503).header('cache-control', 'no-store').header('retry-after', '2').type('text/html; charset=utf-8').send(BUILDING);
    if (!built) return reply.status(404).type('text/plain; charset=utf-8').send(NOT_BUILT);
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
