/**
 * Activity records of /usermanager, keyset paged newest first by (at, id), partner scoped:
 * beanlogs and bonuslogs (the ledger list of goldlogs for another currency), giftlogs
 * (player_gift), playtokplayer and coindealerlogs (player_transfer of one kind; one
 * declaration), banAccountlogs (ban_log). Indexes: player_gift_at_idx (at, id),
 * player_transfer_at_idx (kind, at, id), ban_log_at_idx (at, id); a uid filter uses the
 * table's (uid, at) index.
 */
import { BAN_ACTIONS, BAN_KINDS, banLogItem, giftItem, transferItem, type TransferItem } from '@console/schemas';
import { dateRange, defineList, eqEnum, eqInt, eqText, sortBy, type ListSpec } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';
import { ledgerList } from '../player-lists/ledger';
import { banLogRow } from '../players/history';

const at = (r: { at: Date }) => isoInConsoleZone(r.at);
const newestFirst = { sorts: { at: sortBy.time('at') }, defaultSort: { key: 'at', order: 'descend' } } as const;

export const beanlogs = ledgerList('/usermanager/beanlogs', 'Bean ledger entries, newest first', 'bean');
export const bonuslogs = ledgerList('/usermanager/bonuslogs', 'Bonus ledger entries, newest first', 'bonus');

export const giftlogs = defineList({
  url: '/api/usermanager/giftlogs',
  name: 'usermanager.giftlogs',
  screen: '/usermanager/giftlogs',
  tags: ['player records'],
  summary: 'Gifts between players, newest first: filters fromUid, toUid, giftId, from/to',
  paging: 'keyset',
  from: (db) => db.selectFrom('player_gift').select(['id', 'at', 'from_uid', 'to_uid', 'partner', 'gift_id', 'chips', 'charisma']),
  partner: 'partner',
  id: 'id',
  filters: { fromUid: eqInt('from_uid', 1), toUid: eqInt('to_uid', 1), giftId: eqText('gift_id'), at: dateRange('at') },
  ...newestFirst,
  item: giftItem,
  row: (r) => ({
    id: r.id,
    at: at(r),
    fromUid: r.from_uid,
    toUid: r.to_uid,
    partner: r.partner,
    giftId: r.gift_id,
    chips: r.chips,
    charisma: r.charisma,
  }),
});

/** Chips moved from one player to another, of one kind: 'player' (playtokplayer) or 'coindealer' (coindealerlogs, with price). */
export function transferList(screen: string, kind: TransferItem['kind'], summary: string): ListSpec {
  const name = screen.split('/').pop()!;
  return defineList({
    url: `/api/usermanager/${name}`,
    name: `usermanager.${name}`,
    screen,
    tags: ['player records'],
    summary: `${summary}, newest first: filters fromUid, toUid, from/to`,
    paging: 'keyset',
    from: (db) => db.selectFrom('player_transfer').select(['id', 'at', 'kind', 'from_uid', 'to_uid', 'partner', 'amount', 'price']).where('kind', '=', kind),
    partner: 'partner',
    id: 'id',
    filters: { fromUid: eqInt('from_uid', 1), toUid: eqInt('to_uid', 1), at: dateRange('at') },
    ...newestFirst,
    item: transferItem,
    row: (r) => ({
      id: r.id,
      at: at(r),
      kind: r.kind,
      fromUid: r.from_uid,
      toUid: r.to_uid,
      partner: r.partner,
      amount: r.amount,
      price: r.price ?? null,
    }),
  });
}

export const playtokplayer = transferList('/usermanager/playtokplayer', 'player', 'Chips transferred between players');
export const coindealerlogs = transferList('/usermanager/coindealerlogs', 'coindealer', "Coin dealers' chip sales (with price)");

export const banAccountlogs = defineList({
  url: '/api/usermanager/banAccountlogs',
  name: 'usermanager.banAccountlogs',
  screen: '/usermanager/banAccountlogs',
  tags: ['player records'],
  summary: 'Bans, lifts, suspensions and their lifting by account, device or IP, newest first: filters kind, value, action, operator, from/to',
  paging: 'keyset',
  from: (db) => db.selectFrom('ban_log').select(['id', 'at', 'kind', 'value', 'action', 'reason', 'until', 'operator', 'partner']),
  partner: 'partner',
  id: 'id',
  filters: {
    kind: eqEnum('kind', BAN_KINDS),
    value: eqText('value', 128),
    action: eqEnum('action', BAN_ACTIONS),
    operator: eqText('operator'),
    at: dateRange('at'),
  },
  ...newestFirst,
  item: banLogItem,
  row: banLogRow,
});
