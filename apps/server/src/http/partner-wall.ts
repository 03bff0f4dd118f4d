/**
 * The partner wall in the answer layer (docs/decisions/047-partner-walls.md).
 * Every query over partner-owned rows filters by the account's partner (plugins/partner-scope.ts);
 * this stands behind them: an answer to a partner account that names another partner in a
 * `"partner"` field is not sent. It becomes a 500 that names nothing, and the log says which
 * operation leaked, so a query that forgot its filter fails closed instead of leaking. Streamed
 * answers (CSV exports) are not read here: they go through the list layer, which applies the
 * filter itself (http/list), and the backstop test reads them (partner-wall.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import { partnerScope } from '../plugins/partner-scope';

const PARTNER_FIELD = /"partner":(-?\d+)/g;

/** The first partner an answer names other than `own`, or null. */
export function foreignPartner(payload: string, own: number): number | null {
  for (const match of payload.matchAll(PARTNER_FIELD)) {
    if (Number(match[1]) !== own) return Number(match[1]);
  }
  return null;
}

export function registerPartnerWall(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const user = request.user;
    if (!user || typeof payload !== 'string' || reply.statusCode !== 200) return payload;
    const own = partnerScope(user);
    if (own === null) return payload;
    const other = foreignPartner(payload, own);
    if (other === null) return payload;
    request.log.error(
      { operation: request.routeOptions.config?.operation?.name, url: request.routeOptions.url, partner: own, other },
      'partner wall: an answer to a partner account named another partner; not sent',
    );
    reply.code(500);
    return JSON.stringify({ code: 500, message: 'Internal server error' });
  });
}
