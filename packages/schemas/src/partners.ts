/**
 * Request and answer schemas of partners, cloud chips, coin dealers, transfers and bills
 * (/platmanager partner and coin screens, /partnermanager). Chips in the smallest unit
 * (100 a peso); prices in basis points of face value (9000 = ₱90 for ₱100 of chips).
 * docs/api/partners.md.
 */
import { z } from 'zod';
import { calendarDay, requiredText, text } from './text';

const int = (min: number, max: number) =>
  z
    .number({ message: 'Expected number' })
    .int({ message: 'Must be an integer' })
    .min(min, { message: `Must be at least ${min}` })
    .max(max, { message: `Must be at most ${max}` });

/** The most chips one movement may carry (₱10,000,000,000). */
export const MAX_CHIPS = 1_000_000_000_000;
const chips = int(1, MAX_CHIPS);
const bp = int(1, 20_000);
const partnerId = int(1, 2_147_483_647);
const id = int(1, Number.MAX_SAFE_INTEGER);
/** A coin dealer's id (an integer column: a larger number is a 400, not a query error). */
const dealerId = int(1, 2_147_483_647);
const uid = int(1, 2_147_483_647);
const reason = requiredText(200);

/** What a new partner starts with (/platmanager/defalutediter). */
export const partnerDefaults = z.strictObject({
  deposit: int(0, MAX_CHIPS).describe('Chips held against losses: the stop-loss suspends the partner when its losses reach it'),
  rakeSharePct: z
    .number({ message: 'Expected number' })
    .min(0, { message: 'Must be at least 0' })
    .max(100, { message: 'Must be at most 100' })
    .describe("The partner's share of its players' house take, in percent"),
  cloudPriceBp: bp.describe('What the partner pays for cloud chips, in basis points of face value (9000 = 90%)'),
  transferThreshold: chips.describe('Transfers above this many chips need a second approver'),
  dealerDailyLimit: chips.describe("A new coin dealer's daily sell limit, in chips"),
  dealerPriceBp: bp.describe('What a player pays a coin dealer, in basis points of face value'),
});
export type PartnerDefaults = z.infer<typeof partnerDefaults>;

export const partnerStatus = z.enum(['active', 'suspended']);

export const partnerItem = z.object({
  id: z.number(),
  name: z.string(),
  status: partnerStatus,
  statusReason: z.string(),
  balance: z.number(),
  deposit: z.number(),
  rakeSharePct: z.number(),
  cloudPriceBp: z.number(),
  transferThreshold: z.number(),
  dealerDailyLimit: z.number(),
  dealerPriceBp: z.number(),
  dealers: z.number(),
  dealerStock: z.number(),
  pendingOrders: z.number(),
  loss: z.number(),
  createdAt: z.string().nullable(),
});
export type PartnerItem = z.infer<typeof partnerItem>;

export const partnerCreateBody = z.strictObject({ id: partnerId.optional(), name: requiredText(64) });
export const partnerUpdateBody = partnerDefaults
  .partial()
  .extend({ id: partnerId, name: requiredText(64).optional() })
  .strict();
export const partnerStatusBody = z.strictObject({ id: partnerId, reason });
export const partnerSellBody = z.strictObject({ partner: partnerId, amount: chips, note: text(200).optional(), key: text(64).optional() });
export const cloudOrderBody = z.strictObject({ partner: partnerId.optional(), amount: chips, note: text(200).optional() });
export const cloudOrderDecisionBody = z.strictObject({ id, note: text(200).optional() });

export const cloudOrderItem = z.object({
  id: z.number(),
  partner: z.number(),
  amount: z.number(),
  priceBp: z.number(),
  cost: z.number(),
  status: z.enum(['pending', 'paid', 'cancelled']),
  note: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});

/** One movement of cloud chips of an account (partnerCoinLogs). */
export const coinMovementItem = z.object({
  id: z.number(),
  at: z.string(),
  partner: z.number(),
  account: z.number(),
  kind: z.string(),
  owner: z.string(),
  delta: z.number(),
  balanceAfter: z.number(),
  reason: z.string(),
  ref: z.string(),
  counterparty: z.string(),
  actor: z.string(),
});

