/**
 * Redemption codes (/activities/cdkcode): the staff calls' bodies and rows, and the platform
 * redemption. docs/api/cdkcode.md, docs/decisions/028-cdkcode.md.
 */
import { z } from 'zod';
import { platformUid } from './platform';
import { isoDateTime, text } from './text';

const int = () => z.number().int();
const MAX_AMOUNT = 1_000_000_000_000;
export const CDK_MAX_BATCH = 10_000;
export const CDK_KINDS = ['unique', 'universal'] as const;
export const CDK_CURRENCIES = ['chip', 'bean', 'diamond'] as const;
export const CDK_STATUSES = ['active', 'disabled'] as const;
/** What a batch is at a moment: its status, or why its codes do not redeem now. */
export const CDK_STATES = ['active', 'disabled', 'notStarted', 'expired', 'usedUp'] as const;

const whole = (min: number, max: number) =>
  z
    .number({ message: 'Expected number' })
    .int({ message: 'Must be an integer' })
    .min(min, { message: `Must be at least ${min}` })
    .max(max, { message: `Must be at most ${max}` });

/** POST /api/activities/cdkcode/batches/create. */
export const cdkBatchBody = z
  .strictObject({
    name: text(100).refine((v) => v.trim().length > 0, { message: 'Required' }),
    kind: z.enum(CDK_KINDS, { message: 'Must be unique or universal' }),
    /** unique: how many codes; universal: how many accounts may use its code. */
    quantity: whole(1, CDK_MAX_BATCH),
    currency: z.enum(CDK_CURRENCIES, { message: 'Must be chip, bean or diamond' }),
    /** In the currency's smallest unit (chips: centavos). */
    amount: whole(1, MAX_AMOUNT),
    startAt: isoDateTime,
    endAt: isoDateTime,
  })
  .superRefine((b, ctx) => {
    if (Date.parse(b.endAt) <= Date.parse(b.startAt)) ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'Must be after startAt' });
  });
export type CdkBatchBody = z.infer<typeof cdkBatchBody>;

/** POST …/batches/disable and …/batches/enable. */
export const cdkBatchIdBody = z.strictObject({ id: whole(1, 2_147_483_647) });

export const cdkBatchRow = z.object({
  id: int(),
  name: z.string(),
  kind: z.enum(CDK_KINDS),
  quantity: int(),
  currency: z.enum(CDK_CURRENCIES),
  amount: int(),
  startAt: z.string(),
  endAt: z.string(),
  status: z.enum(CDK_STATUSES),
  state: z.enum(CDK_STATES),
  redeemed: int(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type CdkBatchRow = z.infer<typeof cdkBatchRow>;

/** A code of a batch (shown XXXX-XXXX-XXXX). */
export const cdkCodeRow = z.object({
  id: int(),
  batchId: int(),
  code: z.string(),
  uses: int(),
  maxUses: int(),
  lastAt: z.string().nullable(),
});
export type CdkCodeRow = z.infer<typeof cdkCodeRow>;

export const cdkRedemptionRow = z.object({
  id: int(),
  uid: int(),
  name: z.string(),
  partner: int(),
  batchId: int(),
  batchName: z.string(),
  code: z.string(),
  currency: z.enum(CDK_CURRENCIES),
  amount: int(),
  device: z.string().nullable(),
  phone: z.string().nullable(),
  gcash: z.string().nullable(),
  appId: z.string(),
  at: z.string(),
});
export type CdkRedemptionRow = z.infer<typeof cdkRedemptionRow>;

/** POST /api/platform/activities/cdkcode/redeem: the code as the player typed it (dashes, spaces, case do not matter). */
export const cdkRedeemBody = z.strictObject({
  uid: platformUid,
  code: text(64).min(1, { message: 'Required' }),
});

export const cdkRedeemAnswer = z.object({
  batchId: int(),
  code: z.string(),
  currency: z.enum(CDK_CURRENCIES),
  amount: int(),
  balance: int().nullable(),
  redeemedAt: z.string(),
  repeated: z.boolean(),
});
export type CdkRedeemAnswer = z.infer<typeof cdkRedeemAnswer>;
