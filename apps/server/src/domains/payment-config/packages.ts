/**
 * /remoteconfig/packageControl: the app builds partners ship (`package` in the platform
 * calls) and which recharge channels each shows. A package belongs to a partner (0: the
 * platform's own); a partner account sees, changes and restores only its own.
 */
import { paymentPackageConfigBody, type PaymentPackageConfigBody } from '@console/schemas';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { contains, defineList, eqInt, sortBy } from '../../http/list';
import { removing, requireAll } from './references';
import type { VersionedItems } from '../../settings/versions';
import { isoInConsoleZone } from '../../http/time';

export const PACKAGE_CONTROL = '/remoteconfig/packageControl';

async function readPackage(db: Db, pkg: string): Promise<PaymentPackageConfigBody | null> {
  const row = await db.selectFrom('payment_package').selectAll().where('package', '=', pkg).forUpdate().executeTakeFirst();
  if (!row) return null;
  const channels = await db.selectFrom('recharge_channel_package').select('channel').where('package', '=', pkg).orderBy('channel').execute();
  return { package: row.package, name: row.name, partner: row.partner, channels: channels.map((c) => c.channel) };
}

async function writePackage(db: Db, pkg: string, doc: PaymentPackageConfigBody | null): Promise<void> {
  if (!doc) {
    await removing(() => db.deleteFrom('payment_package').where('package', '=', pkg).execute(), `Package ${pkg} is still in use`);
    return;
  }
  await requireAll(db, 'recharge_channel', doc.channels, 'Channel');
  await db
    .insertInto('payment_package')
    .values({ package: pkg, name: doc.name, partner: doc.partner })
    .onConflict((oc) => oc.column('package').doUpdateSet({ name: doc.name, partner: doc.partner }))
    .execute();
  await db.deleteFrom('recharge_channel_package').where('package', '=', pkg).execute();
  const channels = [...doc.channels].sort();
  if (channels.length > 0)
    await db
      .insertInto('recharge_channel_package')
      .values(channels.map((channel) => ({ channel, package: pkg })))
      .execute();
}

export const packageItems: VersionedItems<PaymentPackageConfigBody> = {
  screen: PACKAGE_CONTROL,
  kind: 'packageControl',
  noun: 'Package',
  read: readPackage,
  write: (db, key, doc) => writePackage(db, key, doc),
  partnerOf: (doc) => doc.partner,
  restorable: paymentPackageConfigBody,
};

export const packageList = defineList({
  url: `/api${PACKAGE_CONTROL}/packages`,
  name: 'remoteconfig.packageControl.packages',
  screen: PACKAGE_CONTROL,
  tags: ['remoteconfig'],
  summary: 'Packages with the recharge channels each shows (a partner account: its own): filters package (substring), partner',
  paging: 'page',
  from: (db: Db) =>
    db
      .selectFrom('payment_package as p')
      .selectAll('p')
      .select(
        sql<string[]>`coalesce((SELECT json_agg(k.channel ORDER BY k.channel) FROM recharge_channel_package k WHERE k.package = p.package), '[]'::json)`.as(
          'channels',
        ),
      ),
  partner: 'p.partner',
  id: 'p.id',
  filters: { package: contains('p.package', 128), partner: eqInt('p.partner') },
  sorts: { package: sortBy.text('p.package'), partner: sortBy.int('p.partner'), createdAt: sortBy.time('p.created_at') },
  defaultSort: { key: 'package', order: 'ascend' },
  item: z.object({ id: z.number(), package: z.string(), name: z.string(), partner: z.number(), channels: z.array(z.string()), createdAt: z.string() }),
  row: (r) => ({
    id: r.id,
    package: r.package,
    name: r.name,
    partner: r.partner,
    channels: Array.isArray(r.channels) ? r.channels : [],
    createdAt: isoInConsoleZone(r.created_at),
  }),
});
