/**
 * Requests and answers of the recharge domain (contract "Recharge and cash-out",
 * docs/api/recharge.md): the platform's order and callback calls, the staff decision on a
 * held order, and the items of the /usermanager recharge lists. Amounts are centavos.
 */
import { z } from 'zod';
import { platformAmount, platformUid } from './platform';
import { requiredText } from './text';

/** The client's operating system, as the order records it (§3 Order: os type). */
export const RECHARGE_OS = ['android', 'ios', 'web'] as const;
export const RECHARGE_STATUSES = ['created', 'paid', 'failed', 'held'] as const;
export type RechargeOrderStatus = (typeof RECHARGE_STATUSES)[number];
export const RECHARGE_HELD_REASONS = ['amount', 'afterFailed'] as const;
export const RECHARGE_FLAGS = ['failedAfterPaid', 'channelOrderId'] as const;
export const RECHARGE_RESOLUTIONS = ['credited', 'refused'] as const;

/** Order ids are 32 lowercase hex characters (random, 128 bits). */
export const rechargeOrderId = z.string({ message: 'Expected string' }).regex(/^[0-9a-f]{32}$/, { message: 'Must be 32 hexadecimal characters' });

/** POST /api/platform/recharge/orders. */
export const rechargeOrderBody = z.strictObject({
  requestId: requiredText(64),
  uid: platformUid,
  productId: requiredText(64),
  channel: requiredText(64),
  price: platformAmount,
  os: z.enum(RECHARGE_OS, { message: `Must be one of ${RECHARGE_OS.join(', ')}` }),
});
export type RechargeOrderBody = z.infer<typeof rechargeOrderBody>;

/** POST /api/platform/recharge/callback. */
export const rechargeCallbackBody = z.strictObject({
  orderId: rechargeOrderId,
  channelOrderId: requiredText(128),
  amount: platformAmount,
  status: z.enum(['paid', 'failed'], { message: 'Must be paid or failed' }),
});
export type RechargeCallbackBody = z.infer<typeof rechargeCallbackBody>;

/** The answer of both platform calls. */
export const rechargeOrderAnswer = z.object({
  code: z.literal(200),
  data: z.object({ orderId: z.string(), status: z.enum(RECHARGE_STATUSES) }),
});

/** POST /api/usermanager/payorder/credit and /refuse: the staff decision on a held order. */
export const rechargeResolveBody = z.strictObject({
  orderId: rechargeOrderId,
  reason: requiredText(200),
});
export type RechargeResolveBody = z.infer<typeof rechargeResolveBody>;

/** One order in the /usermanager recharge lists (times ISO 8601 in GMT+08:00). */
export const rechargeOrderItem = z.object({
  id: z.number().int(),
  orderId: z.string(),
  uid: z.number().int(),
  partner: z.number().int(),
  productId: z.string(),
  channel: z.string(),
  os: z.string(),
  price: z.number().int().describe('centavos'),
  status: z.enum(RECHARGE_STATUSES),
  channelOrderId: z.string().nullable(),
  paidAmount: z.number().int().nullable().describe('centavos, as the channel reported'),
  chips: z.number().int().describe('chips credited'),
  bonusChips: z.number().int().describe('first-recharge bonus chips credited'),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  callbackAt: z.string().nullable(),
  callbacks: z.number().int(),
  heldReason: z.enum(RECHARGE_HELD_REASONS).nullable(),
  flag: z.enum(RECHARGE_FLAGS).nullable(),
  resolution: z.enum(RECHARGE_RESOLUTIONS).nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type RechargeOrderItem = z.infer<typeof rechargeOrderItem>;
