/**
 * The only body parser: JSON. Anything else is a 415 (Fastify's own answer once no parser
 * matches). `__proto__` and `constructor` keys are refused by name at any depth (Fastify's
 * onProtoPoisoning/onConstructorPoisoning are set to 'error' too, for its default parser).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor']);

export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw new ApiError(400, 'body: Required');
  try {
    return JSON.parse(text, (key, value) => {
      if (FORBIDDEN_KEYS.has(key)) throw new ApiError(400, `${key}: Forbidden key`);
      return value;
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, 'body: Invalid JSON');
  }
}

// platform calls and payout providers' callbacks are signed over their exact bytes
const isPlatform = (url: string | undefined) => (url ?? '').startsWith('/api/platform/') || (url ?? '').startsWith('/api/payout/');

export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // platform calls are signed over their exact bytes: kept raw, parsed once the signature holds
    if (isPlatform(request.raw.url)) return done(null, body);
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  // any other content type: raw for platform calls (their signature is checked first), else 415
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    if (isPlatform(request.raw.url)) return done(null, body);
    done(Object.assign(new Error('Unsupported content type: send application/json'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }), undefined);
  });
}
