/**
 * Ledger entry screens (GET /api/usermanager/<screen>, keyset newest first, server CSV
 * export): goldlogs (chips) and moneylogs (every currency, with a currency filter). Other
 * ledger screens (beanlogs, bonuslogs) are one `ledgerScreen(...)` call each.
 */
import { LEDGER_CURRENCIES, type LedgerCurrency, type LedgerEntryItem } from '@console/schemas';
import type { ListDeclaration } from '../../../kit';
import { LEDGER_REASON_LABELS, LEDGER_REASON_SUGGESTIONS, ReasonLabel } from '../ledgerReasons';
import { UID } from '../uid';

const L = 'usermanager.ledger.';
const CURRENCY_LABELS = Object.fromEntries(LEDGER_CURRENCIES.map((c) => [c, `${L}currencies.${c}`]));

/** The declaration of a ledger screen: of one currency, or of all with a currency filter. */
export function ledgerScreen(name: string, currency?: LedgerCurrency): ListDeclaration<LedgerEntryItem> {
  return {
    name,
    title: `usermanager.${name}.title`,
    api: { url: `/usermanager/${name}`, mode: 'cursor', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'number', name: 'uid', label: UID },
      ...(currency
        ? []
        : [
            {
              kind: 'select' as const,
              name: 'currency',
              label: `${L}currency`,
              options: LEDGER_CURRENCIES.map((value) => ({ value, label: CURRENCY_LABELS[value] })),
            },
          ]),
      { kind: 'text', name: 'reason', label: `${L}reason`, suggestions: LEDGER_REASON_SUGGESTIONS },
      { kind: 'dateRange', name: 'at', label: `${L}at` },
    ],
    columns: [
      { key: 'at', title: `${L}at`, format: 'datetime' },
      { key: 'uid', title: UID, format: 'uid' },
      ...(currency ? [] : [{ key: 'currency' as const, title: `${L}currency`, labels: CURRENCY_LABELS }]),
      // chips and the other game currencies are whole units; withdrawable cash is in centavos (docs/api/usermanager.md)
      { key: 'delta', title: `${L}delta`, format: currency === 'withdrawable' ? 'money' : 'int' },
      { key: 'balanceAfter', title: `${L}balanceAfter`, format: currency === 'withdrawable' ? 'money' : 'int' },
      // readable labels (the code in a tooltip; unknown codes as they are), in the export too
      { key: 'reason', title: `${L}reason`, labels: LEDGER_REASON_LABELS, render: (v) => <ReasonLabel code={v} /> },
      { key: 'ref', title: `${L}ref` },
      { key: 'actor', title: `${L}actor` },
      { key: 'id', title: `${L}id`, hidden: true },
    ],
  };
}
