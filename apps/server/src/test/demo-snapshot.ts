/**
 * One demo seed for the demo tests of a run. Several test files check their own step of the
 * demo seed (agents, agent reports, agent cash-outs, activities, the arena, retrieval campaigns)
 * and each used to seed the whole demo for it: one to three minutes each on a busy machine.
 * They now share one seed of SHARED_DEMO: the first file that asks seeds it on its own PGlite
 * and saves the data directory (and the seed's log lines) in the temporary directory; the others
 * start their PGlite from that copy. Each file still gets a database of its own to change.
 *
 * The copy is named by a hash of the server's and packages' source (tests left out) and of
 * SHARED_DEMO: changed code is a new seed, never a stale one. Two files asking at once take
 * turns through a lock file; a lock left by a killed run is taken over after 20 minutes.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { defaultConfig } from '../config';
import { createPglite, openDatabase, RUNTIME_ROLE } from '../db/open';
import { migrate } from '../db/migrate';
import { seedDemoIfEmpty } from '../seed/demo';
import { serverSourcesHash } from '../source-tree';
import { DEMO_POPULATION } from '../simulator/population';
import type { OpenedTestDatabase } from './databases';

export const SHARED_DEMO = { players: 400, days: 30, seed: DEMO_POPULATION.seed, now: Date.parse('2026-11-22T10:30:00Z') };
const SCHEMA = 'demo';

export type SeedLog = [message: string, details: Record<string, unknown>];

export interface SharedDemo {
  opened: OpenedTestDatabase;
  /** Every log line of the seed, in order. */
  logs: SeedLog[];
}

/** The snapshot is good while the seed's size and the server's sources are as it was made with. */
const sourceHash = (): string => createHash('sha256').update(JSON.stringify(SHARED_DEMO)).update(serverSourcesHash()).digest('hex').slice(0, 16);

async function handles(instance: PGlite): Promise<OpenedTestDatabase> {
  const owner = await openDatabase({ pglite: instance, searchPath: SCHEMA });
  const database = await openDatabase({ pglite: instance, searchPath: SCHEMA, role: RUNTIME_ROLE });
  return {
    ...database,
    owner: owner.db,
    async close() {
      await database.close();
      await owner.close();
      await instance.close();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function openSharedDemo(): Promise<SharedDemo> {
  const config = defaultConfig({ argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, now: () => SHARED_DEMO.now });
  const base = join(tmpdir(), `console-demo-${sourceHash()}`);
  const done = (opened: OpenedTestDatabase, logs: SeedLog[]): SharedDemo => ({ opened, logs });
  for (;;) {
    if (existsSync(`${base}.json`)) {
      const logs = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as SeedLog[];
      const instance = await createPglite(undefined, new Blob([readFileSync(`${base}.tar.gz`)]));
      return done(await handles(instance), logs);
    }
    let lock: number;
    try {
      lock = openSync(`${base}.lock`, 'wx');
    } catch {
      try {
        if (Date.now() - statSync(`${base}.lock`).mtimeMs > 20 * 60_000) unlinkSync(`${base}.lock`);
      } catch {
        /* gone meanwhile */
      }
      await sleep(1000);
      continue;
    }
    try {
      const instance = await createPglite();
      const opened = await handles(instance);
      await sql.raw(`CREATE SCHEMA ${SCHEMA}`).execute(opened.owner);
      await migrate(opened.owner);
      const logs: SeedLog[] = [];
      // the weekly settlement job of the seed's in-process apps would settle weeks whenever its
      // timer fires during the seed (the agents' tests turn it off): off, the seed's agents step settles them
      const job = process.env.AGENT_SETTLEMENT_JOB;
      process.env.AGENT_SETTLEMENT_JOB = '0';
      await seedDemoIfEmpty(opened.db, config, {
        players: SHARED_DEMO.players,
        days: SHARED_DEMO.days,
        seed: SHARED_DEMO.seed,
        log: (m, d) => {
          logs.push([m, d ?? {}]);
        },
      }).finally(() => {
        if (job === undefined) delete process.env.AGENT_SETTLEMENT_JOB;
        else process.env.AGENT_SETTLEMENT_JOB = job;
      });
      const dump = await instance.dumpDataDir('gzip');
      writeFileSync(`${base}.tar.gz.part`, Buffer.from(await dump.arrayBuffer()));
      renameSync(`${base}.tar.gz.part`, `${base}.tar.gz`);
      writeFileSync(`${base}.json.part`, JSON.stringify(logs));
      renameSync(`${base}.json.part`, `${base}.json`);
      // seeds of older source: gone once an hour old (a run of the older source may still be reading one)
      for (const name of readdirSync(tmpdir())) {
        const path = join(tmpdir(), name);
        if (name.startsWith('console-demo-') && !path.startsWith(base)) {
          try {
            if (Date.now() - statSync(path).mtimeMs > 3_600_000) unlinkSync(path);
          } catch {
            /* gone meanwhile */
          }
        }
      }
      return done(opened, logs);
    } finally {
      closeSync(lock);
      unlinkSync(`${base}.lock`);
    }
  }
}
