/**
 * The platform calls of the configuration (contract "Recharge and cash-out"): which recharge
 * channels a client app shows for its package, and the cash-out channels.
 *   recharge: open channels only, linked to the package, in their order (sort_order, then
 *             code), each with its enabled products in their order. Paid-only channels are left
 *             out: the call names no player, so it cannot tell who has paid before
 *             (docs/decisions/004-configuration-history.md).
 *   cash-out: every channel that is not closed (open, or maintenance so the app can say so).
 */
import { platformCashoutChannels, platformRechargeChannels, rechargeChannelsQuery } from '@console/schemas';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { definePlatformOperation } from '../../http/platform-operation';

export interface PlatformRechargeChannel {
  channel: string;
  name: string;
  icon: string;
  status: 'open';
  products: { productId: string; price: number; chips: number }[];
}

export async function openRechargeChannels(db: Db, pkg: string): Promise<PlatformRechargeChannel[]> {
  const channels = await db
    .selectFrom('recharge_channel as c')
    .innerJoin('recharge_channel_package as k', 'k.channel', 'c.channel')
    .select(['c.channel', 'c.name', 'c.icon'])
    .where('k.package', '=', pkg)
    .where('c.status', '=', 'open')
    .where('c.paid_only', '=', false)
    .orderBy('c.sort_order')
    .orderBy('c.channel')
    .execute();
  if (channels.length === 0) return [];
  const products = await db
    .selectFrom('recharge_channel_product as cp')
    .innerJoin('recharge_product as p', 'p.product_id', 'cp.product_id')
    .select(['cp.channel', 'p.product_id', 'p.price', 'p.chips'])
    .where(
      'cp.channel',
      'in',
      channels.map((c) => c.channel),
    )
    .where('p.enabled', '=', true)
    .orderBy('p.sort_order')
    .orderBy('p.price')
    .orderBy('p.product_id')
    .execute();
  return channels.map((c) => ({
    channel: c.channel,
    name: c.name,
    icon: c.icon,
    status: 'open' as const,
    products: products.filter((p) => p.channel === c.channel).map((p) => ({ productId: p.product_id, price: p.price, chips: p.chips })),
  }));
}

export async function visibleCashoutChannels(db: Db) {
  const rows = await db
    .selectFrom('cashout_channel')
    .select(['channel', 'name', 'status', 'min_amount', 'max_amount', 'fee_percent'])
    .where('status', '!=', 'close')
    .orderBy('sort_order')
    .orderBy('channel')
    .execute();
  return rows.map((r) => ({
    channel: r.channel,
    name: r.name,
    status: r.status,
    min: r.min_amount,
    max: r.max_amount,
    feePercent: Number(r.fee_percent),
  }));
}

export const paymentConfigPlatform = [
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/recharge/channels',
    name: 'platform.recharge.channels',
    scope: ['recharge.orders', 'config.read'],
    summary: 'The open recharge channels the package shows, in their order, each with its enabled products (price in centavos, chips)',
    query: rechargeChannelsQuery,
    response: z.object({ code: z.literal(200), data: platformRechargeChannels }),
    handler: async ({ db, query }) => ({ code: 200, data: { channels: await openRechargeChannels(db, query.package) } }),
  }),
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/cashout/channels',
    name: 'platform.cashout.channels',
    scope: ['cashout', 'config.read'],
    summary: 'The cash-out channels that are not closed, in their order: range (centavos, inclusive), fee percent',
    response: z.object({ code: z.literal(200), data: platformCashoutChannels }),
    handler: async ({ db }) => ({ code: 200, data: { channels: await visibleCashoutChannels(db) } }),
  }),
];
