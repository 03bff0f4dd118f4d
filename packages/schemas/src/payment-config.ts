/**
 * Requests and answers of the payment-config domain (docs/api/remoteconfig.md):
 * recharge channels and products (/remoteconfig/payControl), packages (packageControl),
 * cash-out channels (cashOutEdter), the global cash-out rules (withdrawalconfigs), platform
 * applications (application), every screen's version history, and the two platform calls.
 * Money in centavos; every body strict (no extra keys, no coercion).
 */
import { z } from 'zod';
import { text } from './text';
import { appScopes } from './scopes';

export const PAYMENT_CHANNEL_STATUSES = ['close', 'maintenance', 'open'] as const;
export type PaymentChannelStatus = (typeof PAYMENT_CHANNEL_STATUSES)[number];
const MAX_AMOUNT = 1_000_000_000_000;

/** A JSON number that is a whole number within bounds (never a string). */
const whole = (min: number, max: number) =>
  z
    .number({ message: 'Must be a number' })
    .refine((n) => Number.isInteger(n), { message: 'Must be an integer', abort: true })
    .refine((n) => n >= min, { message: `Must be at least ${min}`, abort: true })
    .refine((n) => n <= max, { message: `Must be at most ${max}` });

/** Codes the platform and the client apps use: letters, digits, `_`, `-`, `.`. */
const code = (max: number) =>
  z
    .string({ message: 'Must be a string' })
    .min(1, { message: 'Required' })
    .max(max, { message: `Over ${max} characters` })
    .regex(/^[A-Za-z0-9_.-]+$/, { message: 'Only letters, digits, _, - and . are allowed' });

export const configChannelCode = code(64);
export const configProductCode = code(64);
export const configPackageCode = code(128);
export const platformAppCode = code(64);
const label = text(64);
/** An icon: a URL or a short name the client app maps (at most 512 characters). */
const icon = text(512);
const sortOrder = whole(0, 1_000_000);
const amount = whole(1, MAX_AMOUNT);
const status = z.enum(PAYMENT_CHANNEL_STATUSES, { message: 'Must be close, maintenance or open' });
/** A list of codes without repeats. */
const codeList = (item: z.ZodType<string>, max: number) =>
  z
    .array(item, { message: 'Must be a list' })
    .max(max, { message: `At most ${max} items` })
    .refine((list) => new Set(list).size === list.length, { message: 'Lists an item twice' });

/** A percentage 0 ≤ p < 100 with at most two decimals (numeric(5,2)). */
export const cashoutFeePercent = z
  .number({ message: 'Must be a number' })
  .refine((n) => Number.isFinite(n) && n >= 0, { message: 'Must be at least 0', abort: true })
  .refine((n) => n < 100, { message: 'Must be below 100', abort: true })
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: 'At most 2 decimals' });

// ---------------------------------------------------------------- payControl

export const rechargeProductConfigBody = z.strictObject({
  productId: configProductCode,
  name: label,
  price: amount,
  chips: amount,
  firstBonus: whole(0, MAX_AMOUNT),
  enabled: z.boolean({ message: 'Must be true or false' }),
  sortOrder,
});
export type RechargeProductConfigBody = z.infer<typeof rechargeProductConfigBody>;
export const rechargeProductConfig = rechargeProductConfigBody.extend({ id: z.number().int() });
export type RechargeProductConfig = z.infer<typeof rechargeProductConfig>;

export const rechargeChannelConfigBody = z.strictObject({
  channel: configChannelCode,
  name: label,
  icon,
  sortOrder,
  status,
  paidOnly: z.boolean({ message: 'Must be true or false' }),
  products: codeList(configProductCode, 200),
  packages: codeList(configPackageCode, 500),
});
export type RechargeChannelConfigBody = z.infer<typeof rechargeChannelConfigBody>;
export const rechargeChannelConfig = rechargeChannelConfigBody.extend({ id: z.number().int(), updatedAt: z.string() });
export type RechargeChannelConfig = z.infer<typeof rechargeChannelConfig>;

export const configChannelRef = z.strictObject({ channel: configChannelCode });
export const configProductRef = z.strictObject({ productId: configProductCode });

// ---------------------------------------------------------------- packageControl

