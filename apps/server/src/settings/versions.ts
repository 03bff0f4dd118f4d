/**
 * Configuration history, shared by every /remoteconfig screen (and the configuration screens
 * that come later: messages, games). A screen describes its items once (`VersionedItems`:
 * read one, write one); then
 *   - every save goes through `saveItem`: the item's document before and after is written to
 *     config_version (who, when, what) and to the operation log, in the save's transaction;
 *   - `versionOperations` gives the screen GET /api/remoteconfig/<kind>/versions (the list,
 *     newest first, filter by item) and POST …/versions/restore (a restore is a new version).
 * docs/decisions/004-configuration-history.md.
 */
import { configVersion, restoreVersionBody, type ConfigVersion } from '@console/schemas';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/open';
import type { RowOf } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/api-error';
import { contains, defineList, eqText, listOperations, sortBy } from '../http/list';
import { defineOperation, type OperationNote, type Operation } from '../http/operation';
import { describeZodError } from '../http/zod-message';
import { ownsPartner } from '../plugins/partner-scope';
import type { SessionUser } from '../domains/auth/sessions';

export interface ConfigChange {
  db: Db;
  user: SessionUser;
  now: Date;
  note: OperationNote;
}

export interface VersionedItems<Doc> {
  /** Catalogue screen whose roles may read and restore the history ('/remoteconfig/cashOutEdter'). */
  screen: string;
  /** config_version.kind: the screen's name ('cashOutEdter'). */
  kind: string;
  /** An item's document, locked for the rest of the transaction; null when there is none. */
  read(db: Db, key: string): Promise<Doc | null>;
  /** Makes the stored item equal to `doc` (null: removes it). Throws 409 for what cannot be. */
  write(db: Db, key: string, doc: Doc | null, now: Date): Promise<void>;
  /** The partner an item belongs to (scoping); absent: platform-wide (0). */
  partnerOf?(doc: Doc): number;
  /** What a document must satisfy to be restored; absent: the history is read-only. */
  restorable?: z.ZodType<Doc>;
  /** Noun in messages ('Channel', 'Package'). */
  noun: string;
}

export interface Saved<Doc> {
  doc: Doc | null;
  version: number;
}

const partnerOf = <Doc>(items: VersionedItems<Doc>, doc: Doc | null) => (doc && items.partnerOf ? items.partnerOf(doc) : 0);

/**
 * One change of one item: reads its document (404 when a partner account may not see it),
 * lets `change` compute the new one (null removes it), writes it, and records the version
 * and the operation-log note. Runs inside the operation's transaction.
 */
