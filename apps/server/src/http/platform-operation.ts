/**
 * definePlatformOperation: the one way a route under /api/platform/ is declared (contract
 * "Platform API"). These calls carry no staff token: an application signs each one.
 * Per request, in order:
 *   onRequest      X-App-Id known and enabled, X-Timestamp within 300 s of the server's clock
 *                  (before the body is read);
 *   preValidation  X-Signature = hex HMAC-SHA256(secret, `${timestamp}.${payload}`) over the raw
 *                  body (POST) or the raw query string (GET); with X-Signature-Version: 2 (or
 *                  an application that requires it) `${timestamp}.${METHOD}.${path}.${payload}`;
 *                  then the operation's scope (403 naming it, counted per application and day),
 *                  then the JSON is parsed;
 *   validation     zod, strict (a 400 names the field);
 *   handler        with the application's id and scopes, which the handler checks further
 *                  (currencies, caps, event types, channels: domains/platform/scopes.ts); no
 *                  operation-log record (not a staff action).
 * Refusals (401) are written to the operation log, at most one record a minute for each
 * application, address and reason, carrying how many were left out (refusal-log.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appScopes, type AppScopes, type PlatformScope, emptyQuery } from '@console/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { type z } from 'zod';
import type { ServerConfig } from '../config';
import { openAppSecret } from '../secrets/columns';
import type { Db } from '../db/open';
import { parseJsonBody } from '../plugins/json-body';
import { ApiError } from './api-error';
import { documented, rateLimit, zodValidator, type Deps as OperationDeps } from './operation';

export const PLATFORM_PREFIX = '/api/platform/';
/** Contract: a timestamp more than 300 s from the server's clock is refused. */
export const MAX_CLOCK_SKEW_MS = 300_000;

export interface PlatformApp {
  appId: string;
  scopes: AppScopes;
}

export interface PlatformContext<Body, Query> {
  db: Db;
  config: ServerConfig;
  app: PlatformApp;
  body: Body;
  query: Query;
  ip: string;
  now: Date;
  request: FastifyRequest;
  reply: FastifyReply;
}

interface PlatformSpec<B extends z.ZodType, Q extends z.ZodType> {
  method: 'GET' | 'POST';
  url: string;
  /** operationId in OpenAPI: 'platform.wallet.debit'. */
  name: string;
  /** The scope the call needs (contract "Scopes"); a list: any one of them. */
  scope: PlatformScope | readonly PlatformScope[];
  summary: string;
  body?: B;
  query?: Q;
  response?: z.ZodType;
  /** Bytes; default the app's 1 MiB. */
  bodyLimit?: number;
  handler(ctx: PlatformContext<z.output<B>, z.output<Q>>): Promise<unknown>;
}

export type PlatformOperation = PlatformSpec<z.ZodType, z.ZodType>;

export function definePlatformOperation<B extends z.ZodType = z.ZodUndefined, Q extends z.ZodType = typeof emptyQuery>(
  op: PlatformSpec<B, Q>,
): PlatformOperation {
  if (!op.url.startsWith(PLATFORM_PREFIX)) throw new Error(`${op.name}: platform operations live under ${PLATFORM_PREFIX}`);
  return op;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signing application of a platform call, once its headers are checked. */
    platformApp: (PlatformApp & { secret: string; previousSecret: string | null; timestamp: string; signatureVersion: 1 | 2 }) | null;
  }
}

export const platformUnauthorized = (message: string) => new ApiError(401, message);

/** A call outside the application's scopes: 403 naming the scope; counted per application and day. */
export class ScopeRefusal extends ApiError {
  constructor(
    readonly scope: string,
    message: string,
  ) {
    super(403, message);
  }
}
export const missingScope = (scope: string, detail?: string) => new ScopeRefusal(scope, `Missing scope ${scope}${detail ? `: ${detail}` : ''}`);

/** Counts a refusal: one row per application, day and scope (migration 060), never one log record each. */
export async function countScopeRefusal(db: Db, appId: string, refusal: ScopeRefusal, now: Date): Promise<void> {
  await sql`INSERT INTO platform_app_refusal AS r (app_id, day, scope, refused, last_at, last_message)
    VALUES (${appId}, report_day(${now}::timestamptz), ${refusal.scope.slice(0, 64)}, 1, ${now}::timestamptz, ${refusal.message.slice(0, 300)})
    ON CONFLICT (app_id, day, scope) DO UPDATE SET refused = r.refused + 1, last_at = EXCLUDED.last_at, last_message = EXCLUDED.last_message`.execute(db);
}

/**
 * What other domains add to every platform call (domains/agentx: an integration agent's IP
 * allow list and its call counts): `admit` answers a refusal message (401) or null once the
 * application is known; `answered` sees each call's application and status after the answer.
 */
