/**
 * Request and answer schemas of lost-players (/loseuser): a retrieval campaign is a
 * personal message (messages' segment and texts) to players inactive for N days with an
 * optional chip reward; its players' outcomes (reached, came back, paid after coming back).
 * docs/api/loseuser.md.
 */
import { z } from 'zod';
import { CONTENT_MAX, MAX_EXPIRY_DAYS, segmentConditions, TITLE_MAX } from './messages';
import { queryInt, requiredText, text } from './text';

const int = (min: number, max: number) =>
  z
    .number({ message: 'Expected number' })
    .int({ message: 'Must be an integer' })
    .min(min, { message: `Must be at least ${min}` })
    .max(max, { message: `Must be at most ${max}` });

/** Chips a campaign may give one player (₱100,000). */
export const MAX_REWARD = 10_000_000;
/** Days after a send during which a login counts as a return and a recharge as its payment. */
export const ATTRIBUTION_DAYS = 30;
export const CAMPAIGN_OUTCOMES = ['reached', 'returned', 'paid'] as const;
export type CampaignOutcome = (typeof CAMPAIGN_OUTCOMES)[number];

/** Who a campaign reaches: messages' segment conditions, `inactiveDays` required. */
export const campaignSegment = segmentConditions.refine((s) => s.inactiveDays !== undefined, { message: 'Required', path: ['inactiveDays'] });
export type CampaignSegment = z.infer<typeof campaignSegment>;

export const campaignPreviewBody = z.strictObject({
  segment: campaignSegment,
  reward: int(0, MAX_REWARD).optional(),
});
export type CampaignPreviewBody = z.infer<typeof campaignPreviewBody>;

export const campaignBody = z.strictObject({
  name: requiredText(100),
  segment: campaignSegment,
  titleEn: requiredText(TITLE_MAX),
  titleZh: text(TITLE_MAX).optional(),
  contentEn: requiredText(CONTENT_MAX),
  contentZh: text(CONTENT_MAX).optional(),
  /** Chips given to each player who claims the message (centavos); 0 or absent: no reward. */
  reward: int(0, MAX_REWARD).optional(),
  /** Days the reward can be claimed: 1..90. */
  expiresInDays: int(1, MAX_EXPIRY_DAYS),
});
export type CampaignBody = z.infer<typeof campaignBody>;

export const campaignPreview = z.object({
  players: z.number(),
  /** Most the reward can cost if every player claims it. */
  exposure: z.number(),
  sample: z.array(z.object({ uid: z.number(), name: z.string() })),
});
export type CampaignPreview = z.infer<typeof campaignPreview>;

/** A campaign with its outcomes side by side. */
export const campaignItem = z.object({
  id: z.number(),
  name: z.string(),
  partner: z.number(),
  sendId: z.number(),
  inactiveDays: z.number(),
  segment: z.string(),
  titleEn: z.string(),
  reward: z.number(),
  planned: z.number(),
  reached: z.number(),
  claimed: z.number(),
  returned: z.number(),
  paid: z.number(),
  /** Chips claimed: claimed × reward. */
  rewardCost: z.number(),
  /** Paid recharges (centavos) of returned players after their return, within the window. */
  recharge: z.number(),
  /** recharge ÷ rewardCost; null without a cost. */
  returnOnCost: z.number().nullable(),
  returnRate: z.number().nullable(),
  status: z.enum(['running', 'done', 'cancelled']),
  createdBy: z.string(),
  createdAt: z.string(),
  refreshedAt: z.string().nullable(),
});
export type CampaignItem = z.infer<typeof campaignItem>;

export const campaignPlayerItem = z.object({
  campaignId: z.number(),
  uid: z.number(),
  partner: z.number(),
  vip: z.number(),
  lastLoginAt: z.string().nullable(),
  reachedAt: z.string(),
  claimedAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  recharge: z.number(),
  recharges: z.number(),
  outcome: z.enum(CAMPAIGN_OUTCOMES),
});
export type CampaignPlayerItem = z.infer<typeof campaignPlayerItem>;

export const campaignRef = z.strictObject({ id: queryInt(1, 2_147_483_647) });

const totals = z.object({
  campaigns: z.number(),
  planned: z.number(),
  reached: z.number(),
  returned: z.number(),
  paid: z.number(),
  claimed: z.number(),
  rewardCost: z.number(),
  recharge: z.number(),
  returnOnCost: z.number().nullable(),
  returnRate: z.number().nullable(),
});
export const lostDashboard = z.object({
  totals,
  previous: totals,
  /** By day of the range: players reached, returned and paying (first recharge after return) that day, and that day's campaigns' cost. */
  days: z.array(z.object({ day: z.string(), reached: z.number(), returned: z.number(), paid: z.number(), rewardCost: z.number() })),
});
export type LostDashboard = z.infer<typeof lostDashboard>;
