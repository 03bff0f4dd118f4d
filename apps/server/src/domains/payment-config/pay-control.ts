/**
 * /remoteconfig/payControl: recharge channels (order, status, icon, paid-only flag, the
 * products they sell and the packages that show them) and the products themselves (price,
 * chips, first-recharge bonus). One history for the screen: items keyed `channel:<code>`
 * and `product:<id>`. Channels and products are platform-wide (partner 0): a partner account
 * cannot change them.
 */
import {
  PAYMENT_CHANNEL_STATUSES,
  rechargeChannelConfigBody,
  rechargeProductConfigBody,
  type RechargeChannelConfigBody,
  type RechargeProductConfigBody,
} from '@console/schemas';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { contains, defineList, eqBool, eqEnum, sortBy } from '../../http/list';
import { removing, requireAll } from './references';
import type { VersionedItems } from '../../settings/versions';
import { isoInConsoleZone } from '../../http/time';

export const PAY_CONTROL = '/remoteconfig/payControl';

export type PayControlDoc = RechargeChannelConfigBody | RechargeProductConfigBody;

export const channelKey = (channel: string) => `channel:${channel}`;
export const productKey = (productId: string) => `product:${productId}`;

function splitKey(key: string): { what: 'channel' | 'product'; code: string } {
  const at = key.indexOf(':');
  const what = key.slice(0, at);
  if (what !== 'channel' && what !== 'product') throw new Error(`payControl: bad key ${key}`);
  return { what, code: key.slice(at + 1) };
}

async function readChannel(db: Db, channel: string): Promise<RechargeChannelConfigBody | null> {
  const row = await db.selectFrom('recharge_channel').selectAll().where('channel', '=', channel).forUpdate().executeTakeFirst();
  if (!row) return null;
  const [products, packages] = await Promise.all([
    db.selectFrom('recharge_channel_product').select('product_id').where('channel', '=', channel).orderBy('product_id').execute(),
    db.selectFrom('recharge_channel_package').select('package').where('channel', '=', channel).orderBy('package').execute(),
  ]);
  return {
    channel: row.channel,
    name: row.name,
    icon: row.icon,
    sortOrder: row.sort_order,
    status: row.status,
    paidOnly: row.paid_only,
    products: products.map((p) => p.product_id),
    packages: packages.map((p) => p.package),
  };
}

async function writeChannel(db: Db, channel: string, doc: RechargeChannelConfigBody | null, now: Date): Promise<void> {
  if (!doc) {
    await db.deleteFrom('recharge_channel').where('channel', '=', channel).execute();
    return;
  }
  await requireAll(db, 'recharge_product', doc.products, 'Product');
  await requireAll(db, 'payment_package', doc.packages, 'Package');
  const values = { name: doc.name, icon: doc.icon, sort_order: doc.sortOrder, status: doc.status, paid_only: doc.paidOnly, updated_at: now };
  await db
    .insertInto('recharge_channel')
    .values({ channel, ...values })
    .onConflict((oc) => oc.column('channel').doUpdateSet(values))
    .execute();
  await db.deleteFrom('recharge_channel_product').where('channel', '=', channel).execute();
  await db.deleteFrom('recharge_channel_package').where('channel', '=', channel).execute();
  const products = [...doc.products].sort();
  const packages = [...doc.packages].sort();
  if (products.length > 0)
    await db
      .insertInto('recharge_channel_product')
      .values(products.map((product_id) => ({ channel, product_id })))
      .execute();
  if (packages.length > 0)
    await db
      .insertInto('recharge_channel_package')
      .values(packages.map((p) => ({ channel, package: p })))
      .execute();
}

async function readProduct(db: Db, productId: string): Promise<RechargeProductConfigBody | null> {
  const row = await db.selectFrom('recharge_product').selectAll().where('product_id', '=', productId).forUpdate().executeTakeFirst();
  if (!row) return null;
  return {
    productId: row.product_id,
    name: row.name,
    price: row.price,
    chips: row.chips,
    firstBonus: row.first_bonus,
    enabled: row.enabled,
    sortOrder: row.sort_order,
  };
}

async function writeProduct(db: Db, productId: string, doc: RechargeProductConfigBody | null): Promise<void> {
  if (!doc) {
    await removing(
      () => db.deleteFrom('recharge_product').where('product_id', '=', productId).execute(),
      `Product ${productId} is still in use: disable it instead`,
    );
    return;
  }
  const values = { name: doc.name, price: doc.price, chips: doc.chips, first_bonus: doc.firstBonus, enabled: doc.enabled, sort_order: doc.sortOrder };
  await db
    .insertInto('recharge_product')
    .values({ product_id: productId, ...values })
    .onConflict((oc) => oc.column('product_id').doUpdateSet(values))
    .execute();
}

