/**
 * Activity records of /usermanager, keyset paged newest first by (at, id), partner scoped:
 * beanlogs and bonuslogs (the ledger list of goldlogs for another currency), giftlogs
 * (player_gift), playtokplayer and coindealerlogs (player_transfer of one kind; one
 * declaration), banAccountlogs (ban_log). Indexes: player_gift_at_idx (at, id),
 * player_transfer_at_idx (kind, at, id), ban_log_at_idx (at, id); a uid filter uses the
 * table's (uid, at) index.
 */
import { BAN_LOG_ACTIONS, BAN_LOG_KINDS, banRecordItem, giftItem, transferItem, type BanRecordItem, type GiftItem, type TransferItem } from '@console/schemas';
import { dateRange, defineList, eqEnum, eqInt, eqText, sortBy, type ListSpec } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';
import { ledgerList } from '../player-lists/ledger';

const at = (r: Record<string, unknown>) => isoInConsoleZone(r.at as Date)!;
const newestFirst = { sorts: { at: sortBy.time('at') }, defaultSort: { key: 'at', order: 'descend' as const } };

export const beanlogs = ledgerList('/usermanager/beanlogs', 'Bean ledger entries, newest first', 'bean');
export const bonuslogs = ledgerList('/usermanager/bonuslogs', 'Bonus ledger entries, newest first', 'bonus');

export const giftlogs = defineList<GiftItem>({
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
    id: r.id as number,
    at: at(r),
    fromUid: r.from_uid as number,
    toUid: r.to_uid as number,
    partner: r.partner as number,
    giftId: r.gift_id as string,
    chips: r.chips as number,
    charisma: r.charisma as number,
  }),
});

/** Chips moved from one player to another, of one kind: 'player' (playtokplayer) or 'coindealer' (coindealerlogs, with price). */
export function transferList(screen: string, kind: TransferItem['kind'], summary: string): ListSpec {
  const name = screen.split('/').pop()!;
  return defineList<TransferItem>({
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
      id: r.id as number,
      at: at(r),
      kind: r.kind as TransferItem['kind'],
      fromUid: r.from_uid as number,
      toUid: r.to_uid as number,
      partner: r.partner as number,
      amount: r.amount as number,
      price: (r.price as number | null) ?? null,
    }),
  });
}

export const playtokplayer = transferList('/usermanager/playtokplayer', 'player', 'Chips transferred between players');
export const coindealerlogs = transferList('/usermanager/coindealerlogs', 'coindealer', "Coin dealers' chip sales (with price)");

export const banAccountlogs = defineList<BanRecordItem>({
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
    kind: eqEnum('kind', BAN_LOG_KINDS),
    value: eqText('value', 128),
    action: eqEnum('action', BAN_LOG_ACTIONS),
    operator: eqText('operator'),
    at: dateRange('at'),
  },
  ...newestFirst,
  item: banRecordItem,
  row: (r) => ({
    id: r.id as number,
    at: at(r),
    kind: r.kind as BanRecordItem['kind'],
    value: r.value as string,
    action: r.action as BanRecordItem['action'],
    reason: r.reason as string,
    until: isoInConsoleZone(r.until as Date | null),
    operator: r.operator as string,
    partner: r.partner as number,
  }),
});
