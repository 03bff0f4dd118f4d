/**
 * The security headers every answer carries, set in one hook from a constant (helmet's
 * per-request middleware chain cost a quarter of the API's throughput for the same headers).
 */
import type { FastifyInstance } from 'fastify';

/**
 * Scripts only from the app itself (no inline script, no eval), so player-written text that
 * reached the page as markup could still not run; styles may be inline (antd's CSS-in-JS);
 * images also from data:/blob: (QR codes) and https: (avatars); calls only to this origin.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'origin-agent-cluster': '?1',
  // a back office has no use for the camera, the microphone, the position or payment sheets
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
} as const;

/** Over HTTPS (directly, or behind a trusted proxy that says so): a year of HTTPS only, this host and below. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Every answer carries the headers; an API answer is never stored by a browser or a proxy
 * (balances, players' details: `no-store`; the web app's files set their own caching); HSTS
 * when the request came over HTTPS (browsers ignore it over plain HTTP, and a console on a
 * loopback address must stay reachable).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}
