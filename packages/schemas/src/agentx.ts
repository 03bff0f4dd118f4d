/**
 * /agentx (docs/api/agentx.md, docs/decisions/023-agentmanager-agentx.md): third-party
 * integration agents. An agent is a platform application of its own (its players' wallet calls
 * carry its appId); the console keeps its terms (wallet mode, callback URL, currency, revenue
 * share, IP allow list) and answers its API key once, at creation and at each rotation.
 * Bodies strict: no extra keys, no coercion.
 */
import { z } from 'zod';
import { requiredText } from './text';

export const AGENTX_WALLET_MODES = ['transfer', 'seamless'] as const;
export type AgentxWalletMode = (typeof AGENTX_WALLET_MODES)[number];
export const AGENTX_STATUSES = ['active', 'suspended'] as const;
export type AgentxStatus = (typeof AGENTX_STATUSES)[number];
/** Currencies an agent may settle in (ISO 4217). */
export const AGENTX_CURRENCIES = ['PHP', 'USD', 'USDT', 'CNY', 'IDR', 'VND', 'THB', 'MYR', 'INR'] as const;
export const AGENTX_MAX_ALLOW = 50;

const ipForms = [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()];
/** One IPv4/IPv6 address or CIDR block ('203.0.113.7', '10.0.0.0/8', '2001:db8::/32'). */
export const ipOrCidr = z
  .string({ message: 'Must be a string' })
  .max(64, { message: 'Over 64 characters' })
  .refine((v) => ipForms.some((f) => f.safeParse(v).success), { message: 'Must be an IP address or a CIDR block' });

const whole = (min: number, max: number) =>
  z
    .number({ message: 'Must be a number' })
    .refine((n) => Number.isInteger(n), { message: 'Must be an integer', abort: true })
    .refine((n) => n >= min, { message: `Must be at least ${min}`, abort: true })
    .refine((n) => n <= max, { message: `Must be at most ${max}` });

/** http(s) only, an absolute URL with a host, at most 300 characters. */
export const callbackUrl = z
  .string({ message: 'Must be a string' })
  .max(300, { message: 'Over 300 characters' })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0 && !/\s/.test(v);
      } catch {
        return false;
      }
    },
    { message: 'Must be an http or https URL' },
  );

/** Percent of the GGR paid to the agent, 0 to 100 with at most two decimals. */
export const revenueShare = z
  .number({ message: 'Must be a number' })
  .refine((n) => Number.isFinite(n), { message: 'Must be a number', abort: true })
  .refine((n) => n >= 0, { message: 'Must be at least 0', abort: true })
  .refine((n) => n <= 100, { message: 'Must be at most 100', abort: true })
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: 'At most 2 decimals' });

const ipAllowList = z
  .array(ipOrCidr, { message: 'Must be a list' })
  .max(AGENTX_MAX_ALLOW, { message: `At most ${AGENTX_MAX_ALLOW} items` })
  .refine((l) => new Set(l).size === l.length, { message: 'Lists an address twice' });

export const agentxAppId = z
  .string({ message: 'Must be a string' })
  .min(3, { message: 'At least 3 characters' })
  .max(64, { message: 'Over 64 characters' })
  .regex(/^[a-z0-9][a-z0-9_.-]*$/, { message: 'Only lowercase letters, digits, _, . and - are allowed' });

const terms = {
  name: requiredText(64).refine((v) => v.trim().length > 0, { message: 'Required' }),
  partner: whole(0, 2_147_483_647),
  walletMode: z.enum(AGENTX_WALLET_MODES, { message: 'Must be transfer or seamless' }),
  callbackUrl,
  currency: z.enum(AGENTX_CURRENCIES, { message: `Must be one of ${AGENTX_CURRENCIES.join(', ')}` }),
  revenueShare,
  ipAllowList,
};

export const agentxCreateBody = z.strictObject({ appId: agentxAppId, ...terms });
export type AgentxCreateBody = z.infer<typeof agentxCreateBody>;
export const agentxUpdateBody = z.strictObject({ id: whole(1, 2_147_483_647), ...terms, reason: requiredText(200) });
export type AgentxUpdateBody = z.infer<typeof agentxUpdateBody>;
export const agentxRotateBody = z.strictObject({ id: whole(1, 2_147_483_647), overlapHours: whole(0, 168) });
export const agentxStatusBody = z.strictObject({
  id: whole(1, 2_147_483_647),
  status: z.enum(AGENTX_STATUSES, { message: 'Must be active or suspended' }),
  reason: requiredText(200),
});

/** The key answered once (create, rotate): sign with `secret` = lowercase hex SHA-256 of `apiKey`. */
export const agentxIssuedKey = z.object({ id: z.number(), appId: z.string(), apiKey: z.string(), previousUntil: z.string().nullable() });
export type AgentxIssuedKey = z.infer<typeof agentxIssuedKey>;

/** A row of /agentx/list: the agent's terms and its figures over the range. */
export const agentxItem = z.object({
  id: z.number(),
  appId: z.string(),
  name: z.string(),
  partner: z.number(),
  status: z.enum(AGENTX_STATUSES),
  walletMode: z.enum(AGENTX_WALLET_MODES),
  callbackUrl: z.string(),
  currency: z.string(),
  revenueShare: z.number(),
  ipAllowList: z.array(z.string()),
  keyFingerprint: z.string(),
  previousUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedBy: z.string(),
  calls: z.number(),
  refused: z.number(),
  /** refused / calls in percent, 2 decimals; 0 without calls. */
  errorRate: z.number(),
  rounds: z.number(),
  players: z.number(),
  bets: z.number(),
  wins: z.number(),
  ggr: z.number(),
  /** The agent's revenue share of a positive GGR. */
  share: z.number(),
});
export type AgentxItem = z.infer<typeof agentxItem>;

/** A row of one agent's days. */
export const agentxDayRow = z.object({
  day: z.string(),
  calls: z.number(),
  refused: z.number(),
  errorRate: z.number(),
  rounds: z.number(),
  players: z.number(),
  bets: z.number(),
  wins: z.number(),
  ggr: z.number(),
});
export type AgentxDayRow = z.infer<typeof agentxDayRow>;