export interface PlatformCallHook {
  admit?(db: Db, appId: string, ip: string, now: Date): Promise<string | null>;
  answered?(db: Db, appId: string, status: number, now: Date): void;
}
export const platformCallHooks: PlatformCallHook[] = [];

/** Lowercase hex HMAC-SHA256 of `${timestamp}.${payload}` (the contract's signature). */
export function platformSignature(secret: string, timestamp: string, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
}

/** Signature version 2: `${timestamp}.${METHOD}.${path}.${payload}` (path without the query), so a signed body cannot be replayed against another call. */
export function platformSignatureV2(secret: string, timestamp: string, method: string, path: string, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${method.toUpperCase()}.${path}.${payload}`).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length || !/^[0-9a-f]*$/.test(a)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

type Deps = Pick<OperationDeps, 'db' | 'config' | 'limiter' | 'refusals'>;

/**
 * The applications, as checkHeaders reads them, are kept per database for APPLICATION_CACHE_MS:
 * every platform call asked for its application's row, a round trip that was half of a wallet
 * call's (decision 036). A change made in this process (create, rotate, disable, rename: the
 * writers call platformApplicationsChanged) is seen by the next call; another server instance's
 * within that time. An application that is not found is not kept, so a new one signs at once.
 */
export const APPLICATION_CACHE_MS = 1_000;
type ApplicationRow = {
  app_id: string;
  secret: string;
  enabled: boolean;
  previous_secret: string | null;
  previous_secret_until: Date | string | null;
  scopes: AppScopes;
  signature_version: 1 | 2;
};
let applicationGeneration = 0;
const applicationCache = new WeakMap<Db, { generation: number; rows: Map<string, { at: number; row: ApplicationRow }> }>();

/** After a change of platform_application in this process: the next call reads it again. */
export function platformApplicationsChanged(): void {
  applicationGeneration += 1;
}

async function applicationOf(db: Db, appId: string, now: number): Promise<ApplicationRow | undefined> {
  let cache = applicationCache.get(db);
  if (!cache || cache.generation !== applicationGeneration) applicationCache.set(db, (cache = { generation: applicationGeneration, rows: new Map() }));
  const hit = cache.rows.get(appId);
  if (hit && now >= hit.at && now - hit.at < APPLICATION_CACHE_MS) return hit.row;
  const generation = applicationGeneration;
  const found = await db
    .selectFrom('platform_application')
    .select(['app_id', 'secret', 'enabled', 'previous_secret', 'previous_secret_until', 'scopes', 'signature_version'])
    .where('app_id', '=', appId)
    .executeTakeFirst();
  // a document that is not a valid set of scopes (edited by hand in the database) grants nothing
  // the secrets are kept sealed (secrets/keyring.ts): opened here, kept open only in this cache
  const row = found && {
    ...found,
    scopes: appScopes.safeParse(found.scopes).data ?? {},
    secret: openAppSecret(found.secret, found.app_id),
    previous_secret: found.previous_secret === null ? null : openAppSecret(found.previous_secret, found.app_id),
  };
  // kept only when nothing changed meanwhile; the applications are few (each signs calls)
  if (row && generation === applicationGeneration) {
    if (cache.rows.size >= 1_000) cache.rows.clear();
    cache.rows.set(appId, { at: now, row });
  }
  return row;
}

/** Headers, application and clock: everything that can be checked before the body is read. */
async function checkHeaders(deps: Deps, request: FastifyRequest): Promise<void> {
  const appId = request.headers['x-app-id'];
  const timestamp = request.headers['x-timestamp'];
  if (typeof appId !== 'string' || appId.length === 0 || appId.length > 64) throw platformUnauthorized('Unknown application');
  const app = await applicationOf(deps.db, appId, deps.config.now());
  if (!app || !app.enabled) throw platformUnauthorized('Unknown application');
  if (typeof timestamp !== 'string' || !/^\d{1,16}$/.test(timestamp)) throw platformUnauthorized('Missing or bad X-Timestamp');
  if (Math.abs(Number(timestamp) - deps.config.now()) > MAX_CLOCK_SKEW_MS) throw platformUnauthorized('Stale X-Timestamp');
  // after a rotation the previous secret still signs until its overlap ends (/remoteconfig/application)
  const overlapping = app.previous_secret !== null && app.previous_secret_until !== null && new Date(app.previous_secret_until).getTime() > deps.config.now();
  request.platformApp = {
    appId: app.app_id,
    scopes: app.scopes,
    secret: app.secret,
    previousSecret: overlapping ? app.previous_secret : null,
    timestamp,
    signatureVersion: app.signature_version,
  };
  for (const hook of platformCallHooks) {
    const refused = await hook.admit?.(deps.db, app.app_id, request.ip, new Date(deps.config.now()));
    if (refused) throw platformUnauthorized(refused);
  }
}

/** The application a refused call named: its id, or '?' for one that does not exist (the caller's to choose: one tally for all). */
function claimedApp(request: FastifyRequest, reason: string): string {
  const claimed = request.headers['x-app-id'];
  return reason === 'Unknown application' || typeof claimed !== 'string' ? '?' : claimed.slice(0, 64);
}

function checkSignature(request: FastifyRequest): void {
  const app = request.platformApp!;
  const signature = request.headers['x-signature'];
  if (typeof signature !== 'string') throw platformUnauthorized('Missing X-Signature');
  const version = request.headers['x-signature-version'];
  if (version !== undefined && version !== '1' && version !== '2') throw platformUnauthorized('Bad X-Signature-Version: 1 or 2');
  if (app.signatureVersion === 2 && version !== '2') throw platformUnauthorized('This application requires X-Signature-Version: 2');
  const url = request.raw.url ?? '';
  const query = url.indexOf('?');
  const payload = request.method === 'GET' ? (query >= 0 ? url.slice(query + 1) : '') : typeof request.body === 'string' ? request.body : '';
  const path = query >= 0 ? url.slice(0, query) : url;
  const given = signature.toLowerCase() === signature ? signature : '';
  const expected = (secret: string) =>
    version === '2' ? platformSignatureV2(secret, app.timestamp, request.method, path, payload) : platformSignature(secret, app.timestamp, payload);
  const signs = (secret: string | null) => secret !== null && sameHex(given, expected(secret));
  if (!signs(app.secret) && !signs(app.previousSecret)) throw platformUnauthorized('Bad signature');
}

/**
 * Platform bodies reach the hooks as raw text (plugins/json-body.ts keeps them so), whatever
 * their content type: the signature is checked over the exact bytes before anything is parsed.
 */
/** The operation's scope, or one of its scopes, held by the application; else a 403 naming it. */
function checkScope(op: PlatformOperation, scopes: AppScopes): void {
  const wanted: readonly PlatformScope[] = typeof op.scope === 'string' ? [op.scope] : op.scope;
  if (!wanted.some((s) => scopes[s] !== undefined)) throw missingScope(wanted.join(' or '));
}

export function registerPlatformOperations(app: FastifyInstance, deps: Deps, operations: readonly PlatformOperation[]): void {
  if (!app.hasRequestDecorator('platformApp')) app.decorateRequest('platformApp', null);
  for (const op of operations) {
    const query = op.query ?? emptyQuery;
    const validators: Record<string, ReturnType<typeof zodValidator>> = { querystring: zodValidator(query, 'query') };
    if (op.body) validators.body = zodValidator(op.body, 'body');
    app.route({
      method: op.method,
      url: op.url,
      bodyLimit: op.bodyLimit,
      config: { platform: { name: op.name } },
      schema: {
        operationId: op.name,
        summary: op.summary,
        tags: ['platform'],
        security: [{ platformSignature: [] }],
        'x-scope': op.scope,
        querystring: documented(query),
        ...(op.body ? { body: documented(op.body) } : {}),
        ...(op.response ? { response: { 200: documented(op.response) } } : {}),
      },
      validatorCompiler: ({ httpPart }) => validators[httpPart ?? ''] ?? (() => ({ value: undefined })),
      serializerCompiler: () => (data) => JSON.stringify(data),
      onRequest: async (request) => checkHeaders(deps, request),
      preValidation: async (request) => {
        checkSignature(request);
        rateLimit(deps, request, `app:${request.platformApp!.appId}`, deps.config.rateLimits.platformPerMinute);
        checkScope(op, request.platformApp!.scopes);
        if (op.method === 'POST') request.body = parseJsonBody(typeof request.body === 'string' ? request.body : '');
      },
      onError: async (request, _reply, error) => {
        // unauthenticated and rate-limited calls: counted and summarised once a minute, not logged one by one
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 401 || status === 429)
          deps.refusals?.record(
            'platform',
            claimedApp(request, error.message),
            error.message,
            (request.raw.url ?? '').split('?')[0].slice(0, 200),
            status,
            request.ip,
          );
        if (error instanceof ScopeRefusal && request.platformApp) {
          await countScopeRefusal(deps.db, request.platformApp.appId, error, new Date(deps.config.now())).catch((e: unknown) => request.log.error(e));
        }
      },
      onResponse: async (request, reply) => {
        const appId = request.headers['x-app-id'];
        if (typeof appId !== 'string' || appId.length === 0 || appId.length > 64) return;
        for (const hook of platformCallHooks) hook.answered?.(deps.db, appId, reply.statusCode, new Date(deps.config.now()));
      },
      handler: async (request, reply) =>
        op.handler({
          db: deps.db,
          config: deps.config,
          app: { appId: request.platformApp!.appId, scopes: request.platformApp!.scopes },
          body: request.body,
          query: request.query,
          ip: request.ip,
          now: new Date(deps.config.now()),
          request,
          reply,
        }),
    });
  }
}
