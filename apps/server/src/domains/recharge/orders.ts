/**
 * Creating a recharge order (POST /api/platform/recharge/orders). The order records the
 * product's price, chips and first-recharge bonus as the player saw them, and the player's
 * partner (the lists are scoped by it without a join). `requestId` is the application's own
 * id of the call: the same requestId with the same content answers the same order, with
 * other content a 409. Refusals (docs/decisions/005-recharge.md): 404 unknown player,
 * product or channel; 409 channel not open, channel not offering the product, product off
 * sale, channel not serving the player's package, paid-only channel for a player who never
 * paid, price not the product's price.
 */
import { randomBytes } from 'node:crypto';
import type { RechargeOrderBody, RechargeOrderStatus } from '@console/schemas';
import type { Db } from '../../db/open';
import { conflict, notFound } from '../../http/api-error';
import type { RechargeOrderTable } from './tables';

export interface RechargeAnswer {
  orderId: string;
  status: RechargeOrderStatus;
}

/** `8f3a…21c0`: how an order id is named in messages (the screens show it the same way). */
export const shortOrderId = (orderId: string) => (orderId.length <= 9 ? orderId : `${orderId.slice(0, 4)}…${orderId.slice(-4)}`);

const newOrderId = () => randomBytes(16).toString('hex');

type OrderRow = Pick<RechargeOrderTable, 'order_id' | 'uid' | 'product_id' | 'channel' | 'price' | 'os'>;

/** The first answer again when the content is the same; a 409 when the requestId named another order. */
function replay(existing: OrderRow, body: RechargeOrderBody): RechargeAnswer {
  const same =
    existing.uid === body.uid &&
    existing.product_id === body.productId &&
    existing.channel === body.channel &&
    existing.price === body.price &&
    existing.os === body.os;
  if (!same) throw conflict(`requestId ${body.requestId} was already used for another order`);
  return { orderId: existing.order_id, status: 'created' };
}

async function findByRequest(db: Db, appId: string, requestId: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('recharge_order')
    .select(['order_id', 'uid', 'product_id', 'channel', 'price', 'os'])
    .where('app_id', '=', appId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** Everything the order needs, or the refusal that says why not. */
async function checkOffer(db: Db, body: RechargeOrderBody) {
  const player = await db.selectFrom('player').select(['uid', 'partner', 'register_package']).where('uid', '=', body.uid).executeTakeFirst();
  if (!player) throw notFound(`Player ${body.uid} not found`);
  const product = await db.selectFrom('recharge_product').selectAll().where('product_id', '=', body.productId).executeTakeFirst();
  if (!product) throw notFound(`Product ${body.productId} not found`);
  const channel = await db.selectFrom('recharge_channel').select(['channel', 'status', 'paid_only']).where('channel', '=', body.channel).executeTakeFirst();
  if (!channel) throw notFound(`Channel ${body.channel} not found`);
  if (channel.status === 'close') throw conflict(`Channel ${body.channel} is closed`);
  if (channel.status === 'maintenance') throw conflict(`Channel ${body.channel} is in maintenance`);
  const offered = await db
    .selectFrom('recharge_channel_product')
    .select('channel')
    .where('channel', '=', body.channel)
    .where('product_id', '=', body.productId)
    .executeTakeFirst();
  if (!offered) throw conflict(`Channel ${body.channel} does not offer product ${body.productId}`);
  if (!product.enabled) throw conflict(`Product ${body.productId} is not on sale`);
  const served = await db
    .selectFrom('recharge_channel_package')
    .select('channel')
    .where('channel', '=', body.channel)
    .where('package', '=', player.register_package)
    .executeTakeFirst();
  if (!served) throw conflict(`Channel ${body.channel} does not serve package ${player.register_package || '(none)'}`);
  if (channel.paid_only) {
    const paid = await db.selectFrom('recharge_first_paid').select('uid').where('uid', '=', body.uid).executeTakeFirst();
    if (!paid) throw conflict(`Channel ${body.channel} is only for players who have paid before`);
  }
  if (product.price !== body.price) {
    throw conflict(`Price ${body.price} differs from product ${body.productId}'s price ${product.price}`);
  }
  return { player, product };
}

/** POST /api/platform/recharge/orders as a plain function (the simulator calls it in process). */
export async function createRechargeOrder(db: Db, appId: string, body: RechargeOrderBody, now: Date): Promise<RechargeAnswer> {
  const existing = await findByRequest(db, appId, body.requestId);
  if (existing) return replay(existing, body);
  const { player, product } = await checkOffer(db, body);
  const inserted = await db
    .insertInto('recharge_order')
    .values({
      order_id: newOrderId(),
      app_id: appId,
      request_id: body.requestId,
      uid: body.uid,
      partner: player.partner,
      product_id: body.productId,
      channel: body.channel,
      os: body.os,
      price: body.price,
      product_chips: product.chips,
      product_bonus: product.first_bonus,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['app_id', 'request_id']).doNothing())
    .returning('order_id')
    .executeTakeFirst();
  if (inserted) return { orderId: inserted.order_id, status: 'created' };
  // the same requestId was inserted by a concurrent call between our look-up and insert
  return replay((await findByRequest(db, appId, body.requestId))!, body);
}
