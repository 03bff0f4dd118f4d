import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

describe('serving the built web app', () => {
  let dist: string;
  let app: FastifyInstance;
  const js = 'console.log("the app");'.repeat(100);
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(dist, 'assets', 'index-Ab_d-FgH.js'), js);
    writeFileSync(join(dist, 'assets', 'index-Ab_d-FgH.js.gz'), gzipSync(js));
    writeFileSync(join(dist, 'assets', 'index-Ab_d-FgH.js.br'), brotliCompressSync(js));
    app = Fastify();
    await registerWebApp(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset precompressed when the browser accepts it, cached for a year', async () => {
    const br = await app.inject({ url: '/assets/index-Ab_d-FgH.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(js.length / 5);
    const gz = await app.inject({ url: '/assets/index-Ab_d-FgH.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-Ab_d-FgH.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('answers index.html for any other page, revalidated on every load', async () => {
    const page = await app.inject({ url: '/adminmanager/editer?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>console</title>');
  });

  it('answers the 404 envelope for unknown /api paths and for non-GET pages', async () => {
    for (const request of [{ url: '/api/nope' }, { url: '/api' }, { method: 'POST' as const, url: '/somewhere' }]) {
      const res = await app.inject(request);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Not found' });
    }
  });
});
