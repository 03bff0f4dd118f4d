/**
 * GET /api/platform/appsettings (signed): an app's whole remote configuration in one call
 * (docs/api/appsettings.md): the gift packs its store package sells, the award tables, the
 * blocks, and — the same answers as the payment calls, read by payment-config's own functions,
 * not a second copy — its recharge channels and the cash-out channels. With `uid`, `deviceId`,
 * `ip` or `region` the answer also says whether the app may run for that player (`access`:
 * blocked by a region or range, unless the allow list exempts the player, device or address).
 * `version` is a hash of the answer and the ETag: `If-None-Match` with it gets a 304 and no
 * body, as the lobby call does (domains/lobby/platform.ts).
 */
import { createHash } from 'node:crypto';
import { appSettingsQuery, appSettingsView, cidrContains, parseCidr, type Cidr, type ShieldBody, type WhiteBody } from '@console/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { notFound } from '../../http/api-error';
import { definePlatformOperation } from '../../http/platform-operation';
import { openRechargeChannels, visibleCashoutChannels } from '../payment-config/platform';
import { allowList, awards, blocks, giftPacks } from './kinds';

export interface Player {
  uid?: number;
  deviceId?: string;
  ip?: string;
  region?: string;
}

export interface Access {
  allowed: boolean;
  blockedBy: string | null;
  reason: string | null;
  exemptBy: string | null;
}

const inRange = (range: string, ip: Cidr | null) => {
  const r = parseCidr(range);
  return ip !== null && !('error' in r) && cidrContains(r, ip);
};

/** Whether the app may run for this player: the first block that matches, unless an allow-list entry does. */
export function accessOf(rules: readonly ShieldBody[], allowed: readonly WhiteBody[], who: Player): Access {
  const parsed = who.ip ? parseCidr(who.ip) : null;
  const ip = parsed && !('error' in parsed) ? parsed : null;
  const block = rules.find(
    (r) =>
      r.enabled && (r.kind === 'region' ? who.region !== undefined && (who.region === r.value || who.region.startsWith(`${r.value}-`)) : inRange(r.value, ip)),
  );
  const exempt = allowed.find(
    (w) =>
      w.enabled &&
      ((w.kind === 'uid' && who.uid !== undefined && Number(w.value) === who.uid) ||
        (w.kind === 'device' && who.deviceId !== undefined && w.value === who.deviceId) ||
        (w.kind === 'ip' && inRange(w.value, ip))),
  );
  return {
    allowed: !block || !!exempt,
    blockedBy: block ? `${block.kind}:${block.value}` : null,
    reason: block?.reason ?? null,
    exemptBy: exempt ? `${exempt.kind}:${exempt.value}` : null,
  };
}

export async function remoteConfiguration(db: Db, pkg: string, who: Player) {
  const known = await db.selectFrom('payment_package').select('package').where('package', '=', pkg).executeTakeFirst();
  if (!known) return null;
  const [packs, awardDocs, blockDocs, recharge, cashout] = await Promise.all([
    giftPacks.enabledDocs(db),
    awards.enabledDocs(db),
    blocks.enabledDocs(db),
    openRechargeChannels(db, pkg),
    visibleCashoutChannels(db),
  ]);
  const asked = who.uid !== undefined || who.deviceId !== undefined || who.ip !== undefined || who.region !== undefined;
  const body = {
    package: pkg,
    store: {
      packs: packs
        .filter((p) => p.packages.includes(pkg))
        .map((p) => ({ id: p.id, name: p.name, message: p.message, gold: p.gold, diamond: p.diamond, price: p.price })),
    },
    awards: awardDocs.map((a) => ({ id: a.id, name: a.name, use: a.use, chip: a.chip, bean: a.bean, diamond: a.diamond, bonus: a.bonus })),
    blocks: {
      regions: blockDocs.filter((b) => b.kind === 'region').map((b) => ({ region: b.value, reason: b.reason })),
      ipRanges: blockDocs.filter((b) => b.kind === 'ip').map((b) => ({ cidr: b.value, reason: b.reason })),
    },
    access: asked ? accessOf(blockDocs, await allowList.enabledDocs(db), who) : null,
    recharge: { channels: recharge },
    cashout: { channels: cashout },
  };
  const version = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);
  return { ...body, version };
}

/** 304 when the client's If-None-Match names `version`; the ETag header otherwise. */
export function notModified(request: FastifyRequest, reply: FastifyReply, version: string): boolean {
  const etag = `"${version}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  const asked = request.headers['if-none-match'];
  return (
    typeof asked === 'string' &&
    asked
      .split(',')
      .map((s) => s.trim().replace(/^W\//, ''))
      .includes(etag)
  );
}

export const remoteConfigPlatform = [
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/appsettings',
    name: 'platform.appsettings',
    scope: 'config.read',
    summary:
      "An app's whole remote configuration: its store's gift packs, award tables, blocks, recharge and cash-out channels; " +
      'with uid/deviceId/ip/region whether it may run; ETag = version (If-None-Match: 304); 404 unknown package',
    query: appSettingsQuery,
    response: z.object({ code: z.literal(200), data: appSettingsView }),
    handler: async ({ db, query, request, reply }) => {
      const config = await remoteConfiguration(db, query.package, { uid: query.uid, deviceId: query.deviceId, ip: query.ip, region: query.region });
      if (!config) throw notFound(`Package ${query.package} not found`);
      if (notModified(request, reply, config.version)) return reply.code(304).send();
      return { code: 200, data: config };
    },
  }),
];