export const payControlItems: VersionedItems<PayControlDoc> = {
  screen: PAY_CONTROL,
  kind: 'payControl',
  noun: 'Item',
  read: (db, key) => {
    const { what, code } = splitKey(key);
    return what === 'channel' ? readChannel(db, code) : readProduct(db, code);
  },
  write: (db, key, doc, now) => {
    const { what, code } = splitKey(key);
    return what === 'channel'
      ? writeChannel(db, code, doc as RechargeChannelConfigBody | null, now)
      : writeProduct(db, code, doc as RechargeProductConfigBody | null);
  },
  restorable: z.union([rechargeChannelConfigBody, rechargeProductConfigBody]),
};

// ---------------------------------------------------------------- lists

const codesOf = (json: unknown): string[] => (Array.isArray(json) ? json.filter((c): c is string => typeof c === 'string').sort() : []);

export const rechargeChannelList = defineList({
  url: `/api${PAY_CONTROL}/channels`,
  name: 'remoteconfig.payControl.channels',
  screen: PAY_CONTROL,
  tags: ['remoteconfig'],
  summary: 'Recharge channels with their products and packages: filters channel (substring), status; in their order',
  paging: 'page',
  from: (db: Db) =>
    db
      .selectFrom('recharge_channel as c')
      .selectAll('c')
      .select([
        sql<
          string[]
        >`coalesce((SELECT json_agg(p.product_id ORDER BY p.product_id) FROM recharge_channel_product p WHERE p.channel = c.channel), '[]'::json)`.as(
          'products',
        ),
        sql<string[]>`coalesce((SELECT json_agg(k.package ORDER BY k.package) FROM recharge_channel_package k WHERE k.channel = c.channel), '[]'::json)`.as(
          'packages',
        ),
      ]),
  partner: null,
  id: 'c.id',
  filters: { channel: contains('c.channel', 64), status: eqEnum('c.status', PAYMENT_CHANNEL_STATUSES) },
  sorts: { sortOrder: sortBy.int('c.sort_order'), channel: sortBy.text('c.channel'), updatedAt: sortBy.time('c.updated_at') },
  defaultSort: { key: 'sortOrder', order: 'ascend' },
  item: z.object({
    id: z.number(),
    channel: z.string(),
    name: z.string(),
    icon: z.string(),
    sortOrder: z.number(),
    status: z.enum(PAYMENT_CHANNEL_STATUSES),
    paidOnly: z.boolean(),
    products: z.array(z.string()),
    packages: z.array(z.string()),
    updatedAt: z.string(),
  }),
  row: (r) => ({
    id: r.id,
    channel: r.channel,
    name: r.name,
    icon: r.icon,
    sortOrder: r.sort_order,
    status: r.status,
    paidOnly: r.paid_only,
    products: codesOf(r.products),
    packages: codesOf(r.packages),
    updatedAt: isoInConsoleZone(r.updated_at),
  }),
});

export const rechargeProductList = defineList({
  url: `/api${PAY_CONTROL}/products`,
  name: 'remoteconfig.payControl.products',
  screen: PAY_CONTROL,
  tags: ['remoteconfig'],
  summary: 'Recharge products (price in centavos, chips, first-recharge bonus): filters productId (substring), enabled; in their order',
  paging: 'page',
  from: (db: Db) => db.selectFrom('recharge_product').selectAll(),
  partner: null,
  id: 'id',
  filters: { productId: contains('product_id', 64), enabled: eqBool('enabled') },
  sorts: { sortOrder: sortBy.int('sort_order'), price: sortBy.int('price'), productId: sortBy.text('product_id') },
  defaultSort: { key: 'sortOrder', order: 'ascend' },
  item: z.object({
    id: z.number(),
    productId: z.string(),
    name: z.string(),
    price: z.number(),
    chips: z.number(),
    firstBonus: z.number(),
    enabled: z.boolean(),
    sortOrder: z.number(),
  }),
  row: (r) => ({
    id: r.id,
    productId: r.product_id,
    name: r.name,
    price: r.price,
    chips: r.chips,
    firstBonus: r.first_bonus,
    enabled: r.enabled,
    sortOrder: r.sort_order,
  }),
});
