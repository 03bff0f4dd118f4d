/**
 * Requests and answers of app-settings (docs/api/appsettings.md): the SMS providers of
 * §3 (name, function, id, rank, country code) for domestic (localconfig) and international
 * (globalconfig) numbers and the routing rules (smsconfig); the SMS log; the game store's gift
 * packs (§3: id, name, message, gold, diamond; price and the store packages that sell each),
 * award tables, regional and IP blocks, the allow list; and the platform's remote
 * configuration. Every body strict (no extra keys, numbers as JSON numbers).
 */
import { z } from 'zod';
import { PLATFORM_EVENT_DATA } from './platform';
import { queryInt, requiredText, text } from './text';

const MAX_AMOUNT = 1_000_000_000_000;

const whole = (min: number, max: number) =>
  z
    .number({ message: 'Must be a number' })
    .refine((n) => Number.isInteger(n), { message: 'Must be an integer', abort: true })
    .refine((n) => n >= min, { message: `Must be at least ${min}`, abort: true })
    .refine((n) => n <= max, { message: `Must be at most ${max}` });

const code = (max: number) =>
  z
    .string({ message: 'Must be a string' })
    .min(1, { message: 'Required' })
    .max(max, { message: `Over ${max} characters` })
    .regex(/^[A-Za-z0-9_.-]+$/, { message: 'Only letters, digits, _, - and . are allowed' });

const flag = z.boolean({ message: 'Must be true or false' });

// ------------------------------------------------------------------------------------ CIDR

export interface Cidr {
  version: 4 | 6;
  network: bigint;
  prefix: number;
}

function parseIpv4(v: string): bigint | null {
  const parts = v.split('.');
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255) return null;
    n = (n << 8n) | BigInt(p);
  }
  return n;
}

