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
}

/** `background: false` builds the app without its background jobs (batch worker, compaction, settlements), for tests that run them by hand. */
export async function testApp(db: TestDatabase, overrides: Partial<ServerConfig> = {}, { background = true }: { background?: boolean } = {}): Promise<TestApp> {
  const database = await db.open();
  const clock: Clock = {
    now: Date.parse('2026-11-22T10:00:00Z'),
    advance(ms) {
      this.now += ms;
    },
  };
  const config = defaultConfig({ now: () => clock.now, ...overrides });
  await seedDemoAccounts(database.db, config, await sharedDemoHash(config));
  const app = await buildApp({ db: database.db, config, cacheSessions: database.url ? { listen: database.url } : true, batchWorker: background });
  await app.ready();

  const answer = (res: { statusCode: number; body: string }): Answer => ({ status: res.statusCode, body: res.body ? JSON.parse(res.body) : {} });
  const headers = (token?: string) => (token ? { 'x-token': token } : {});

  const t: TestApp = {
    app,
    database,
    config,
    clock,
    async get(url, token, query) {
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
      await database.close();
    },
  };
  return t;
}