export async function saveItem<Doc>(
  ctx: ConfigChange,
  items: VersionedItems<Doc>,
  key: string,
  action: string,
  change: (before: Doc | null) => Doc | null | Promise<Doc | null>,
): Promise<Saved<Doc>> {
  const { db, user, now, note } = ctx;
  // one change of an item at a time (on PostgreSQL): two creates of one key race to a 409, not
  // to a silent overwrite, and a version's `before` is always the previous version's `after`
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`config:${items.kind}:${key}`}))`.execute(db);
  let before = await items.read(db, key);
  if (before && !ownsPartner(user, partnerOf(items, before))) before = null;
  const after = await change(before);
  if (after && !ownsPartner(user, partnerOf(items, after))) throw forbidden(`${items.noun} ${key} belongs to another partner`);
  await items.write(db, key, after, now);
  const row = await db
    .insertInto('config_version')
    .values({
      kind: items.kind,
      key,
      at: now,
      actor: user.username,
      action,
      before: JSON.stringify(before),
      after: JSON.stringify(after),
      partner: partnerOf(items, after ?? before),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  note.target = `${items.kind}:${key}`;
  note.before = before;
  note.after = after === null ? { removed: true, version: row.id } : { ...after, version: row.id };
  return { doc: after, version: row.id };
}

/**
 * A demo seed's item: when the item is not there yet, writes it with its first version (actor
 * 'system', action 'seed'); an item already stored is left as it is.
 */
export async function seedItem<Doc>(db: Db, items: VersionedItems<Doc>, key: string, doc: Doc, now: Date, partner = 0): Promise<void> {
  if (await items.read(db, key)) return;
  await writeSeedItem(db, items, key, null, doc, now, partner);
}

/** Writes an item as a demo seed does, with its version (actor 'system', action 'seed', `before` the document it replaced). */
export async function writeSeedItem<Doc>(db: Db, items: VersionedItems<Doc>, key: string, before: Doc | null, doc: Doc, now: Date, partner = 0): Promise<void> {
  await items.write(db, key, doc, now);
  await db
    .insertInto('config_version')
    .values({
      kind: items.kind,
      key,
      at: now,
      actor: 'system',
      action: 'seed',
      before: JSON.stringify(before),
      after: JSON.stringify(doc),
      partner,
    })
    .execute();
}

/** 404 unless the item exists (and a partner account may see it). */
export function existing<Doc>(items: VersionedItems<Doc>, key: string) {
  return (before: Doc | null): Doc => {
    if (!before) throw notFound(`${items.noun} ${key} not found`);
    return before;
  };
}

/** 409 when the item exists already. */
export function absent<Doc>(items: VersionedItems<Doc>, key: string, before: Doc | null): void {
  if (before) throw conflict(`${items.noun} ${key} already exists`);
}

/** A config_version row as the shared item (every versioned screen's history). */
export const toVersion = (r: RowOf<'config_version'>): ConfigVersion => ({
  id: r.id,
  key: r.key,
  at: r.at.toISOString(),
  actor: r.actor,
  action: r.action,
  before: r.before ?? null,
  after: r.after ?? null,
});

/** Version `id` of a screen's history (its row), or undefined when the screen has no such version. */
export const versionOf = (db: Db, items: { kind: string }, id: number) =>
  db.selectFrom('config_version').selectAll().where('id', '=', id).where('kind', '=', items.kind).executeTakeFirst();

/** Restores version `id` of a screen: the item becomes what that version made it (a new version). */
export async function restoreVersion<Doc>(ctx: ConfigChange, items: VersionedItems<Doc>, id: number): Promise<Saved<Doc>> {
  const row = await versionOf(ctx.db, items, id);
  if (!row || !ownsPartner(ctx.user, row.partner)) throw notFound(`Version ${id} not found`);
  if (!items.restorable) throw conflict(`The history of ${items.kind} is read-only: it cannot be restored`);
  let doc: Doc | null = null;
  if (row.after !== null) {
    const parsed = items.restorable.safeParse(row.after);
    if (!parsed.success) throw conflict(`Version ${id} no longer fits the rules (${describeZodError(parsed.error, 'version')})`);
    doc = parsed.data;
  }
  return saveItem(ctx, items, row.key, `restore:${id}`, () => doc);
}

/**
 * The history of one screen: the versions list (and its CSV) and the restore. `at` places them
 * elsewhere than /api/remoteconfig/<kind>/versions (the game settings: /api/tinygames/<game>/configs/versions).
 */
export function versionOperations<Doc>(items: VersionedItems<Doc>, at?: { base: string; name: string; tags: string[] }): Operation[] {
  const base = at?.base ?? `/api/remoteconfig/${items.kind}/versions`;
  const tags = at?.tags ?? ['remoteconfig'];
  const name = at?.name ?? `remoteconfig.${items.kind}.versions`;
  return [
    ...listOperations(
      defineList({
        url: base,
        name,
        screen: items.screen,
        tags,
        paging: 'page',
        summary: `Versions of ${items.kind} (who, when, action, the item's document before and after): filters key, actor, action (substring); newest first`,
        from: (db: Db) => db.selectFrom('config_version').selectAll().where('kind', '=', items.kind),
        partner: 'partner',
        id: 'id',
        filters: { key: eqText('key', 200), actor: eqText('actor', 64), action: contains('action', 64) },
        sorts: { id: sortBy.int('id'), at: sortBy.time('at') },
        defaultSort: { key: 'id', order: 'descend' },
        item: configVersion,
        row: toVersion,
      }),
    ),
    defineOperation({
      method: 'POST',
      url: `${base}/restore`,
      name: `${name}.restore`,
      screen: items.screen,
      tags,
      audit: true,
      summary:
        `Restores one version of ${items.kind}: the item becomes what that version made it (removed if it removed it); a new version. ` +
        '404 unknown version, 409 when the version no longer fits (a product it names is gone) or the history is read-only',
      body: restoreVersionBody,
      response: z.object({ code: z.literal(200), data: z.object({ version: z.number(), doc: z.unknown() }) }),
      handler: async ({ db, user, now, note, body }) => ({ code: 200, data: await restoreVersion({ db, user, now, note }, items, body.id) }),
    }),
  ];
}
