/**
 * Recharge orders and their channel callbacks (docs/api/recharge.md): the platform's
 * order and callback calls, the three /usermanager lists with their CSV exports, and the
 * staff decision on a held order (roles of /usermanager/payorder, operation-logged).
 */
import { rechargeCallbackBody, rechargeOrderAnswer, rechargeOrderBody, rechargeResolveBody } from '@console/schemas';
import { listOperations } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { rechargeCallback } from './callback';
import { createdPaymentLogs, paymentlogs, payorder } from './lists';
import { createRechargeOrder } from './orders';
import { creditHeldOrder, refuseHeldOrder } from './resolve';

const tags = ['recharge'];
const ok = (data: unknown) => ({ code: 200, data });

export const rechargeOperations: Operation[] = [
  ...listOperations(paymentlogs),
  ...listOperations(createdPaymentLogs),
  ...listOperations(payorder),
  defineOperation({
    method: 'POST',
    url: '/api/usermanager/payorder/credit',
    name: 'usermanager.payorder.credit',
    tags,
    screen: '/usermanager/payorderdecide',
    audit: true,
    summary:
      "Credits a held order's chips (and the first-recharge bonus if it is still the player's first paid order); reason ≤ 200 characters; 409 unless held",
    body: rechargeResolveBody,
    response: rechargeOrderAnswer,
    handler: async ({ db, user, now, note, body }) => ok(await creditHeldOrder({ db, user, now, note }, body)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/usermanager/payorder/refuse',
    name: 'usermanager.payorder.refuse',
    tags,
    screen: '/usermanager/payorderdecide',
    audit: true,
    summary: 'Refuses a held order (it becomes failed, nothing is credited); reason ≤ 200 characters; 409 unless held',
    body: rechargeResolveBody,
    response: rechargeOrderAnswer,
    handler: async ({ db, user, now, note, body }) => ok(await refuseHeldOrder({ db, user, now, note }, body)),
  }),
];

export const rechargePlatformOperations: PlatformOperation[] = [
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/recharge/orders',
    name: 'platform.recharge.orders',
    scope: 'recharge.orders',
    summary:
      'Creates a recharge order; requestId idempotent per application (other content: 409); 404 unknown player, product or channel; ' +
      "409 channel not open, product not offered or off sale, player's package not served, paid-only channel, price not the product's",
    body: rechargeOrderBody,
    response: rechargeOrderAnswer,
    handler: async ({ db, app, body, now }) => ok(await createRechargeOrder(db, app.appId, body, now)),
  }),
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/recharge/callback',
    name: 'platform.recharge.callback',
    scope: 'recharge.callback',
    summary:
      "A channel's result: paid credits the order's chips once however often it comes; an amount other than the price holds the order " +
      'for review (nothing credited); failed fails a created order; contradicting callbacks are flagged, never paid twice',
    body: rechargeCallbackBody,
    response: rechargeOrderAnswer,
    handler: async ({ db, app, body, now }) => ok(await rechargeCallback(db, app, body, now)),
  }),
];