function parseIpv6(v: string): bigint | null {
  if (!/^[0-9a-fA-F:.]+$/.test(v) || v.split('::').length > 2) return null;
  let tail4: bigint | null = null;
  let text6 = v;
  const lastColon = v.lastIndexOf(':');
  if (v.includes('.')) {
    // an embedded IPv4 in the last 32 bits
    tail4 = parseIpv4(v.slice(lastColon + 1));
    if (tail4 === null) return null;
    text6 = `${v.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = text6.split('::') as [string, string | undefined];
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const h = groups(head);
  const t = rest === undefined ? [] : groups(rest);
  if ([...h, ...t].some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  const missing = 8 - h.length - t.length;
  if (rest === undefined ? missing !== 0 : missing < 1) return null;
  const all = [...h, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...t];
  let n = 0n;
  for (const g of all) n = (n << 16n) | BigInt(parseInt(g, 16));
  if (tail4 !== null) n = (n & ~0xffffffffn) | tail4;
  return n;
}

/** An address or a range: `203.0.113.0/24`, `2001:db8::/32`, a bare address = one host. */
export function parseCidr(value: string): Cidr | { error: string } {
  const [ip, bits, extra] = value.trim().split('/');
  if (extra !== undefined || ip === undefined || ip === '') return { error: 'Must be an IP address or a CIDR range (203.0.113.0/24)' };
  const v4 = parseIpv4(ip);
  const version: 4 | 6 = v4 !== null ? 4 : 6;
  const address = v4 ?? parseIpv6(ip);
  if (address === null) return { error: 'Must be an IP address or a CIDR range (203.0.113.0/24)' };
  const width = version === 4 ? 32 : 128;
  if (bits !== undefined && !/^(0|[1-9]\d{0,2})$/.test(bits)) return { error: `The prefix must be 0 to ${width}` };
  const prefix = bits === undefined ? width : Number(bits);
  if (prefix > width) return { error: `The prefix must be 0 to ${width}` };
  const hostMask = (1n << BigInt(width - prefix)) - 1n;
  if ((address & hostMask) !== 0n) {
    return { error: `Host bits are set: the range is ${formatCidr({ version, network: address & ~hostMask, prefix })}` };
  }
  return { version, network: address, prefix };
}

/** Canonical text: IPv4 dotted, IPv6 in lowercase groups with the longest zero run as `::`; always /prefix. */
export function formatCidr(c: Cidr): string {
  if (c.version === 4) {
    const n = c.network;
    return `${[24n, 16n, 8n, 0n].map((s) => String((n >> s) & 255n)).join('.')}/${c.prefix}`;
  }
  const groups = Array.from({ length: 8 }, (_, i) => Number((c.network >> BigInt(112 - 16 * i)) & 0xffffn));
  let best = -1;
  let bestLen = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLen && j - i > 1) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  const text6 = best < 0 ? hex.join(':') : `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
  return `${text6}/${c.prefix}`;
}

/** Whether `ip` (an address) lies in `range`. */
export function cidrContains(range: Cidr, ip: Cidr): boolean {
  if (range.version !== ip.version) return false;
  const width = range.version === 4 ? 32 : 128;
  const shift = BigInt(width - range.prefix);
  return ip.network >> shift === range.network >> shift;
}

/** A CIDR field: valid, host bits clear; stored in its canonical form. */
export const cidrText = z
  .string({ message: 'Must be a string' })
  .max(64, { message: 'Over 64 characters' })
  .transform((v, ctx) => {
    const parsed = parseCidr(v);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return formatCidr(parsed);
  });

// ------------------------------------------------------------------------------------ SMS

export const SMS_FUNCTIONS = ['all', 'register', 'login', 'bind', 'reset'] as const;
export type SmsFunction = (typeof SMS_FUNCTIONS)[number];
export const SMS_SCOPES = ['local', 'global'] as const;
export type SmsScope = (typeof SMS_SCOPES)[number];
export const SMS_RESULTS = ['delivered', 'failed'] as const;

/** A country calling code of 1–4 digits, or `*` for any country. */
export const smsCountryCode = z
  .string({ message: 'Must be a string' })
  .regex(/^(\*|[1-9][0-9]{0,3})$/, { message: 'Must be a country code of 1 to 4 digits (no leading 0) or *' });

/** A provider entry of localconfig / globalconfig (key `<countryCode>:<id>`). */
export const smsProviderBody = z.strictObject({
  id: code(64),
  name: requiredText(64),
  function: z.enum(SMS_FUNCTIONS, { message: `Must be one of ${SMS_FUNCTIONS.join(', ')}` }),
  rank: whole(1, 999),
  countryCode: smsCountryCode,
  enabled: flag,
});
export type SmsProviderBody = z.infer<typeof smsProviderBody>;
export const smsProviderRef = z.strictObject({ id: code(64), countryCode: smsCountryCode });

/** smsconfig: which numbers are domestic, and when a provider is skipped for failing. */
export const smsSettingsBody = z.strictObject({
  domesticCountry: z.string({ message: 'Must be a string' }).regex(/^[1-9][0-9]{0,3}$/, { message: 'Must be a country code of 1 to 4 digits' }),
  failureLimitPercent: whole(1, 100),
  windowMinutes: whole(5, 1440),
  minResults: whole(1, 10_000),
  fallback: flag,
});
export type SmsSettings = z.infer<typeof smsSettingsBody>;

/** GET /api/platform/sms/route */
export const smsRouteQuery = z.strictObject({
  country: z
    .string()
    .regex(/^\+?[0-9]{1,4}$/, { message: 'Must be a country code of 1 to 4 digits' })
    .transform((v) => v.replace(/^\+/, '')),
  number: z.string().regex(/^[0-9]{4,15}$/, { message: 'Must be 4 to 15 digits' }),
  purpose: z.enum(SMS_FUNCTIONS.filter((f) => f !== 'all') as [string, ...string[]], { message: 'Must be one of register, login, bind, reset' }),
});
export const smsRouteAnswer = z.object({
  provider: z.string(),
  name: z.string(),
  rank: z.number(),
  countryCode: z.string(),
  scope: z.enum(SMS_SCOPES),
  fallback: z.boolean(),
  skipped: z.array(z.object({ provider: z.string(), failureRate: z.number(), results: z.number() })),
});

/** The delivery result the platform reports for a code it sent (event `sms.result`). */
export const smsResultData = PLATFORM_EVENT_DATA['sms.result'];
export type SmsResultData = z.infer<typeof smsResultData>;

export const smsLogItem = z.object({
  id: z.number(),
  at: z.string(),
  phoneCountry: z.string(),
  phoneNumber: z.string(),
  code: z.string(),
  provider: z.string(),
  purpose: z.string(),
  result: z.string(),
  resultAt: z.string().nullable(),
  reason: z.string(),
  appId: z.string(),
});
export type SmsLogItem = z.infer<typeof smsLogItem>;

// ------------------------------------------------------------------------------------ store, awards, blocks

/** A gift pack (§3: id, name, message, gold, diamond), its price and the store packages that sell it. */
export const giftPackBody = z
  .strictObject({
    id: code(64),
    name: requiredText(64),
    message: text(200),
    gold: whole(0, MAX_AMOUNT),
    diamond: whole(0, 1_000_000_000),
    price: whole(1, MAX_AMOUNT),
    packages: z
      .array(code(128), { message: 'Must be a list' })
      .max(50, { message: 'At most 50 items' })
      .refine((l) => new Set(l).size === l.length, { message: 'Lists an item twice' }),
    sortOrder: whole(0, 1_000_000),
    enabled: flag,
  })
  .refine((p) => p.gold > 0 || p.diamond > 0, { message: 'A pack gives gold or diamonds', path: ['gold'] });
export type GiftPackBody = z.infer<typeof giftPackBody>;
export const giftPackRef = z.strictObject({ id: code(64) });

export const AWARD_USES = ['any', 'activity', 'message', 'retrieval'] as const;
/** A named reward that activities and messages refer to by id. */
export const awardBody = z
  .strictObject({
    id: code(64),
    name: requiredText(64),
    use: z.enum(AWARD_USES, { message: `Must be one of ${AWARD_USES.join(', ')}` }),
    chip: whole(0, MAX_AMOUNT),
    bean: whole(0, MAX_AMOUNT),
    diamond: whole(0, 1_000_000_000),
    bonus: whole(0, MAX_AMOUNT),
    note: text(200),
    enabled: flag,
  })
  .refine((a) => a.chip + a.bean + a.diamond + a.bonus > 0, { message: 'An award gives at least one currency', path: ['chip'] });
export type AwardBody = z.infer<typeof awardBody>;
export const awardRef = giftPackRef;

/** ISO 3166-1 alpha-2, optionally a subdivision (CN, CN-GD). */
const region = z
  .string({ message: 'Must be a string' })
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, { message: 'Must be a region code: CN or CN-GD' }));

