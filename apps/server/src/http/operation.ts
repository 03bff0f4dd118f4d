/**
 * defineOperation: the one way a route is declared. Each operation names its catalogue screen
 * (roles come from there, never written here), its zod schemas and whether it changes data.
 * Per request, in order:
 *   onRequest   authenticate (X-Token) and authorize (mayAccess of the screen): before the
 *               body is even read, so a forbidden role gets 403 whatever it sends;
 *   validation  zod, strict, no coercion (Fastify/ajv never sees the data);
 *   handler     in one transaction with its operation-log record when `audit` is set.
 */
import { findScreen, mayAccess, screenRoles } from '@console/catalog';
import { emptyQuery, illFormedPath } from '@console/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServerConfig } from '../config';
import type { Db } from '../db/open';
import type { ReadReplica } from '../db/replica';
import type { SessionCache } from '../domains/auth/session-cache';
import { resolveSession, type SessionUser } from '../domains/auth/sessions';
import { appendOperationLog } from '../domains/operation-log/chain';
import type { RateLimiter } from './rate-limit';
import type { RefusalTally } from './refusal-tally';
import { ApiError, forbidden, sessionExpired, twoFactorRequired } from './api-error';
import { describeZodError } from './zod-message';
import './request-context';

export interface OperationNote {
  target: string;
  before: unknown;
  after: unknown;
}

export interface Deps {
  db: Db;
  config: ServerConfig;
  /** PGlite only (see domains/auth/session-cache.ts); null on PostgreSQL. */
  sessions: SessionCache | null;
  /** Calls a minute per account and application (http/rate-limit.ts); null: not limited. */
  limiter?: RateLimiter | null;
  /** Refused calls counted rather than logged one by one (http/refusal-tally.ts). */
  refusals?: RefusalTally | null;
  /** The read replica (READ_DATABASE_URL, db/replica.ts): the operations declared `reads: 'replica'` read there. */
  replica?: ReadReplica | null;
}

/** Counts the call against its key's limit a minute; in-process calls only when the configuration says so. */
export function rateLimit(deps: Pick<Deps, 'limiter' | 'config'>, request: FastifyRequest, key: string, perMinute: number): void {
  if (!deps.limiter || (!deps.config.rateLimits.countInjected && '_lightMyRequest' in request.raw)) return;
  deps.limiter.take(key, perMinute);
}

export interface OperationContext<Body, Query, User> extends Omit<Deps, 'sessions' | 'limiter' | 'refusals'> {
  body: Body;
  query: Query;
  user: User;
  /** Client address. */
  ip: string;
  /** The request's moment (the injectable clock). */
  now: Date;
  /** Fill in target/before/after; the log record is written with the change. */
  note: OperationNote;
  request: FastifyRequest;
  reply: FastifyReply;
}

interface OperationSpec<B extends z.ZodType, Q extends z.ZodType, Public extends boolean> {
  method: 'GET' | 'POST';
  url: string;
  /** Name in the operation log and operationId in OpenAPI: 'admin.userinfo.update'. */
  name: string;
  summary: string;
  tags?: string[];
  /** Catalogue path whose roles may call this ('/adminmanager/editer'); absent = every signed-in account. */
  screen?: string;
  /** No session needed (sign-in). */
  public?: Public;
  /** Open to a session that must bind an authenticator first (its own account, binding, sign-out: decision 045). */
  whileBinding?: boolean;
  body?: B;
  query?: Q;
  /** Documented answer (OpenAPI only). */
  response?: z.ZodType;
  /** Changes data: runs in a transaction that also appends its operation-log record. */
  audit?: boolean;
  /**
   * Reads only, and may read a moment behind: lists, exports, bounded reports and dashboards.
   * With a read replica it runs there (the caller's own recent changes excepted: db/replica.ts).
   * Never for a read a guard or a change relies on.
   */
  reads?: 'replica';
  handler(ctx: OperationContext<z.output<B>, z.output<Q>, Public extends true ? null : SessionUser>): Promise<unknown>;
}

export type Operation = OperationSpec<z.ZodType, z.ZodType, boolean>;

export function defineOperation<B extends z.ZodType = z.ZodUndefined, Q extends z.ZodType = typeof emptyQuery, P extends boolean = false>(
  op: OperationSpec<B, Q, P>,
): Operation {
  if (op.screen && !findScreen(op.screen)) throw new Error(`${op.name}: no catalogue screen ${op.screen}`);
  return op;
}

const documentedOnce = new WeakMap<z.ZodType, Record<string, unknown>>();

