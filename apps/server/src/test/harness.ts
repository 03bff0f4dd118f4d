/**
 * The in-process test harness: `testApp(database)` builds the app on a fresh database seeded
 * with the demo accounts (one argon2 hash shared by every suite), a clock the test moves,
 * and helpers that sign in as a role and call operations through `app.inject`.
 */
import { defaultConfig, type ServerConfig } from '../config';
import { buildApp, type App } from '../app';
import { hashPassword } from '../domains/auth/passwords';
import { DEMO_PASSWORD, seedDemoAccounts } from '../seed/demo';
import type { OpenedTestDatabase, TestDatabase } from './databases';
import { sql } from 'kysely';
import { openDatabase, RUNTIME_ROLE, type OpenedDatabase } from '../db/open';
import { ReadReplica } from '../db/replica';
import { databaseUrl } from './template';

let demoHash: Promise<string> | undefined;
const sharedDemoHash = (config: ServerConfig) => (demoHash ??= hashPassword(DEMO_PASSWORD, config.argon2));

/**
 * The shape of a staff 400's message: `<field path>: <reason>` (http/zod-message.ts). A declared
 * field's path is word characters, dots, brackets and dashes; only an unknown key is named as the
 * caller sent it (spaces, colons and all), and then the reason is `Unknown field`.
 */
export const FIELD_MESSAGE = /^(?:[\w.[\]-]+: \S|[\s\S]*: Unknown field$)/;

export interface Clock {
  now: number;
  advance(ms: number): void;
}

export interface Answer {
  status: number;
  body: Record<string, any>;
}

export interface TestApp {
  app: App;
  /** `db` is the server's (runtime role); `owner` the tables' owner, for tampering tests. */
  database: OpenedTestDatabase;
  config: ServerConfig;
  clock: Clock;
  /** Signs in as a demo account (username = role) and returns its token. */
  loginAs(username: string, password?: string): Promise<string>;
  get(url: string, token?: string, query?: Record<string, string>): Promise<Answer>;
  post(url: string, body: unknown, token?: string): Promise<Answer>;
  close(): Promise<void>;
  /**
   * The read replica the app reads its lists and reports from (`replica: true` on PostgreSQL with
   * TEST_REPLICA_URL; else undefined). `get` first waits until it replayed every write so far.
   */
  replica?: ReadReplica;
  /** Waits until the replica replayed the primary's WAL as it is now (no-op without a replica). */
  replicaCaughtUp(): Promise<void>;
}

/**
 * `background: false` builds the app without its background jobs (batch worker, compaction,
 * settlements), for tests that run them by hand. `replica: true`: on PostgreSQL, when
 * TEST_REPLICA_URL names a streaming replica of TEST_DATABASE_URL's server (scripts/replica.sh),
 * the app reads its lists, exports and reports from the suite's database there.
 */
export async function testApp(
  db: TestDatabase,
  overrides: Partial<ServerConfig> = {},
  // TEST_REPLICA_ALL=1: every suite's app reads from the replica (a check that no operation routed there writes)
  { background = true, replica: withReplica = process.env.TEST_REPLICA_ALL === '1' }: { background?: boolean; replica?: boolean } = {},
): Promise<TestApp> {
  const database = await db.open();
  const replicaBase = process.env.TEST_REPLICA_URL;
  let replicaDatabase: OpenedDatabase | undefined;
  let replica: ReadReplica | undefined;
  const replicaCaughtUp = async () => {
    if (!replica) return;
    const { rows } = await sql<{ lsn: string }>`SELECT pg_current_wal_lsn()::text AS lsn`.execute(database.db);
    for (let i = 0; i < 400; i++) {
      if (await replica.replayed(rows[0].lsn)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`the replica at ${replicaBase} did not replay ${rows[0].lsn} within 10 s`);
  };
  if (withReplica && replicaBase && database.url) {
    const name = new URL(database.url).pathname.slice(1);
    replicaDatabase = await openDatabase({ databaseUrl: databaseUrl(replicaBase, name), searchPath: 'public', role: RUNTIME_ROLE, poolSize: 3 });
    replica = new ReadReplica(replicaDatabase.db, database.db);
    await replicaCaughtUp(); // the suite's database exists there before the first read
  }
  const clock: Clock = {
    now: Date.parse('2026-11-22T10:00:00Z'),
    advance(ms) {
      this.now += ms;
    },
  };
  const config = defaultConfig({ now: () => clock.now, ...overrides });
  await seedDemoAccounts(database.db, config, await sharedDemoHash(config));
  const app = await buildApp({ db: database.db, config, cacheSessions: database.url ? { listen: database.url } : true, batchWorker: background, replica });
  await app.ready();

  const answer = (res: { statusCode: number; body: string }): Answer => ({ status: res.statusCode, body: res.body ? JSON.parse(res.body) : {} });
  const headers = (token?: string) => (token ? { 'x-token': token } : {});

  const t: TestApp = {
    app,
    database,
    config,
    clock,
    replica,
    replicaCaughtUp,
    async get(url, token, query) {
      await replicaCaughtUp();
      return answer(await app.inject({ method: 'GET', url, query, headers: headers(token) }));
    },
    async post(url, body, token) {
      return answer(await app.inject({ method: 'POST', url, payload: body as object, headers: { ...headers(token), 'content-type': 'application/json' } }));
    },
    async loginAs(username, password = DEMO_PASSWORD) {
      const res = await t.post('/api/login', { username, password });
      if (res.body.code !== 200) throw new Error(`login ${username}: ${JSON.stringify(res.body)}`);
      return res.body.accessToken as string;
    },
    async close() {
      await app.close();
      await replicaDatabase?.close();
      await database.close();
    },
  };
  return t;
}