export const paymentPackageConfigBody = z.strictObject({
  package: configPackageCode,
  name: label,
  /** The partner that ships it (0: the platform's own); a partner account's is always its own. */
  partner: whole(0, 2_147_483_647),
  /** Recharge channels this package shows. */
  channels: codeList(configChannelCode, 200),
});
export type PaymentPackageConfigBody = z.infer<typeof paymentPackageConfigBody>;
export const paymentPackageConfig = paymentPackageConfigBody.extend({ id: z.number().int(), createdAt: z.string() });
export type PaymentPackageConfig = z.infer<typeof paymentPackageConfig>;
export const configPackageRef = z.strictObject({ package: configPackageCode });

// ---------------------------------------------------------------- cashOutEdter

export const cashoutChannelConfigBody = z
  .strictObject({
    channel: configChannelCode,
    name: label,
    icon,
    sortOrder,
    status,
    /** Inclusive bounds of one cash-out, centavos. */
    min: amount,
    max: amount,
    feePercent: cashoutFeePercent,
    /** A player's cash-outs per GMT+08:00 day on this channel, enforced while dailyMaxEnabled. */
    dailyMax: whole(0, 1000),
    dailyMaxEnabled: z.boolean({ message: 'Must be true or false' }),
    /** Failed payouts in a row that close the channel (0: never). */
    maxConsecutiveFailures: whole(0, 1000),
  })
  .superRefine((c, ctx) => {
    if (typeof c.min === 'number' && typeof c.max === 'number' && c.min > c.max) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'Must be at least min' });
    }
  });
export type CashoutChannelConfigBody = z.infer<typeof cashoutChannelConfigBody>;
export const cashoutChannelConfig = z.object({
  id: z.number().int(),
  channel: z.string(),
  name: z.string(),
  icon: z.string(),
  sortOrder: z.number(),
  status,
  min: z.number(),
  max: z.number(),
  feePercent: z.number(),
  dailyMax: z.number(),
  dailyMaxEnabled: z.boolean(),
  maxConsecutiveFailures: z.number(),
  consecutiveFailures: z.number(),
  updatedAt: z.string(),
});
export type CashoutChannelConfig = z.infer<typeof cashoutChannelConfig>;

// ---------------------------------------------------------------- withdrawalconfigs

export const cashoutRulesBody = z
  .strictObject({
    fourEyesAmount: amount.describe('An order above this amount (centavos) needs a second reviewer'),
    dailyCount: whole(0, 1000).describe("A player's cash-out requests per day over every channel; 0 = no limit"),
    reviewFromHour: whole(0, 23).describe('Reviewers work from this hour (GMT+08:00)'),
    reviewToHour: whole(1, 24).describe('… until this hour (GMT+08:00)'),
  })
  .superRefine((r, ctx) => {
    if (typeof r.reviewFromHour === 'number' && typeof r.reviewToHour === 'number' && r.reviewFromHour >= r.reviewToHour) {
      ctx.addIssue({ code: 'custom', path: ['reviewToHour'], message: 'Must be after reviewFromHour' });
    }
  });
export type CashoutRulesBody = z.infer<typeof cashoutRulesBody>;

// ---------------------------------------------------------------- application

/** Hours during which the previous secret still signs after a rotation (0: not at all; a week at most). */
export const MAX_OVERLAP_HOURS = 168;
const signatureVersion = z.union([z.literal(1), z.literal(2)], { message: 'Must be 1 or 2' });
/**
 * A new application: what it may call (default: reading the configuration only) and its signature
 * version (default 2, which signs method and path too: contract "Platform API").
 */