/**
 * A zod schema as OpenAPI 3.0 JSON schema (the input side). Converted once per schema and
 * handed out as a copy: converting the ~250 operations' schemas was 60% of building an app
 * (1–2 s of CPU), and the tests build one per test.
 */
export function documented(schema: z.ZodType): Record<string, unknown> {
  let json = documentedOnce.get(schema);
  if (!json) {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' });
    delete json.$schema;
    documentedOnce.set(schema, json);
  }
  return structuredClone(json);
}

/**
 * Fastify validator from a strict zod schema: a refusal is a 400 naming the field. `wellFormed`:
 * also refuse half a surrogate pair or a NUL anywhere, keys included (a staff call's values go
 * into PostgreSQL text and the operation log's jsonb, which hold neither: it was a 500).
 */
export function zodValidator(schema: z.ZodType, part: string, { wellFormed = false }: { wellFormed?: boolean } = {}) {
  return (data: unknown) => {
    const input = data === null ? undefined : data;
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      const bad = wellFormed ? illFormedPath(parsed.data) : null;
      if (bad) return { error: new ApiError(400, `${bad.length ? bad.join('.') : part}: Contains an invalid character`) };
      return { value: parsed.data };
    }
    // parsed again only to word the refusal (the inputs in the issues): the common, valid
    // call does not pay for it
    return { error: new ApiError(400, describeZodError(schema.safeParse(input, { reportInput: true }).error!, part)) };
  };
}

async function authorize(op: Operation, deps: Deps, request: FastifyRequest): Promise<void> {
  const token = request.headers['x-token'];
  if (typeof token !== 'string' || token.length === 0 || token.length > 256) throw sessionExpired();
  const user = await resolveSession(deps.db, token, deps.config, deps.sessions);
  if (!user) throw sessionExpired();
  request.user = user;
  rateLimit(deps, request, `staff:${user.accountId}`, deps.config.rateLimits.staffPerMinute);
  if (user.mustBind && !op.whileBinding) throw twoFactorRequired();
  if (op.screen && !mayAccess(op.screen, { roles: user.roles, partner: user.partner })) throw forbidden();
}

async function run(op: Operation, deps: Deps, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const note: OperationNote = { target: '', before: null, after: null };
  request.operationNote = note;
  const now = new Date(deps.config.now());
  const base = { config: deps.config, body: request.body, query: request.query, user: request.user, ip: request.ip, now, note, request, reply };
  if (!op.audit) {
    const db = op.reads === 'replica' && deps.replica && request.user ? await deps.replica.forAccount(request.user.accountId) : deps.db;
    return op.handler({ ...base, db });
  }
  try {
    const answer = await deps.db.transaction().execute(async (trx) => {
      const answer = await op.handler({ ...base, db: trx });
      await appendOperationLog(
        trx,
        {
          username: request.user?.username ?? '',
          partner: request.user?.partner ?? 0,
          operation: op.name,
          target: note.target,
          result: 'ok',
          status: 200,
          message: '',
          before: note.before,
          after: note.after,
          ip: request.ip,
        },
        now,
      );
      return answer;
    });
    // this account's next reads stay on the primary until the replica has replayed this change
    if (deps.replica && request.user) await deps.replica.recordWrite(request.user.accountId);
    return answer;
  } finally {
    // a change may revoke sessions or alter what userinfo shows
    deps.sessions?.invalidateAll();
  }
}

export function registerOperations(app: FastifyInstance, deps: Deps, operations: readonly Operation[]): void {
  for (const op of operations) {
    const roles = op.screen ? screenRoles(op.screen) : [];
    const query = op.query ?? emptyQuery;
    const validators: Record<string, ReturnType<typeof zodValidator>> = { querystring: zodValidator(query, 'query', { wellFormed: true }) };
    if (op.body) validators.body = zodValidator(op.body, 'body', { wellFormed: true });
    app.route({
      method: op.method,
      url: op.url,
      config: { operation: { name: op.name, audit: op.audit ?? false } },
      schema: {
        operationId: op.name,
        summary: op.summary,
        tags: op.tags,
        ...(op.public ? {} : { security: [{ token: [] }] }),
        ...(roles.length > 0 ? { 'x-roles': roles } : {}),
        querystring: documented(query),
        ...(op.body ? { body: documented(op.body) } : {}),
        ...(op.response ? { response: { 200: documented(op.response) } } : {}),
      },
      validatorCompiler: ({ httpPart }) => validators[httpPart ?? ''] ?? (() => ({ value: undefined })),
      serializerCompiler: () => (data) => JSON.stringify(data),
      onRequest: op.public ? undefined : async (request) => authorize(op, deps, request),
      handler: async (request, reply) => run(op, deps, request, reply),
    });
  }
}
