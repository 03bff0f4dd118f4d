/**
 * What a domain adds to the server, declared once in its manifest.ts: staff operations, platform
 * operations, routes of its own, background jobs and the triggers on its tables. The app is built
 * by walking the list of domains (domains/index.ts), so adding a domain is one line there.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DomainTriggers } from '../db/triggers';
import type { Db } from '../db/open';
import type { Deps, Operation } from '../http/operation';
import type { PlatformOperation } from '../http/platform-operation';
import type { JobHost } from '../http/repeating-job';
import type { WorkerOptions } from './issuing/worker';

/** Where background jobs hook in: the app, or its hooks deferred until the demo seed settles (app.ts). */
export type BackgroundHost = JobHost & { log: FastifyBaseLogger };

export interface JobContext {
  db: Db;
  now: () => number;
  /** The batch send worker's tuning (tests); the other jobs take none. */
  batchWorker: Partial<WorkerOptions>;
}

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
}

export const defineDomain = (manifest: DomainManifest): DomainManifest => manifest;
