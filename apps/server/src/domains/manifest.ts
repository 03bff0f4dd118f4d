/**
 * What a domain adds to the server, declared once in its manifest.ts: staff operations, platform
 * operations, routes of its own, background jobs, the triggers on its tables and its part of the
 * demo. The app is built by walking the list of domains (domains/index.ts), so adding a domain
 * is one line there; the demo seed walks the same list (seed/demo.ts).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DomainTriggers } from '../db/triggers';
import type { Db } from '../db/open';
import type { Deps, Operation } from '../http/operation';
import type { PlatformOperation } from '../http/platform-operation';
import type { JobHost } from '../http/repeating-job';
import type { WorkerOptions } from './issuing/worker';
import type { ServerConfig } from '../config';
import type { StaffCarrier } from '../simulator/in-process-staff';

/** Where background jobs hook in: the app, or its hooks deferred until the demo seed settles (app.ts). */
export type BackgroundHost = JobHost & { log: FastifyBaseLogger };

export interface JobContext {
  db: Db;
  now: () => number;
  config: ServerConfig;
  /** The batch send worker's tuning (tests); the other jobs take none. */
  batchWorker: Partial<WorkerOptions>;
}

/** What a demo step after the players' history gets. */
export interface DemoStepContext {
  db: Db;
  config: ServerConfig;
  /** The history's end (the hour the seed began) and its length in days. */
  end: number;
  days: number;
  /** The demo staff signed in at the console (null when the plan has no players: no step runs then). */
  staff: StaffCarrier | null;
  /** The demo accounts' password (staff steps sign in through the real login). */
  password: string;
  log: (message: string, details?: Record<string, unknown>) => void;
}

/** One step of the demo seed after the players' history; what it returns is written down as the step's details. */
export interface DemoStep {
  /** Its name in demo_seed_step: a seed cut off goes on after the last step done. */
  name: string;
  /** Its share of the seed's time (seconds measured on a quiet machine at 2,000 players, 30 days): the progress figure. */
  weight: number;
  run(c: DemoStepContext, onFraction: (fraction: number) => void): Promise<object | void>;
}

/** A domain's part of the demo (seed/demo.ts walks the domains for it). */
export interface DomainDemo {
  /** Its configuration, before any player exists (in the order of the domains); `now` is the server's clock. */
  configure?: (db: Db, now: number) => Promise<void>;
  /**
   * What the simulator must hear of that configuration (it holds it in the process): after every
   * domain's configuration, and again when a later start resumes a seed. The same function as
   * `configure` when configuring also tells (each finds its rows already there); it runs once then.
   */
  tell?: (db: Db) => Promise<void>;
  /** Its steps after the players' history; their order across domains is seed/demo.ts's AFTER_HISTORY. */
  steps?: readonly DemoStep[];
}

/** A demo step by the demo staff: `run` gets the database, the config, the password and the history's end. */
export const staffDemoStep = (
  name: string,
  weight: number,
  run: (db: Db, config: ServerConfig, password: string, end: number) => Promise<object>,
): DemoStep => ({ name, weight, run: (c) => run(c.db, c.config, c.password, c.end) });

export interface DomainManifest {
  /** The domain's folder under domains/. */
  name: string;
  /** Staff operations (defineOperation), authorized from the route catalogue. */
  operations?: readonly Operation[];
  /** Platform API operations (definePlatformOperation), signed by an application and held to its scopes. */
  platform?: readonly PlatformOperation[];
  /** Routes outside both contracts (a payout provider's callback). */
  routes?: (app: FastifyInstance, deps: Deps) => void;
  /** Background jobs, each registered on the host; a test app without the batch worker has none. */
  jobs?: readonly ((host: BackgroundHost, ctx: JobContext) => void)[];
  /** The triggers on the domain's tables (db/triggers.ts). */
  triggers?: DomainTriggers;
  /** Its part of the demo data. */
  demo?: DomainDemo;
}

export const defineDomain = (manifest: DomainManifest): DomainManifest => manifest;
