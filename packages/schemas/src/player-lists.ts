/**
 * Items of the /usermanager list screens (docs/api/usermanager.md). Their query schemas are
 * generated on the server from each list's declaration (apps/server/src/http/list).
 * Money and balances are integers in the smallest unit; times ISO 8601 in GMT+08:00.
 */
import { z } from 'zod';

export const PLAYER_STATUSES = ['active', 'suspended', 'banned'] as const;
export const LEDGER_CURRENCIES = ['chip', 'bean', 'safe', 'bonus', 'diamond', 'charisma', 'withdrawable'] as const;
export type LedgerCurrency = (typeof LEDGER_CURRENCIES)[number];

/** /usermanager/userlist: a player with its balances. */
export const playerListItem = z.object({
  uid: z.number().int(),
  name: z.string(),
  phone: z.string().describe('"+<country> <number>", empty when none is bound'),
  vip: z.number().int(),
  status: z.enum(PLAYER_STATUSES),
  suspendedUntil: z.string().nullable(),
  partner: z.number().int(),
  chip: z.number().int(),
  bean: z.number().int(),
  safe: z.number().int(),
  bonus: z.number().int(),
  diamond: z.number().int(),
  charisma: z.number().int(),
  withdrawable: z.number().int(),
  netWin: z.number().int(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  loginIp: z.string().nullable(),
  registerIp: z.string(),
});
export type PlayerListItem = z.infer<typeof playerListItem>;

/** goldlogs, moneylogs (and the other ledger screens): one ledger entry. */
export const ledgerEntryItem = z.object({
  id: z.number().int(),
  at: z.string(),
  uid: z.number().int(),
  partner: z.number().int(),
  currency: z.enum(LEDGER_CURRENCIES),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.string(),
  ref: z.string(),
  actor: z.string().describe("'staff:<username>', 'app:<app id>' or 'system:<job>'"),
});
export type LedgerEntryItem = z.infer<typeof ledgerEntryItem>;
