/**
 * The one shape of every app-settings screen (docs/decisions/017-app-settings.md): a kind of
 * item is declared once (its screen, its strict schema, its key, the columns a list filters on,
 * what it must refer to) and gets
 *   - its VersionedItems (settings/versions.ts): read locked, write, restore by the schema;
 *   - its staff operations: the list and its CSV export, create / update / delete (each a version
 *     and an operation-log record, settings/item-operations.ts), the versions and restore;
 *   - `enabledDocs`, what the platform calls read.
 * Items live in `app_setting` (migration 031): the whole document plus label, category, order
 * and enabled, so the lists filter and sort in SQL.
 */
import type { z } from 'zod';
import type { Db } from '../../db/open';
import { contains, defineList, eqBool, eqEnum, listOperations, sortBy, type FilterBuilder } from '../../http/list';
import type { Operation } from '../../http/operation';
import { itemOperations } from '../../settings/item-operations';
import { versionOperations, type VersionedItems } from '../../settings/versions';

export interface Indexed {
  label: string;
  category: string;
  sortOrder: number;
  enabled: boolean;
}

export interface SettingKind<Doc> {
  /** Catalogue screen ('/remoteconfig/gamestore'): its roles call every operation of the kind. */
  screen: string;
  /** config_version.kind and app_setting.kind: the screen's name. */
  kind: string;
  /** Noun in messages ('Gift pack') and in summaries ('gift pack'). */
  noun: string;
  /** The whole document (strict); also what a restored version must satisfy. */
  body: z.ZodType<Doc>;
  /** The body of delete. */
  ref: z.ZodType<Record<string, string>>;
  keyOf(doc: Record<string, unknown>): string;
  index(doc: Doc): Indexed;
  /** 409 for a reference that does not hold (a store package that does not exist). */
  check?(db: Db, doc: Doc): Promise<void>;
  /** The list: its text filter's parameter (matched in label), the category filter's values, the item schema. */
  list: { search: string; categories?: readonly [string, ...string[]]; filters?: Record<string, FilterBuilder>; item: z.ZodObject; summary: string };
}

export interface SettingsOf<Doc> {
  items: VersionedItems<Doc>;
  operations: Operation[];
  /** The enabled documents in their order (sort_order, key). */
  enabledDocs(db: Db): Promise<Doc[]>;
}

/** '/remoteconfig/sms/localconfig' → 'remoteconfig.sms.localconfig' */
const nameOf = (screen: string) => screen.slice(1).replaceAll('/', '.');

export function versionedSetting<Doc>(
  screen: string,
  kind: string,
  noun: string,
  body: z.ZodType<Doc>,
  index: (doc: Doc) => Indexed,
  check?: (db: Db, doc: Doc) => Promise<void>,
): VersionedItems<Doc> {
  return {
    screen,
    kind,
    noun,
    read: async (db, key) => {
      const row = await db.selectFrom('app_setting').select('doc').where('kind', '=', kind).where('key', '=', key).forUpdate().executeTakeFirst();
      return row ? (row.doc as Doc) : null;
    },
    write: async (db, key, doc, now) => {
      if (!doc) {
        await db.deleteFrom('app_setting').where('kind', '=', kind).where('key', '=', key).execute();
        return;
      }
      await check?.(db, doc);
      const ix = index(doc);
      const values = { label: ix.label, category: ix.category, sort_order: ix.sortOrder, enabled: ix.enabled, doc: JSON.stringify(doc), updated_at: now };
      await db
        .insertInto('app_setting')
        .values({ kind, key, ...values })
        .onConflict((oc) => oc.columns(['kind', 'key']).doUpdateSet(values))
        .execute();
    },
    restorable: body,
  };
}

export function defineSettingKind<Doc>(spec: SettingKind<Doc>): SettingsOf<Doc> {
  const base = `/api${spec.screen}`;
  const name = nameOf(spec.screen);
  const items = versionedSetting(spec.screen, spec.kind, spec.noun, spec.body, spec.index, spec.check);
  const list = defineList({
    url: base,
    name,
    screen: spec.screen,
    tags: ['appsettings'],
    paging: 'page',
    summary: spec.list.summary,
    from: (db: Db) => db.selectFrom('app_setting').selectAll().where('kind', '=', spec.kind),
    partner: null,
    id: 'id',
    filters: {
      [spec.list.search]: contains('label', 64),
      enabled: eqBool('enabled'),
      ...(spec.list.categories ? { category: eqEnum('category', spec.list.categories) } : {}),
      ...spec.list.filters,
    },
    sorts: { sortOrder: sortBy.int('sort_order'), key: sortBy.text('key'), updatedAt: sortBy.time('updated_at') },
    defaultSort: { key: 'sortOrder', order: 'ascend' },
    item: spec.list.item,
    row: (r) => ({ key: r.key, ...(r.doc as object), updatedAt: r.updated_at.toISOString() }),
  });
  const operations: Operation[] = [
    ...listOperations(list),
    ...itemOperations<Doc, Doc>({
      items,
      base,
      name,
      what: spec.noun.toLowerCase(),
      body: spec.body,
      ref: spec.ref,
      keyOf: spec.keyOf,
    }).map((op) => ({ ...op, tags: ['appsettings'] })),
    ...versionOperations(items, { base: `${base}/versions`, name: `${name}.versions`, tags: ['appsettings'] }),
  ];
  return {
    items,
    operations,
    enabledDocs: async (db) =>
      (
        await db
          .selectFrom('app_setting')
          .select('doc')
          .where('kind', '=', spec.kind)
          .where('enabled', '=', true)
          .orderBy('sort_order')
          .orderBy('key')
          .execute()
      ).map((r) => r.doc as Doc),
  };
}