export const applicationCreateBody = z.strictObject({
  appId: platformAppCode,
  name: label,
  scopes: appScopes.optional(),
  signatureVersion: signatureVersion.optional(),
});
/** The scopes and the signature version of an application (decision 042). */
export const applicationScopesBody = z.strictObject({ appId: platformAppCode, scopes: appScopes, signatureVersion });
export type ApplicationScopesBody = z.infer<typeof applicationScopesBody>;
export const applicationRotateBody = z.strictObject({ appId: platformAppCode, overlapHours: whole(0, MAX_OVERLAP_HOURS) });
export const applicationUpdateBody = z.strictObject({ appId: platformAppCode, name: label, enabled: z.boolean({ message: 'Must be true or false' }) });
export type ApplicationUpdateBody = z.infer<typeof applicationUpdateBody>;
export const platformApplication = z.object({
  id: z.number().int(),
  appId: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  /** First 8 hex of SHA-256 of the secret: tells two secrets apart without showing either. */
  fingerprint: z.string(),
  createdAt: z.string(),
  rotatedAt: z.string().nullable(),
  /** Until when the previous secret still signs (null: no overlap running). */
  previousUntil: z.string().nullable(),
  scopes: appScopes,
  signatureVersion: z.number().int(),
  /** Calls refused for a missing scope (all days: platform_app_refusal keeps one row per day and scope), and the last one. */
  refused: z.number().int(),
  lastRefusal: z.object({ at: z.string(), scope: z.string(), message: z.string() }).nullable(),
});
export type PlatformApplicationView = z.infer<typeof platformApplication>;
/** The answer of create and rotate: the only time the secret is shown. */
export const applicationSecretAnswer = z.object({
  code: z.literal(200),
  data: z.object({ appId: z.string(), secret: z.string(), previousUntil: z.string().nullable() }),
});

// ---------------------------------------------------------------- versions

export const configVersion = z.object({
  id: z.number().int(),
  key: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type ConfigVersion = z.infer<typeof configVersion>;
export const restoreVersionBody = z.strictObject({ id: whole(1, Number.MAX_SAFE_INTEGER) });

// ---------------------------------------------------------------- platform calls

export const rechargeChannelsQuery = z.strictObject({ package: configPackageCode });
export const platformRechargeChannels = z.object({
  channels: z.array(
    z.object({
      channel: z.string(),
      name: z.string(),
      icon: z.string(),
      status,
      products: z.array(z.object({ productId: z.string(), price: z.number(), chips: z.number() })),
    }),
  ),
});
export const platformCashoutChannels = z.object({
  channels: z.array(
    z.object({
      channel: z.string(),
      name: z.string(),
      status,
      min: z.number(),
      max: z.number(),
      feePercent: z.number(),
    }),
  ),
});

/**
 * Payout endpoints (docs/api/payout-provider.md): the HTTP API of the
 * provider that pays a cash-out channel. https, or http to a loopback address (a gateway on the
 * same host). The secret is write-only: lists show its fingerprint.
 */
export const payoutEndpointUrl = text(300).refine(
  (url) => {
    try {
      const u = new URL(url);
      return u.protocol === 'https:' || (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname));
    } catch {
      return false;
    }
  },
  { message: 'Must be an https:// URL (http:// only to 127.0.0.1 or localhost)' },
);

export const payoutEndpointSaveBody = z.strictObject({
  channel: text(64),
  url: payoutEndpointUrl,
  merchantId: text(64).refine((v) => v.trim().length > 0, { message: 'Required' }),
  /** Required for a channel without an endpoint; absent on an update: the secret is kept. */
  secret: z.string().min(16, { message: 'At least 16 characters' }).max(256, { message: 'At most 256 characters' }).optional(),
  timeoutMs: z.number().int().min(1_000, { message: 'At least 1000' }).max(30_000, { message: 'At most 30000' }).default(8_000),
  retries: z.number().int().min(0, { message: 'At least 0' }).max(5, { message: 'At most 5' }).default(2),
  enabled: z.boolean().default(true),
});
export type PayoutEndpointSaveBody = z.infer<typeof payoutEndpointSaveBody>;
export const payoutEndpointRemoveBody = z.strictObject({ channel: text(64) });

export const payoutEndpointView = z.object({
  id: z.number(),
  channel: z.string(),
  name: z.string(),
  channelStatus: z.enum(PAYMENT_CHANNEL_STATUSES),
  /** Who pays the channel now: its enabled endpoint, or the simulation (demo and tests only). */
  paidBy: z.enum(['http', 'simulated']),
  url: z.string().nullable(),
  merchantId: z.string().nullable(),
  fingerprint: z.string().nullable(),
  timeoutMs: z.number().nullable(),
  retries: z.number().nullable(),
  enabled: z.boolean().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type PayoutEndpointView = z.infer<typeof payoutEndpointView>;

/** A provider's callback: the outcome of a payout it was asked for. */
export const payoutCallbackBody = z.strictObject({
  orderId: text(64),
  status: z.enum(['success', 'failure'], { message: 'Must be success or failure' }),
  reference: text(128).optional(),
  reason: text(200).optional(),
});
