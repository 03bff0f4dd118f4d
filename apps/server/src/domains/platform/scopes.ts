/**
 * The checks of an application's scopes inside a call (contract "Platform API", Scopes; decision
 * 042). The operation's own scope is checked before the body is parsed
 * (http/platform-operation.ts); these are the finer rules a handler applies to what the body
 * asks: currencies and single-amount caps, event types, recharge channels. The rules that need
 * the database (a credit matching a debit, day totals) run in the statement that moves the money
 * (migration 060) with what `walletRule` answers here. Each refusal is a 403 naming the scope.
 */
import { ANY, limitOf, type AppScopes, type WalletCurrency, type WalletScope } from '@console/schemas';
import { missingScope, ScopeRefusal, type PlatformApp } from '../../http/platform-operation';

/** Event types that report game rounds: the `rounds` scope allows them without listing them under `events`. */
export const ROUND_EVENT_TYPES: ReadonlySet<string> = new Set(['game.round', 'provider.round', 'game.reported', 'jackpot.won']);

/** Every type sent must be one the application may send; else the whole call is refused (nothing applied). */
export function checkEventTypes(scopes: AppScopes, types: Iterable<string>): void {
  const listed = scopes.events?.types;
  const any = listed?.includes(ANY) ?? false;
  for (const type of new Set(types)) {
    if (any || listed?.includes(type)) continue;
    if (ROUND_EVENT_TYPES.has(type) && scopes.rounds) continue;
    throw missingScope(ROUND_EVENT_TYPES.has(type) ? 'rounds' : 'events', `event type ${type}`);
  }
}

/** What the money statement enforces for one wallet move: match a debit, and a day total under a scope. */
export interface WalletRule {
  match: boolean;
  capScope: WalletScope | null;
  cap: number | null;
}

/**
 * A wallet movement of `amount` in `currency` under `scope`: the currency must be held and the
 * amount within its single-amount cap. A credit (or a settle's win) must match a debit of the
 * same application unless it holds wallet.credit.unmatched for the currency.
 */
export function walletRule(app: PlatformApp, scope: WalletScope, currency: WalletCurrency, amount: number, credit: boolean): WalletRule {
  const limit = limitOf(app.scopes, scope, currency);
  if (!limit) throw missingScope(scope, `currency ${currency}`);
  if (amount > limit.maxAmount) {
    throw new ScopeRefusal(scope, `Scope ${scope}: ${amount} ${currency} is over this application's single-amount cap of ${limit.maxAmount}`);
  }
  const unmatched = app.scopes['wallet.credit.unmatched']?.currencies.includes(currency) ?? false;
  return { match: credit && !unmatched, capScope: limit.dayTotal === null ? null : scope, cap: limit.dayTotal };
}

/**
 * A settle of `bet` and `win` in `currency` (contract "Fewer calls per bet"): wallet.settle must
 * hold the currency, and each leg be within its single-amount cap. Its win needs no debit to
 * match when it has a bet of its own (the same call's, in the same round); a win with bet 0 must
 * match a debit of the same application, player and round, as a credit must, unless the
 * application holds wallet.credit.unmatched for the currency. The day total counts wins: none is
 * taken for a settle that wins nothing.
 */
export function settleRule(app: PlatformApp, currency: WalletCurrency, bet: number, win: number): WalletRule {
  const limit = limitOf(app.scopes, 'wallet.settle', currency);
  if (!limit) throw missingScope('wallet.settle', `currency ${currency}`);
  for (const [leg, amount] of [
    ['bet', bet],
    ['win', win],
  ] as const) {
    if (amount > limit.maxAmount) {
      throw new ScopeRefusal(
        'wallet.settle',
        `Scope wallet.settle: the ${leg} of ${amount} ${currency} is over this application's single-amount cap of ${limit.maxAmount}`,
      );
    }
  }
  const unmatched = app.scopes['wallet.credit.unmatched']?.currencies.includes(currency) ?? false;
  const capped = limit.dayTotal !== null && win > 0;
  return { match: bet === 0 && win > 0 && !unmatched, capScope: capped ? 'wallet.settle' : null, cap: capped ? limit.dayTotal : null };
}

/** A recharge callback only from an application bound to the order's channel. */
export function checkCallbackChannel(scopes: AppScopes, channel: string): void {
  const channels = scopes['recharge.callback']?.channels ?? [];
  if (!channels.includes(ANY) && !channels.includes(channel)) throw missingScope('recharge.callback', `channel ${channel}`);
}

/** The SQLSTATE the money statements raise for a scope rule (migration 060), as the 403 it is. */
export function scopeErrorOf(error: unknown): ScopeRefusal | null {
  if ((error as { code?: unknown })?.code !== 'CN403') return null;
  const message = (error as Error).message;
  const scope = /[Ss]cope ([a-z.]+)/.exec(message)?.[1] ?? 'wallet';
  return new ScopeRefusal(scope, message);
}
