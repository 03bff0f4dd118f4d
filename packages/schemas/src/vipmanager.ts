/**
 * /vipmanager (docs/api/vipmanager.md): vipsend, batch VIP chips (the issuing
 * machinery of docs/api/issuing.md restricted to VIP players: the bodies and answers are the
 * issuing ones), and vipservice, the VIP hosts (console accounts assigned to VIP players) and
 * the contact log. Bodies strict.
 */
import { z } from 'zod';
import { isoDateTime, requiredText, text } from './text';

const MAX_UID = 2_147_483_647;

/** Roles that make a console account eligible as a VIP host (docs/decisions/030-vipmanager.md). */
export const VIP_HOST_ROLES = ['service', 'serviceleader', 'business', 'partner'] as const;

export const VIP_CONTACT_CHANNELS = ['phone', 'sms', 'chat', 'email', 'in-app'] as const;
export type VipContactChannel = (typeof VIP_CONTACT_CHANNELS)[number];
export const VIP_CONTACT_OUTCOMES = ['reached', 'noAnswer', 'callback', 'declined', 'other'] as const;
export type VipContactOutcome = (typeof VIP_CONTACT_OUTCOMES)[number];
export const VIP_NOTE_MAX = 2_000;

/** The line problem vipsend adds to the issuing ones (a uid that is not a VIP player). */
export const NOT_VIP = { code: 'notVip', message: 'player is not a VIP (level 0)' } as const;

const uid = z
  .number({ message: 'Must be a number' })
  .refine(Number.isInteger, { message: 'Must be an integer', abort: true })
  .refine((n) => n >= 1 && n <= MAX_UID, { message: `Must be from 1 to ${MAX_UID}` });
const username = requiredText(64);

export const vipAssignBody = z.strictObject({
  uid: uid.describe('a VIP player (vip ≥ 1)'),
  host: username.describe('the host: an enabled console account holding one of VIP_HOST_ROLES'),
});
export type VipAssignBody = z.infer<typeof vipAssignBody>;

export const vipUnassignBody = z.strictObject({ uid });
export type VipUnassignBody = z.infer<typeof vipUnassignBody>;

export const vipContactBody = z.strictObject({
  uid,
  channel: z.enum(VIP_CONTACT_CHANNELS, { message: `Must be one of ${VIP_CONTACT_CHANNELS.join(', ')}` }),
  outcome: z.enum(VIP_CONTACT_OUTCOMES, { message: `Must be one of ${VIP_CONTACT_OUTCOMES.join(', ')}` }),
  note: text(VIP_NOTE_MAX).refine((s) => s.trim().length > 0, { message: 'Required' }),
  /** When the contact happened; default now; never in the future. */
  contactedAt: isoDateTime.optional(),
  /** Who made the contact; default the player's host. */
  host: username.optional(),
});
export type VipContactBody = z.infer<typeof vipContactBody>;

export const vipPlayerItem = z.object({
  uid: z.number().int(),
  name: z.string(),
  vip: z.number().int(),
  partner: z.number().int(),
  host: z.string().nullable(),
  hostName: z.string().nullable(),
  assignedBy: z.string().nullable(),
  assignedAt: z.string().nullable(),
  contacts: z.number().int(),
  lastContactAt: z.string().nullable(),
});
export type VipPlayerItem = z.infer<typeof vipPlayerItem>;

export const vipHostItem = z.object({
  username: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  partner: z.number().int(),
  players: z.number().int(),
});
export type VipHostItem = z.infer<typeof vipHostItem>;

export const vipContactItem = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  name: z.string(),
  partner: z.number().int(),
  host: z.string(),
  channel: z.enum(VIP_CONTACT_CHANNELS),
  outcome: z.enum(VIP_CONTACT_OUTCOMES),
  note: z.string(),
  contactedAt: z.string(),
  loggedBy: z.string(),
  loggedAt: z.string(),
});
export type VipContactItem = z.infer<typeof vipContactItem>;

export const vipHostAssignment = z.object({
  uid: z.number().int(),
  host: z.string().nullable(),
  assignedBy: z.string().nullable(),
  assignedAt: z.string().nullable(),
});
export const vipHostAssignmentAnswer = z.object({ code: z.literal(200), data: vipHostAssignment });
export const vipContactAnswer = z.object({ code: z.literal(200), data: vipContactItem });
export const vipHostListAnswer = z.object({ code: z.literal(200), data: z.object({ items: z.array(vipHostItem), total: z.number().int() }) });

/** A VIP level change (up, down, restore) as the changes lists show it. */
export const vipChangeRow = z.object({
  id: z.number(),
  uid: z.number(),
  name: z.string(),
  partner: z.number(),
  day: z.string(),
  at: z.string(),
  kind: z.string(),
  fromLevel: z.number(),
  toLevel: z.number(),
  reason: z.string(),
  exp: z.number(),
  periodExp: z.number(),
  configVersion: z.number(),
});
export type VipChangeRow = z.infer<typeof vipChangeRow>;

/** A player's VIP standing as the VIP search shows it. */
export const vipPlayerRow = z.object({
  uid: z.number(),
  name: z.string(),
  partner: z.number(),
  level: z.number(),
  exp: z.number(),
  periodExp: z.number(),
  periodStart: z.string(),
  periodEnd: z.string(),
  droppedFrom: z.number().nullable(),
  droppedOn: z.string().nullable(),
  topLevel: z.number(),
  lastDay: z.string(),
  phone: z.string().nullable(),
});
export type VipPlayerRow = z.infer<typeof vipPlayerRow>;

/** The VIP dashboard (/activities/newvip/vipdashboard, /vipmanager/vipdashboard): players per level now, the range's level changes and payouts, by day. */
/** A day's (or the range's) level changes and VIP payouts. */
const vipFigures = z.object({
  ups: z.number(),
  maintains: z.number(),
  downs: z.number(),
  restores: z.number(),
  gift: z.number(),
  rebate: z.number(),
  deposit: z.number(),
});
export const vipDashboard = z.object({
  configVersion: z.number(),
  open: z.boolean(),
  lastEvaluated: z.string().nullable(),
  levels: z.array(z.object({ level: z.number(), players: z.number() })),
  totals: vipFigures.extend({ vips: z.number(), paid: z.number() }),
  days: z.array(vipFigures.extend({ day: z.string() })),
  chart: z.array(z.object({ day: z.string(), ups: z.number(), downs: z.number(), restores: z.number(), paid: z.number() })),
});
export type VipDashboard = z.infer<typeof vipDashboard>;
