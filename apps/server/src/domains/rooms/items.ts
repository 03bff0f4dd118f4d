/**
 * The versioned documents of the room screens, kept in room_item and versioned through
 * settings/versions.ts (decision 004): room templates, quick-match tiers, the mini-games'
 * quick bet settings and the partners' game store entries. An item's version is the id of its
 * newest config_version row: a table made from a template records that id with its snapshot.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/open';
import type { VersionedItems } from '../../settings/versions';
import type { RoomItemKind } from './tables';

export const SCREENS = {
  template: '/platmanager/template',
  table: '/platmanager/table',
  quicktier: '/platmanager/quicktemplate',
  quicktable: '/platmanager/quicktable',
  tinyquick: '/platmanager/tinygamequicktemplate',
  gamestore: '/partnermanager/gamestoreV1',
  sum: '/platmanager/partnergamesum',
  logs: '/platmanager/partnergamelogs',
} as const;

/** config_version.kind of each kind of item. */
export const VERSION_KIND: Record<RoomItemKind, string> = {
  template: 'platmanager.template',
  quicktier: 'platmanager.quicktier',
  tinyquick: 'platmanager.tinyquick',
  gamestore: 'partnermanager.gamestore',
};

async function readItem(db: Db, kind: RoomItemKind, key: string): Promise<unknown> {
  const row = await db.selectFrom('room_item').select('doc').where('kind', '=', kind).where('key', '=', key).forUpdate().executeTakeFirst();
  return row?.doc ?? null;
}

async function writeItem(db: Db, kind: RoomItemKind, key: string, partner: number, doc: unknown, now: Date): Promise<void> {
  if (doc === null) {
    await db.deleteFrom('room_item').where('kind', '=', kind).where('key', '=', key).execute();
    return;
  }
  const json = JSON.stringify(doc);
  await db
    .insertInto('room_item')
    .values({ kind, key, partner, doc: json, updated_at: now })
    .onConflict((oc) => oc.columns(['kind', 'key']).doUpdateSet({ doc: json, partner, updated_at: now }))
    .execute();
}

/** What a kind checks before any write (create, update, delete or restore alike): throws 400 naming the field or 409. */
export type WriteCheck<Doc> = (db: Db, key: string, doc: Doc | null) => Promise<void>;

export function items<Doc>(
  kind: RoomItemKind,
  noun: string,
  schema: z.ZodType<Doc>,
  check: WriteCheck<Doc>,
  partnerOf?: (doc: Doc) => number,
): VersionedItems<Doc> {
  return {
    screen: SCREENS[kind],
    kind: VERSION_KIND[kind],
    noun,
    read: async (db, key) => (await readItem(db, kind, key)) as Doc | null,
    write: async (db, key, doc, now) => {
      await check(db, key, doc);
      await writeItem(db, kind, key, doc && partnerOf ? partnerOf(doc) : 0, doc, now);
    },
    restorable: schema,
    ...(partnerOf ? { partnerOf } : {}),
  };
}

export const storeKey = (partner: number, game: string) => `${partner}:${game}`;

/** Every document of a kind (unlocked), with its version. */
export async function listItems<Doc>(db: Db, kind: RoomItemKind, partner?: number | null): Promise<(Doc & { version: number })[]> {
  let q = db
    .selectFrom('room_item as i')
    .select(['i.doc', sql<number>`(SELECT max(v.id) FROM config_version v WHERE v.kind = ${VERSION_KIND[kind]} AND v.key = i.key)`.as('version')])
    .where('i.kind', '=', kind);
  if (partner !== undefined && partner !== null) q = q.where('i.partner', '=', partner);
  const rows = await q.orderBy('i.key').execute();
  return rows.map((r) => ({ ...(r.doc as Doc), version: r.version ?? 0 }));
}

/** The version in force of an item (0: never saved). */
export async function versionOf(db: Db, kind: RoomItemKind, key: string): Promise<number> {
  const row = await db
    .selectFrom('config_version')
    .select(sql<number>`max(id)`.as('v'))
    .where('kind', '=', VERSION_KIND[kind])
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.v ?? 0;
}

/** Serializes the changes that check other items of a kind (tier overlaps, templates in use). */
export const lockKind = (db: Db, kind: RoomItemKind) => sql`SELECT pg_advisory_xact_lock(hashtext(${`rooms:${kind}`}))`.execute(db);
