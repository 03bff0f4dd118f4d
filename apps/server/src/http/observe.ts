/**
 * Following one request: its id (X-Request-Id when the caller or the proxy sent a plain one,
 * else made up here), returned in X-Request-Id and carried by every log line written while the
 * request runs (pino's mixin reads it from the request's async context, so lines logged through
 * the process logger carry it too); the access log line at its end (ACCESS_LOG; on by default
 * in production) with the query's secrets redacted; and the request metrics (metrics.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { observeRequest } from './metrics';

const scope = new AsyncLocalStorage<{ reqId: string }>();

/** What an X-Request-Id may be to be kept: letters, digits and `._:-`, at most 128. */
const PLAIN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: the caller's id when plain, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && PLAIN_ID.test(given) ? given : randomUUID();
}

/** pino's mixin: the id of the request the line is written for, if any. */
export function requestLogFields(): { reqId?: string } {
  const store = scope.getStore();
  return store ? { reqId: store.reqId } : {};
}

/** What the log never shows: credentials in headers and bodies (pino's redact paths). */
export const LOG_REDACT = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["x-signature"]',
    '*.password',
    '*.newPassword',
    '*.oldPassword',
    '*.token',
    '*.secret',
    '*.otp',
  ],
  censor: '[redacted]',
};

/** Query parameters whose values an access log line hides. */
const SECRET_PARAM = /token|secret|pass|sign|key|code|otp|auth/i;

/** The URL for a log line: path as it is, the values of secret-looking query parameters redacted. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const pairs = [...new URLSearchParams(url.slice(at + 1))].map(
    ([name, value]) => `${encodeURIComponent(name)}=${SECRET_PARAM.test(name) ? '[redacted]' : encodeURIComponent(value)}`,
  );
  return pairs.length > 0 ? `${url.slice(0, at)}?${pairs.join('&')}` : url.slice(0, at);
}

/** The operation a request was for (the metrics' label): the catalogue's name, else its route pattern. */
function operationOf(request: FastifyRequest): string {
  const config = request.routeOptions.config;
  return config?.operation?.name ?? config?.platform?.name ?? (request.routeOptions.url ? `route ${request.routeOptions.url}` : 'unmatched');
}

export function registerRequestObservation(app: FastifyInstance, options: { accessLog: boolean }): void {
  // the id back to the caller, and the async context every later hook and the handler run in
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    scope.run({ reqId: request.id }, done);
  });
  // again after the body was read: a streamed body's callbacks may run outside the first context
  app.addHook('preHandler', (request, _reply, done) => {
    scope.run({ reqId: request.id }, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const seconds = reply.elapsedTime / 1000;
    const operation = operationOf(request);
    observeRequest(operation, reply.statusCode, seconds);
    if (options.accessLog) {
      app.log.info(
        {
          reqId: request.id,
          method: request.method,
          url: redactUrl(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          operation,
          user: request.user?.username,
          ip: request.ip,
        },
        'request',
      );
    }
  });
}
