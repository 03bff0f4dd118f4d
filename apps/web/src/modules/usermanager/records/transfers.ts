/**
 * Chips from one player to another (GET /api/usermanager/<screen>, keyset, server CSV export):
 * playtokplayer (between players) and coindealerlogs (coin dealers' sales, with their price)
 * are one declaration each of this shape.
 */
import type { TransferItem } from '@console/schemas';
import type { ListDeclaration } from '../../../kit';

const L = 'usermanager.playtokplayer.';

export function transferScreen(name: 'playtokplayer' | 'coindealerlogs'): ListDeclaration<TransferItem> {
  const dealer = name === 'coindealerlogs';
  return {
    name,
    title: `usermanager.${name}.title`,
    api: { url: `/usermanager/${name}`, mode: 'cursor', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'number', name: 'fromUid', label: dealer ? `${L}dealerUid` : `${L}fromUid` },
      { kind: 'number', name: 'toUid', label: `${L}toUid` },
      { kind: 'dateRange', name: 'at', label: `${L}at` },
    ],
    columns: [
      { key: 'at', title: `${L}at`, format: 'datetime' },
      { key: 'fromUid', title: dealer ? `${L}dealerUid` : `${L}fromUid`, format: 'uid' },
      { key: 'toUid', title: `${L}toUid`, format: 'uid' },
      { key: 'amount', title: `${L}amount`, format: 'int' },
      // what the buyer paid, in centavos (docs/api/platform.md): shown in pesos like every cash amount
      ...(dealer ? [{ key: 'price' as const, title: `${L}price`, format: 'money' as const }] : []),
      { key: 'partner', title: `${L}partner` },
      { key: 'id', title: `${L}id`, hidden: true },
    ],
  };
}
