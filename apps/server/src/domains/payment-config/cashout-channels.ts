/**
 * /remoteconfig/cashOutEdter: cash-out channels (§3, §9): balance range (inclusive), order,
 * status, fee percent, a player's daily maximum and its switch, and the consecutive payout
 * failures that close the channel. The failure counter is the payout service's (see
 * channel-health.ts), not configuration: it is shown, reset by staff, never versioned.
 */
import { cashoutChannelConfigBody, PAYMENT_CHANNEL_STATUSES, type CashoutChannelConfig, type CashoutChannelConfigBody } from '@console/schemas';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { notFound } from '../../http/api-error';
import { contains, defineList, eqEnum, sortBy } from '../../http/list';
import type { OperationNote } from '../../http/operation';
import { removing } from './references';
import type { CashoutChannelTable } from './tables';
import type { VersionedItems } from '../../settings/versions';
import { isoInConsoleZone } from '../../http/time';

export const CASHOUT_EDITOR = '/remoteconfig/cashOutEdter';

type Row = Selectable<CashoutChannelTable>;

const toDoc = (row: Row): CashoutChannelConfigBody => ({
  channel: row.channel,
  name: row.name,
  icon: row.icon,
  sortOrder: row.sort_order,
  status: row.status,
  min: row.min_amount,
  max: row.max_amount,
  feePercent: Number(row.fee_percent),
  dailyMax: row.daily_max,
  dailyMaxEnabled: row.daily_max_enabled,
  maxConsecutiveFailures: row.max_consecutive_failures,
});

async function readChannel(db: Db, channel: string): Promise<CashoutChannelConfigBody | null> {
  const row = await db.selectFrom('cashout_channel').selectAll().where('channel', '=', channel).forUpdate().executeTakeFirst();
  return row ? toDoc(row) : null;
}

async function writeChannel(db: Db, channel: string, doc: CashoutChannelConfigBody | null, now: Date): Promise<void> {
  if (!doc) {
    await removing(
      () => db.deleteFrom('cashout_channel').where('channel', '=', channel).execute(),
      `Channel ${channel} has cash-out orders: close it instead of removing it`,
    );
    return;
  }
  const values = {
    name: doc.name,
    icon: doc.icon,
    sort_order: doc.sortOrder,
    status: doc.status,
    min_amount: doc.min,
    max_amount: doc.max,
    fee_percent: doc.feePercent.toFixed(2),
    daily_max: doc.dailyMax,
    daily_max_enabled: doc.dailyMaxEnabled,
    max_consecutive_failures: doc.maxConsecutiveFailures,
    updated_at: now,
  };
  await db
    .insertInto('cashout_channel')
    .values({ channel, ...values })
    .onConflict((oc) => oc.column('channel').doUpdateSet(values))
    .execute();
}

export const cashoutChannelItems: VersionedItems<CashoutChannelConfigBody> = {
  screen: CASHOUT_EDITOR,
  kind: 'cashOutEdter',
  noun: 'Channel',
  read: readChannel,
  write: writeChannel,
  restorable: cashoutChannelConfigBody,
};

/** Staff reset of the failure counter (after the provider is fixed); the log keeps the count it had. */
export async function resetFailures(db: Db, channel: string, note: OperationNote, now: Date): Promise<CashoutChannelConfig> {
  const row = await db.selectFrom('cashout_channel').selectAll().where('channel', '=', channel).forUpdate().executeTakeFirst();
  if (!row) throw notFound(`Channel ${channel} not found`);
  const updated = await db
    .updateTable('cashout_channel')
    .set({ consecutive_failures: 0, updated_at: now })
    .where('channel', '=', channel)
    .returningAll()
    .executeTakeFirstOrThrow();
  note.target = `cashOutEdter:${channel}`;
  note.before = { consecutiveFailures: row.consecutive_failures, status: row.status };
  note.after = { consecutiveFailures: 0, status: updated.status };
  return toView(updated);
}

export const toView = (row: Row): CashoutChannelConfig => ({
  id: row.id,
  ...toDoc(row),
  consecutiveFailures: row.consecutive_failures,
  updatedAt: isoInConsoleZone(new Date(row.updated_at)),
});

export const cashoutChannelList = defineList({
  url: `/api${CASHOUT_EDITOR}/channels`,
  name: 'remoteconfig.cashOutEdter.channels',
  screen: CASHOUT_EDITOR,
  tags: ['remoteconfig'],
  summary: 'Cash-out channels (amounts in centavos, fee percent, daily maximum, failures): filters channel (substring), status; in their order',
  paging: 'page',
  from: (db: Db) => db.selectFrom('cashout_channel').selectAll(),
  partner: null,
  id: 'id',
  filters: { channel: contains('channel', 64), status: eqEnum('status', PAYMENT_CHANNEL_STATUSES) },
  sorts: { sortOrder: sortBy.int('sort_order'), channel: sortBy.text('channel'), updatedAt: sortBy.time('updated_at') },
  defaultSort: { key: 'sortOrder', order: 'ascend' },
  item: z.object({
    id: z.number(),
    channel: z.string(),
    name: z.string(),
    icon: z.string(),
    sortOrder: z.number(),
    status: z.enum(PAYMENT_CHANNEL_STATUSES),
    min: z.number(),
    max: z.number(),
    feePercent: z.number(),
    dailyMax: z.number(),
    dailyMaxEnabled: z.boolean(),
    maxConsecutiveFailures: z.number(),
    consecutiveFailures: z.number(),
    updatedAt: z.string(),
  }),
  row: (r) => toView(r),
});
