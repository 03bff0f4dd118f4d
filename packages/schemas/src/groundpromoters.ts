/**
 * /groundpromoters (docs/api/groundpromoters.md): the bounty settings (versioned; a
 * default and per-province overrides), the promoters' provinces, and the records of players
 * registered with a promoter's share code. Bodies strict; amounts in centavos.
 */
import { z } from 'zod';
import { requiredText } from './text';

const MAX_AMOUNT = 1_000_000_000_000;
const whole = (min: number, max: number) =>
  z
    .number({ message: 'Must be a number' })
    .refine((n) => Number.isInteger(n), { message: 'Must be an integer', abort: true })
    .refine((n) => n >= min, { message: `Must be at least ${min}`, abort: true })
    .refine((n) => n <= max, { message: `Must be at most ${max}` });
const percent = z
  .number({ message: 'Must be a number' })
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= 100, { message: 'Must be between 0 and 100', abort: true })
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: 'At most 2 decimals' });

export const GP_STATES = ['pending', 'qualified', 'paid', 'voided'] as const;
export type GpState = (typeof GP_STATES)[number];

/** A province: letters, digits, spaces and - (''= the default settings). */
export const gpProvince = z
  .string({ message: 'Must be a string' })
  .max(64, { message: 'Over 64 characters' })
  .regex(/^[\p{L}\p{N} .'-]*$/u, { message: "Only letters, digits, spaces, ., ' and - are allowed" });

export const gpSettingBody = z.strictObject({
  bounty: whole(0, MAX_AMOUNT).describe('paid per valid player (centavos)'),
  minRecharge: whole(1, MAX_AMOUNT).describe('a valid player recharged at least this within qualifyDays (centavos)'),
  qualifyDays: whole(1, 90).describe('days after registration to bind the phone and reach minRecharge'),
  requirePhone: z.boolean({ message: 'Must be true or false' }).describe('a valid player has a bound phone'),
  sharePercent: percent.describe("the promoter's share of the player's paid recharges"),
  shareDays: whole(0, 365).describe('days after registration the share counts'),
  overridePercent: percent.describe("the province promoter's override on its promoters' players' recharges"),
});
export type GpSetting = z.infer<typeof gpSettingBody>;

export const gpSettingSaveBody = z.strictObject({ province: gpProvince, setting: gpSettingBody });
export const gpSettingRemoveBody = z.strictObject({ province: gpProvince.min(1, { message: 'Required' }) });
export const gpSettingItem = gpSettingBody.extend({ province: z.string(), updatedBy: z.string(), updatedAt: z.string() });
export type GpSettingItem = z.infer<typeof gpSettingItem>;

/** A ground promoter's province and province promoter (both console accounts). */
export const gpPromoterBody = z.strictObject({
  username: requiredText(64),
  province: gpProvince,
  leader: z.string({ message: 'Must be a string' }).max(64, { message: 'Over 64 characters' }),
});
export type GpPromoterBody = z.infer<typeof gpPromoterBody>;
export const gpPromoterItem = z.object({
  username: z.string(),
  shareCode: z.string().nullable(),
  province: z.string(),
  leader: z.string(),
  partner: z.number().int(),
  records: z.number().int(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type GpPromoterItem = z.infer<typeof gpPromoterItem>;

export const gpRecordItem = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  name: z.string(),
  partner: z.number().int(),
  shareCode: z.string(),
  promoter: z.string(),
  leader: z.string(),
  province: z.string(),
  registeredAt: z.string(),
  status: z.enum(GP_STATES),
  reason: z.string(),
  phoneBound: z.boolean(),
  recharge: z.number().int(),
  shareBase: z.number().int(),
  bounty: z.number().int(),
  share: z.number().int(),
  override: z.number().int(),
  qualifiedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  paidBy: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidedBy: z.string().nullable(),
});
export type GpRecordItem = z.infer<typeof gpRecordItem>;

export const gpRecordBody = z.strictObject({ id: whole(1, Number.MAX_SAFE_INTEGER) });
export const gpVoidBody = z.strictObject({ id: whole(1, Number.MAX_SAFE_INTEGER), reason: requiredText(200).regex(/\S/, { message: 'Required' }) });
