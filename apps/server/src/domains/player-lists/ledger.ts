/**
 * Ledger entry lists (goldlogs, moneylogs; beanlogs and bonuslogs are one call each):
 * keyset paged newest first by (at, id), partner scoped through ledger_entry.partner. The
 * indexes (uid, currency, at, id), (currency, at, id), (partner, currency, at, id) of
 * migration 005 and (at, id) of migration 008 serve each filter combination.
 */
import { LEDGER_CURRENCIES, ledgerEntryItem, type LedgerCurrency, type LedgerEntryItem } from '@console/schemas';
import { dateRange, defineList, eqEnum, eqInt, eqText, sortBy, type FilterBuilder, type ListSpec } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';
import type { RowOf } from '../../db/schema';

export const toLedgerItem = (r: Omit<RowOf<'ledger_entry'>, 'idem_key'>): LedgerEntryItem => ({
  id: r.id,
  at: isoInConsoleZone(r.at),
  uid: r.uid,
  partner: r.partner,
  currency: r.currency,
  delta: r.delta,
  balanceAfter: r.balance_after,
  reason: r.reason,
  ref: r.ref,
  actor: r.actor,
});

/**
 * A list of ledger entries for a /usermanager screen: of one currency (`currency`), or of
 * all of them with a `currency` filter (when `currency` is absent).
 */
export function ledgerList(screen: string, summary: string, currency?: LedgerCurrency): ListSpec {
  const name = screen.split('/').pop()!;
  const filters: Record<string, FilterBuilder> = {
    uid: eqInt('uid', 1),
    reason: eqText('reason'),
    at: dateRange('at'),
  };
  if (!currency) filters.currency = eqEnum('currency', LEDGER_CURRENCIES);
  return defineList({
    url: `/api/usermanager/${name}`,
    name: `usermanager.${name}`,
    screen,
    tags: ['player lists'],
    summary: `${summary}: filters uid, reason, ${currency ? '' : 'currency, '}from/to`,
    paging: 'keyset',
    from: (db) => {
      const all = db.selectFrom('ledger_entry').select(['id', 'at', 'uid', 'partner', 'currency', 'delta', 'balance_after', 'reason', 'ref', 'actor']);
      return currency ? all.where('currency', '=', currency) : all;
    },
    partner: 'partner',
    id: 'id',
    filters,
    sorts: { at: sortBy.time('at') },
    defaultSort: { key: 'at', order: 'descend' },
    item: ledgerEntryItem,
    row: toLedgerItem,
  });
}

export const goldlogs = ledgerList('/usermanager/goldlogs', 'Chip ledger entries, newest first', 'chip');
export const moneylogs = ledgerList('/usermanager/moneylogs', 'Ledger entries of every currency, newest first');
