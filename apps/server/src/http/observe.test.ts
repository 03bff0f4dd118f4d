/**
 * Seeing it run: a request's id is kept (when plain) or made, returned, and in every log line
 * written while it runs, the process logger's too; access log lines hide secret query values and
 * the logger redacts credentials; GET /api/ready checks the database and its migrations (503
 * naming what is missing); GET /metrics answers Prometheus' format only with the token.
 */
import { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { processSettingsFromEnv } from '../config';
import { databases } from '../test/databases';
import { testApp, type TestApp } from '../test/harness';
import { readiness } from './ready';
import { LOG_REDACT, redactUrl, registerRequestObservation, requestIdOf, requestLogFields } from './observe';

function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ mixin: requestLogFields, redact: LOG_REDACT }, stream) };
}

describe('request ids and the log', () => {
  it('keeps a plain X-Request-Id and makes one up otherwise', () => {
    const req = (value?: string) => ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as never;
    expect(requestIdOf(req('lb-7f3a.21:9'))).toBe('lb-7f3a.21:9');
    for (const bad of [undefined, '', 'has space', 'x'.repeat(129), 'new\nline', '<script>']) {
      expect(requestIdOf(req(bad)), String(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('puts the id on every line of the request, the process logger included, and returns it', async () => {
    const { lines, logger } = capturedLogger();
    const app = Fastify({
      loggerInstance: logger,
      genReqId: requestIdOf,
      requestIdHeader: false,
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerRequestObservation(app as unknown as FastifyInstance, { accessLog: true });
    app.post('/work', async (request) => {
      await new Promise((r) => setTimeout(r, 5));
      app.log.info({ got: (request.body as { n: number }).n }, 'inside the handler');
      return { ok: true };
    });
    const res = await app.inject({ method: 'POST', url: '/work?password=hunter2&page=2', payload: { n: 3 }, headers: { 'x-request-id': 'trace-1' } });
    expect(res.headers['x-request-id']).toBe('trace-1');
    const inside = lines.find((l) => l.msg === 'inside the handler');
    expect(inside).toMatchObject({ reqId: 'trace-1', got: 3 });
    const access = lines.find((l) => l.msg === 'request');
    expect(access).toMatchObject({ reqId: 'trace-1', method: 'POST', status: 200, url: '/work?password=[redacted]&page=2' });
    const other = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.find((l) => l.msg === 'request' && l.url === '/nowhere')).toMatchObject({ reqId: other.headers['x-request-id'], status: 404 });
    // outside a request no id is made up
    app.log.info('between requests');
    expect(lines.find((l) => l.msg === 'between requests')).not.toHaveProperty('reqId');
    await app.close();
  });

  it('never logs credentials', () => {
    const { lines, logger } = capturedLogger();
    logger.info({ body: { username: 'admin', password: 'demo123456' }, app: { secret: 's3cr3t', token: 't0k' } }, 'x');
    logger.info({ req: { headers: { authorization: 'Bearer abc', 'x-signature': 'sig', host: 'h' } } }, 'y');
    const text = JSON.stringify(lines);
    for (const secret of ['demo123456', 's3cr3t', 't0k', 'Bearer abc', '"sig"']) expect(text).not.toContain(secret);
    expect(text).toContain('admin');
    expect(redactUrl('/api/x?appId=a&sign=abc&timestamp=1&accessToken=zz')).toBe('/api/x?appId=a&sign=[redacted]&timestamp=1&accessToken=[redacted]');
    expect(redactUrl('/plain')).toBe('/plain');
  });
});

describe('process settings', () => {
  it('reads the pool, timeouts and switches, defaulting by mode, and names a bad variable', () => {
    expect(processSettingsFromEnv({}, false)).toMatchObject({
      poolSize: 10,
      statementTimeoutMs: 0,
      migrate: true,
      accessLog: false,
      shutdownDeadlineMs: 25_000,
    });
    expect(processSettingsFromEnv({}, true)).toMatchObject({ statementTimeoutMs: 120_000, idleInTransactionTimeoutMs: 60_000, accessLog: true });
    expect(processSettingsFromEnv({ DB_POOL_SIZE: '40', MIGRATE: '0', ACCESS_LOG: '0', METRICS_PORT: '9464' }, true)).toMatchObject({
      poolSize: 40,
      migrate: false,
      accessLog: false,
      metricsPort: 9464,
    });
    expect(() => processSettingsFromEnv({ DB_POOL_SIZE: '0' }, false)).toThrow('DB_POOL_SIZE must be a whole number from 1 to 500 (got "0")');
    expect(() => processSettingsFromEnv({ MIGRATE: 'no' }, false)).toThrow('MIGRATE must be 0 or 1 (got "no")');
    expect(processSettingsFromEnv({ DB_POOLER: 'transaction' }, true).pooled).toBe(true);
    expect(() => processSettingsFromEnv({ DB_POOLER: 'session' }, false)).toThrow('DB_POOLER must be none or transaction (got "session")');
    expect(() => processSettingsFromEnv({ JOB_LEASE_SECONDS: '2' }, false)).toThrow('JOB_LEASE_SECONDS must be a whole number from 5 to 3600 (got "2")');
    expect(() => processSettingsFromEnv({ METRICS_TOKEN: 'short' }, false)).toThrow('METRICS_TOKEN must be at least 16 characters');
  });
});

describe.each(databases())('readiness and metrics on $kind', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind, {}, { background: false, replica: false }); // its readiness has no replica to report
  });
  afterAll(async () => t?.close());

  it('is ready on a current database and not while a migration is missing', async () => {
    const { owner } = t.database;
    const row = await owner.selectFrom('schema_migration').selectAll().where('name', '=', '067_job_schedule.sql').executeTakeFirstOrThrow();
    await sql`DELETE FROM schema_migration WHERE name = '067_job_schedule.sql'`.execute(owner);
    // a second app on the same database: the first may have seen it current already
    const app = await buildApp({ db: t.database.db, config: t.config, batchWorker: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 503, message: 'Not ready', checks: { database: 'ok', migrations: 'pending: 067_job_schedule.sql', replica: 'none' } });
    } finally {
      await owner.insertInto('schema_migration').values(row).execute();
      await app.close();
    }
    const ready = await t.get('/api/ready');
    expect(ready).toEqual({ status: 200, body: { code: 200, checks: { database: 'ok', migrations: 'current', replica: 'none' } } });
  });

  it('reports a lagging or unreachable replica and stays ready, unless the replica is required', async () => {
    const db = t.database.db;
    expect(await readiness({ db, replicaLag: async () => 0.4 })).toEqual({
      ready: true,
      checks: { database: 'ok', migrations: 'current', replica: '0.4 s behind' },
    });
    expect(await readiness({ db, replicaLag: async () => 99, maxReplicaLagSeconds: 30 })).toEqual({
      ready: true,
      checks: { database: 'ok', migrations: 'current', replica: '99.0 s behind (limit 30 s): reads go to the primary' },
    });
    expect(await readiness({ db, replicaLag: async () => 99, requireReplica: true })).toMatchObject({
      ready: false,
      checks: { replica: '99.0 s behind (limit 30 s)' },
    });
    const down = async (): Promise<number> => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5433');
    };
    expect(await readiness({ db, replicaLag: down })).toMatchObject({
      ready: true,
      checks: { replica: 'connect ECONNREFUSED 127.0.0.1:5433: reads go to the primary' },
    });
    expect(await readiness({ db, replicaLag: down, requireReplica: true })).toMatchObject({ ready: false });
  });

  it('answers /metrics only with the token, in Prometheus format', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404); // no token set: not served
    const token = 'metrics-token-0123456789';
    const app = await buildApp({ db: t.database.db, config: t.config, batchWorker: false, observe: { metricsToken: token } });
    try {
      await app.inject({ method: 'GET', url: '/api/health' });
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.body).toMatch(/^console_requests_total\{operation="route \/api\/health",status="200"\} \d+$/m);
      expect(res.body).toMatch(/^console_request_seconds_bucket\{le="0\.005",operation="route \/api\/health",class="2xx"\} \d+$/m);
      expect(res.body).toMatch(/^process_resident_memory_bytes \d+/m);
    } finally {
      await app.close();
    }
  });
});
