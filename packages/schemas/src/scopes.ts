/**
 * The scopes of a platform application (contract "Platform API", Scopes; decision 042): what
 * each application may call, in which currencies and up to which amounts. A call outside them is
 * a 403 naming the missing scope, and nothing is written. Kept as one JSON document per
 * application (platform_application.scopes) with the version history every setting has.
 */
import { z } from 'zod';
import { platformAmount, WALLET_CURRENCIES, type WalletCurrency } from './platform';

/** Every scope the contract names, in its order. */
export const PLATFORM_SCOPES = [
  'events',
  'rounds',
  'wallet.debit',
  'wallet.credit',
  'wallet.settle',
  'wallet.credit.unmatched',
  'recharge.orders',
  'recharge.callback',
  'cashout',
  'config.read',
] as const;
export type PlatformScope = (typeof PLATFORM_SCOPES)[number];

/** The wallet scopes that carry currencies and caps. */
export const WALLET_SCOPES = ['wallet.debit', 'wallet.credit', 'wallet.settle'] as const;
export type WalletScope = (typeof WALLET_SCOPES)[number];

/** Every event type, for an application that may send all of them, now and later. */
export const ANY = '*';

const name = (what: string) =>
  z
    .string({ message: 'Expected text' })
    .trim()
    .min(1, { message: `Enter ${what}` })
    .max(64, { message: 'At most 64 characters' })
    .regex(/^(\*|[A-Za-z0-9_.-]+)$/, { message: 'Letters, digits, _ . - only (or * for all)' });

const unique = <T>(list: T[]) => new Set(list).size === list.length;

/**
 * One currency of a wallet scope: the largest single amount, and the most the application may
 * move in it per GMT+08:00 day (null: no day total; the single-amount cap still holds). For
 * wallet.debit the day total counts debits, for wallet.credit credits, for wallet.settle wins.
 */
export const walletLimit = z.strictObject({
  currency: z.enum(WALLET_CURRENCIES, { message: `One of ${WALLET_CURRENCIES.join(', ')}` }),
  maxAmount: platformAmount,
  dayTotal: platformAmount.nullable(),
});
export type WalletLimit = z.infer<typeof walletLimit>;

const walletScope = z.strictObject({
  limits: z
    .array(walletLimit)
    .min(1, { message: 'Name at least one currency' })
    .max(WALLET_CURRENCIES.length)
    .refine((l) => unique(l.map((x) => x.currency)), { message: 'Each currency once' }),
});
const flag = z.strictObject({});

export const appScopes = z.strictObject({
  /** The event types it may send (`*`: every type). */
  events: z
    .strictObject({
      types: z.array(name('an event type')).min(1, { message: 'Name at least one event type' }).max(100).refine(unique, { message: 'Each type once' }),
    })
    .optional(),
  rounds: flag.optional(),
  'wallet.debit': walletScope.optional(),
  'wallet.credit': walletScope.optional(),
  'wallet.settle': walletScope.optional(),
  /** Currencies in which a credit need not match a debit of the same application (a payment or promotion system). */
  'wallet.credit.unmatched': z
    .strictObject({
      currencies: z
        .array(z.enum(WALLET_CURRENCIES, { message: `One of ${WALLET_CURRENCIES.join(', ')}` }))
        .min(1, { message: 'Name at least one currency' })
        .refine(unique, { message: 'Each currency once' }),
    })
    .optional(),
  'recharge.orders': flag.optional(),
  /** The recharge channels it speaks for (`*`: every channel). */
  'recharge.callback': z
    .strictObject({
      channels: z.array(name('a channel')).min(1, { message: 'Name at least one channel' }).max(100).refine(unique, { message: 'Each channel once' }),
    })
    .optional(),
  cashout: flag.optional(),
  'config.read': flag.optional(),
});
export type AppScopes = z.infer<typeof appScopes>;

const MAX = 1_000_000_000_000;
const everyCurrency = (): WalletLimit[] => WALLET_CURRENCIES.map((currency) => ({ currency, maxAmount: MAX, dayTotal: null }));

/** demo-app's scopes (contract: it holds every scope): every type, currency and channel, no day totals. */
export function allScopes(): AppScopes {
  return {
    events: { types: [ANY] },
    rounds: {},
    'wallet.debit': { limits: everyCurrency() },
    'wallet.credit': { limits: everyCurrency() },
    'wallet.settle': { limits: everyCurrency() },
    'wallet.credit.unmatched': { currencies: [...WALLET_CURRENCIES] },
    'recharge.orders': {},
    'recharge.callback': { channels: [ANY] },
    cashout: {},
    'config.read': {},
  };
}

/**
 * A game provider's application: chip bets and wins of its own rounds, and the configuration it
 * reads. The day total is on what it may credit (wallet.credit, and wallet.settle's wins), as the
 * contract words it: a debit takes chips from a player and mints nothing, so it is bounded by the
 * single-amount cap and the player's balance, and pays no counter row per call (decision 052).
 */
export function providerScopes(maxAmount: number, dayTotal: number | null): AppScopes {
  const credits: WalletLimit[] = [{ currency: 'chip', maxAmount, dayTotal }];
  const debits: WalletLimit[] = [{ currency: 'chip', maxAmount, dayTotal: null }];
  return { rounds: {}, 'wallet.debit': { limits: debits }, 'wallet.credit': { limits: credits }, 'wallet.settle': { limits: credits }, 'config.read': {} };
}

/** The scope names an application holds, in the contract's order. */
export const heldScopes = (scopes: AppScopes): PlatformScope[] => PLATFORM_SCOPES.filter((s) => scopes[s] !== undefined);

/** The limit of a wallet scope for a currency, or null when the scope or the currency is not held. */
export function limitOf(scopes: AppScopes, scope: WalletScope, currency: WalletCurrency): WalletLimit | null {
  return scopes[scope]?.limits.find((l) => l.currency === currency) ?? null;
}

/** Signature versions (contract: version 2 signs method and path too). */
export const SIGNATURE_VERSIONS = [1, 2] as const;