export const dealerItem = z.object({
  id: z.number(),
  partner: z.number(),
  name: z.string(),
  uid: z.number().nullable(),
  priceBp: z.number(),
  dailyLimit: z.number(),
  status: z.enum(['active', 'frozen']),
  stock: z.number(),
  soldToday: z.number(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type DealerItem = z.infer<typeof dealerItem>;

export const dealerCreateBody = z.strictObject({
  partner: int(0, 2_147_483_647).optional(),
  name: requiredText(64),
  uid: uid.optional(),
  priceBp: bp.optional(),
  dailyLimit: chips.optional(),
});
export const dealerUpdateBody = z.strictObject({ id: dealerId, name: requiredText(64).optional(), priceBp: bp.optional(), dailyLimit: chips.optional() });
export const dealerFreezeBody = z.strictObject({ id: dealerId, frozen: z.boolean({ message: 'Expected boolean' }), reason });
export const dealerStockBody = z.strictObject({ id: dealerId, amount: chips, key: text(64).optional() });
export const dealerSaleBody = z.strictObject({ dealer: dealerId, uid, amount: chips, key: text(64).optional() });
export const stockLoadBody = z.strictObject({ dealer: dealerId, amount: chips, note: text(200).optional() });
export const stockLoadDecisionBody = z.strictObject({ id, approve: z.boolean({ message: 'Expected boolean' }), note: text(200).optional() });
export const playerChipsBody = z.strictObject({ partner: partnerId.optional(), uid, amount: chips, reason, key: text(64).optional() });

export const saleItem = z.object({
  id: z.number(),
  at: z.string(),
  day: z.string(),
  dealer: z.number(),
  dealerName: z.string(),
  partner: z.number(),
  uid: z.number(),
  amount: z.number(),
  priceBp: z.number(),
  paid: z.number(),
  actor: z.string(),
});
export const saleDayItem = z.object({
  id: z.number(),
  day: z.string(),
  dealer: z.number(),
  dealerName: z.string(),
  partner: z.number(),
  sales: z.number(),
  sold: z.number(),
  paid: z.number(),
  stockOut: z.number(),
  stockIn: z.number(),
  differs: z.boolean(),
});
export const stockLoadItem = z.object({
  id: z.number(),
  dealer: z.number(),
  dealerName: z.string(),
  amount: z.number(),
  note: z.string(),
  status: z.enum(['requested', 'approved', 'rejected']),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});

export const PARTNER_TRANSFER_KINDS = ['account', 'player', 'agent'] as const;
export const transferBody = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('account'), partner: partnerId.optional(), from: id, to: id, amount: chips, reason }),
    z.strictObject({ kind: z.literal('player'), partner: partnerId.optional(), uid, toPartner: partnerId, reason }),
    z.strictObject({ kind: z.literal('agent'), partner: partnerId.optional(), uid, toPartner: partnerId, reason }),
  ],
  { message: 'kind: Must be account, player or agent' },
);
export type TransferBody = z.infer<typeof transferBody>;
export const transferDecisionBody = z.strictObject({ id, approve: z.boolean({ message: 'Expected boolean' }), note: text(200).optional() });
export const partnerTransferItem = z.object({
  id: z.number(),
  partner: z.number(),
  kind: z.enum(PARTNER_TRANSFER_KINDS),
  fromAccount: z.number().nullable(),
  toAccount: z.number().nullable(),
  uid: z.number().nullable(),
  toPartner: z.number().nullable(),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(['pending', 'done', 'rejected']),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string(),
});
export const partnerAccountItem = z.object({ id: z.number(), kind: z.string(), owner: z.string(), name: z.string(), balance: z.number() });
export type PartnerAccountItem = z.infer<typeof partnerAccountItem>;

export const BILL_STATUSES = ['draft', 'confirmed', 'settled', 'disputed'] as const;
export const billItem = z.object({
  id: z.number(),
  partner: z.number(),
  periodFrom: z.string(),
  periodTo: z.string(),
  /** The first and the last day the bill covers (GMT+08:00, both included): periodTo is the instant after the last day. */
  fromDay: z.string(),
  toDay: z.string(),
  opening: z.number(),
  bought: z.number(),
  distributed: z.number(),
  reclaimed: z.number(),
  adjusted: z.number(),
  rakeBase: z.number(),
  rakeSharePct: z.number(),
  rakeShare: z.number(),
  closing: z.number(),
  status: z.enum(BILL_STATUSES),
  note: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  confirmedBy: z.string().nullable(),
  closedBy: z.string().nullable(),
  adjustments: z.array(z.object({ amount: z.number(), reason: z.string(), actor: z.string(), at: z.string() })),
});
export type BillItem = z.infer<typeof billItem>;
const isoDate = calendarDay('Must be a date YYYY-MM-DD');
export const billCreateBody = z.strictObject({ partner: partnerId.optional(), from: isoDate, to: isoDate });
export const billAdjustBody = z.strictObject({ id, amount: int(-MAX_CHIPS, MAX_CHIPS).refine((n) => n !== 0, { message: 'Must not be 0' }), reason });
export const billStepBody = z.strictObject({
  id,
  action: z.enum(['confirm', 'settle', 'dispute'], { message: 'Must be confirm, settle or dispute' }),
  note: text(200).optional(),
});
export type CloudOrderItem = z.infer<typeof cloudOrderItem>;
export type CoinMovementItem = z.infer<typeof coinMovementItem>;
export type SaleItem = z.infer<typeof saleItem>;
export type SaleDayItem = z.infer<typeof saleDayItem>;
export type StockLoadItem = z.infer<typeof stockLoadItem>;
export type PartnerTransferItem = z.infer<typeof partnerTransferItem>;
