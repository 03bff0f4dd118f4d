/**
 * The error envelope `{code, message}` for every failure, with HTTP status and code agreeing
 * as the contract's table says. Fastify's own refusals (body too large, not JSON, bad JSON,
 * prototype keys) become 413/415/400; anything unexpected is a 500 that names nothing.
 * Refused calls (401/403/429) of every operation, and failures of operations that change
 * data, are written to the operation log here; a call without a session and a rate-limited one
 * only counted (http/refusal-tally.ts). A 429 carries Retry-After.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, SESSION_EXPIRED } from '../http/api-error';
import type { Deps } from '../http/operation';
import { appendOperationLog } from '../domains/operation-log/chain';

export interface ErrorAnswer {
  status: number;
  code: number;
  message: string;
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is larger than 1 MiB',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body: Required',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
};

function fastifyMessage(error: FastifyError, status: number): string {
  if (error.code && FASTIFY_MESSAGES[error.code]) return FASTIFY_MESSAGES[error.code];
  if (/prototype/i.test(error.message)) return 'body: Forbidden key __proto__';
  if (/constructor/i.test(error.message)) return 'body: Forbidden key constructor';
  if (status === 400 && error instanceof SyntaxError) return 'body: Invalid JSON';
  if (status === 413) return FASTIFY_MESSAGES.FST_ERR_CTP_BODY_TOO_LARGE;
  if (status === 415) return FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_MEDIA_TYPE;
  return status === 404 ? 'Not found' : 'Bad request';
}

export function toErrorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof ApiError) return { status: error.statusCode, code: error.code, message: error.message };
  const fe = error as FastifyError;
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  if (status === 401) return { status, code: -1, message: SESSION_EXPIRED };
  if (status >= 400 && status < 500) return { status, code: status, message: fastifyMessage(fe, status) };
  return { status: 500, code: 500, message: 'Internal server error' };
}

const REFUSED = new Set([401, 403, 429]);

async function recordOutcome(deps: Deps, request: FastifyRequest, error: unknown, answer: ErrorAnswer): Promise<void> {
  const operation = request.routeOptions.config?.operation;
  if (!operation || (error instanceof ApiError && error.logged)) return;
  // a call without a live session, or over its rate limit: counted and summarised once a minute (http/refusal-tally.ts)
  if (deps.refusals && ((answer.status === 401 && !request.user) || answer.status === 429)) {
    deps.refusals.record('staff', request.user?.username ?? '', answer.message, operation.name, answer.status, request.ip);
    return;
  }
  const refused = REFUSED.has(answer.status);
  if (!refused && !operation.audit) return;
  const user = request.user;
  await appendOperationLog(
    deps.db,
    {
      username: user?.username ?? '',
      partner: user?.partner ?? 0,
      operation: operation.name,
      target: request.operationNote?.target ?? '',
      result: refused ? 'refused' : 'failed',
      status: answer.status,
      message: (error instanceof ApiError && error.logMessage) || answer.message,
      before: null,
      after: null,
      ip: request.ip,
    },
    new Date(deps.config.now()),
  );
}

export function registerErrorHandling(app: FastifyInstance, deps: Deps): void {
  app.setErrorHandler(async (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const answer = toErrorAnswer(error);
    // routes may take more than the app's 1 MiB (platform events: 4 MiB): name the route's own limit
    const limit = request.routeOptions.bodyLimit;
    if (answer.status === 413 && limit) answer.message = `Request body is larger than ${Math.round(limit / 1048576)} MiB`;
    if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
    try {
      await recordOutcome(deps, request, error, answer);
    } catch (logError) {
      request.log.error({ err: logError }, 'could not write the operation log');
    }
    if (error instanceof ApiError && error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
    return reply.status(answer.status).send({ code: answer.code, message: answer.message });
  });
}