export const SHIELD_KINDS = ['region', 'ip'] as const;
/** A block: a region or an IP range where the apps refuse to run, with the reason shown. */
export const shieldBody = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('region'), value: region, reason: requiredText(200), enabled: flag }),
    z.strictObject({ kind: z.literal('ip'), value: cidrText, reason: requiredText(200), enabled: flag }),
  ],
  { message: 'kind: Must be region or ip' },
);
export type ShieldBody = z.infer<typeof shieldBody>;
export const shieldRef = z.strictObject({ kind: z.enum(SHIELD_KINDS, { message: 'Must be region or ip' }), value: text(64) });

export const WHITE_KINDS = ['uid', 'device', 'ip'] as const;
/** An exemption from the blocks: a player, a device or an IP range. */
export const whiteBody = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('uid'),
      value: z
        .string()
        .regex(/^[1-9][0-9]{0,9}$/, { message: 'Must be a player id' })
        .refine((v) => Number(v) <= 2_147_483_647, { message: 'Must be a player id' }),
      note: text(200),
      enabled: flag,
    }),
    z.strictObject({ kind: z.literal('device'), value: requiredText(128), note: text(200), enabled: flag }),
    z.strictObject({ kind: z.literal('ip'), value: cidrText, note: text(200), enabled: flag }),
  ],
  { message: 'kind: Must be uid, device or ip' },
);
export type WhiteBody = z.infer<typeof whiteBody>;
export const whiteRef = z.strictObject({ kind: z.enum(WHITE_KINDS, { message: 'Must be uid, device or ip' }), value: text(128) });

