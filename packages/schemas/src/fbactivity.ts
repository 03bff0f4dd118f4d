/**
 * The Facebook share activity (fbactivity): its settings (/activities/fbactivity), the shares
 * and their review (/activities/fblogs), the platform calls. docs/api/fbactivity.md.
 */
import { z } from 'zod';
import { platformUid } from './platform';
import { isoDateTime, queryInt, text } from './text';

const int = () => z.number().int();
const currency = z.enum(['chip', 'bean', 'diamond'], { message: 'Must be chip, bean or diamond' });
/** Amounts in the smallest unit (chips: centavos). */
const MAX = 1_000_000_000_000;
const budget = int()
  .min(0, { message: 'Must not be negative' })
  .max(MAX, { message: `Must be at most ${MAX}` });
const host = z
  .string()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { message: 'Must be a lowercase host name such as m.facebook.com' });

export const FB_SHARE_STATES = ['not_reviewed', 'approved', 'success', 'reject'] as const;
export type FbShareState = (typeof FB_SHARE_STATES)[number];

export const fbActivitySettings = z
  .strictObject({
    open: z.boolean(),
    currency,
    amount: int()
      .min(1, { message: 'Must be more than 0' })
      .max(MAX, { message: `Must be at most ${MAX}` }),
    /** Shares a player may submit a GMT+08:00 day (1: once a day). */
    dailyLimit: int().min(1, { message: 'Must be at least 1' }).max(10, { message: 'Must be at most 10' }),
    /** What the activity may pay in all / a day, in the reward's unit; 0: no limit. */
    totalBudget: budget,
    dailyBudget: budget,
    /** Hosts a post link may have (exactly; list www. and m. forms too). */
    hosts: z
      .array(host)
      .min(1, { message: 'Name at least one host' })
      .max(20, { message: 'At most 20 hosts' })
      .refine((h) => new Set(h).size === h.length, { message: 'Must not repeat a host' }),
    startAt: isoDateTime.nullable(),
    endAt: isoDateTime.nullable(),
  })
  .superRefine((s, ctx) => {
    if (s.startAt && s.endAt && Date.parse(s.endAt) <= Date.parse(s.startAt))
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'Must be after startAt' });
  });
export type FbActivitySettings = z.infer<typeof fbActivitySettings>;

export const FB_ACTIVITY_DEFAULTS: FbActivitySettings = {
  open: false,
  currency: 'chip',
  amount: 1_000,
  dailyLimit: 1,
  totalBudget: 0,
  dailyBudget: 0,
  hosts: ['facebook.com', 'www.facebook.com', 'm.facebook.com', 'web.facebook.com', 'fb.com', 'www.fb.com', 'fb.watch'],
  startAt: null,
  endAt: null,
};

export const fbActivityConfigAnswer = z.object({
  version: int().describe('0: never saved, the defaults apply'),
  savedAt: z.string().nullable(),
  settings: fbActivitySettings,
  defaults: fbActivitySettings,
});
export const fbActivityConfigUpdateBody = z.strictObject({ settings: z.unknown() });

/** One share as the staff list shows it. */
export const fbShareRow = z.object({
  id: int(),
  uid: int(),
  name: z.string(),
  partner: int(),
  day: z.string(),
  seq: int(),
  postUrl: z.string(),
  screenshotUrl: z.string(),
  state: z.enum(FB_SHARE_STATES),
  reason: z.string(),
  currency,
  amount: int(),
  configVersion: int(),
  appId: z.string(),
  submittedAt: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  paidBy: z.string().nullable(),
  paidAt: z.string().nullable(),
  entryId: int().nullable(),
});
export type FbShareRow = z.infer<typeof fbShareRow>;

export const fbShareIdBody = z.strictObject({ id: int().min(1, { message: 'Must be at least 1' }) });
export const fbShareRejectBody = z.strictObject({
  id: int().min(1, { message: 'Must be at least 1' }),
  reason: text(200).trim().min(1, { message: 'Required' }),
});
export const fbShareAnswer = z.object({ code: z.literal(200), data: z.object({ share: fbShareRow }) });

/** A link a player sends: https, at most 1,000 characters (the host is checked against the settings). */
const link = text(1000)
  .min(1, { message: 'Required' })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' && u.username === '' && u.password === '';
      } catch {
        return false;
      }
    },
    { message: 'Must be an https link' },
  );

export const fbSubmitBody = z.strictObject({ uid: platformUid, postUrl: link, screenshotUrl: link });

/** A share as the player's app shows it. */
export const platformFbShare = z.object({
  id: int(),
  day: z.string(),
  postUrl: z.string(),
  screenshotUrl: z.string(),
  state: z.enum(FB_SHARE_STATES),
  reason: z.string(),
  currency,
  amount: int(),
  submittedAt: z.string(),
  paidAt: z.string().nullable(),
});
export const platformFbQuery = z.strictObject({ uid: queryInt(1, 2_147_483_647) });
export const platformFbAnswer = z.object({
  code: z.literal(200),
  data: z.object({
    uid: int(),
    open: z.boolean(),
    currency,
    amount: int(),
    dailyLimit: int(),
    submittedToday: int(),
    items: z.array(platformFbShare),
  }),
});