/** A settings item as a list answers it: the document plus its key and when it last changed. */
export const settingItem = z.looseObject({ key: z.string(), updatedAt: z.string() });
const keyed = { key: z.string(), updatedAt: z.string() };
/** The items of the app-settings lists (the server's answers and the web's columns). */
export const smsProviderItem = z.object({
  ...keyed,
  id: z.string(),
  name: z.string(),
  function: z.enum(SMS_FUNCTIONS),
  rank: z.number(),
  countryCode: z.string(),
  enabled: z.boolean(),
});
export type SmsProviderItem = z.infer<typeof smsProviderItem>;
export const giftPackItem = z.object({
  ...keyed,
  id: z.string(),
  name: z.string(),
  message: z.string(),
  gold: z.number(),
  diamond: z.number(),
  price: z.number(),
  packages: z.array(z.string()),
  sortOrder: z.number(),
  enabled: z.boolean(),
});
export type GiftPackItem = z.infer<typeof giftPackItem>;
export const awardItem = z.object({
  ...keyed,
  id: z.string(),
  name: z.string(),
  use: z.enum(AWARD_USES),
  chip: z.number(),
  bean: z.number(),
  diamond: z.number(),
  bonus: z.number(),
  note: z.string(),
  enabled: z.boolean(),
});
export type AwardItem = z.infer<typeof awardItem>;
export const shieldItem = z.object({ ...keyed, kind: z.enum(SHIELD_KINDS), value: z.string(), reason: z.string(), enabled: z.boolean() });
export type ShieldItem = z.infer<typeof shieldItem>;
export const whiteItem = z.object({ ...keyed, kind: z.enum(WHITE_KINDS), value: z.string(), note: z.string(), enabled: z.boolean() });
export type WhiteItem = z.infer<typeof whiteItem>;

// ------------------------------------------------------------------------------------ platform

/** GET /api/platform/appsettings */
export const appSettingsQuery = z.strictObject({
  package: requiredText(128),
  uid: queryInt(1, 2_147_483_647).optional(),
  deviceId: requiredText(128).optional(),
  ip: z
    .string()
    .max(45)
    .optional()
    .refine((v) => v === undefined || (!v.includes('/') && !('error' in parseCidr(v))), { message: 'Must be an IP address' }),
  region: region.optional(),
});

export const appSettingsView = z.object({
  package: z.string(),
  version: z.string(),
  store: z.object({
    packs: z.array(z.object({ id: z.string(), name: z.string(), message: z.string(), gold: z.number(), diamond: z.number(), price: z.number() })),
  }),
  awards: z.array(z.object({ id: z.string(), name: z.string(), use: z.string(), chip: z.number(), bean: z.number(), diamond: z.number(), bonus: z.number() })),
  blocks: z.object({
    regions: z.array(z.object({ region: z.string(), reason: z.string() })),
    ipRanges: z.array(z.object({ cidr: z.string(), reason: z.string() })),
  }),
  access: z.object({ allowed: z.boolean(), blockedBy: z.string().nullable(), reason: z.string().nullable(), exemptBy: z.string().nullable() }).nullable(),
  recharge: z.object({ channels: z.array(z.unknown()) }),
  cashout: z.object({ channels: z.array(z.unknown()) }),
});
