/**
 * One versioned settings document of an activity-like screen: stored in activity_config under
 * `key`, its version in force and when it was saved in activity_version, its history in
 * config_version (kind `kind`) through settings/versions. Used by every activity of the
 * engine, the activity zone, fbactivity and rank.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { ApiError } from '../../http/api-error';
import { defineOperation, type Operation } from '../../http/operation';
import { isoInConsoleZone } from '../../http/time';
import { describeZodError } from '../../http/zod-message';
import { saveItem, versionOperations, type VersionedItems } from '../../settings/versions';

export interface DocumentConfig<S> {
  settings: S;
  version: number;
  savedAt: Date | null;
}

export interface SettingsDocumentSpec<S> {
  /** activity_config.activity (and activity_version.activity). */
  key: string;
  /** The stored document when it still fits, else null. */
  parse(raw: unknown): S | null;
  /** In force until first saved. */
  defaults: S;
  /** In force when the stored document no longer fits (closed: nothing shown or paid). */
  closed(defaults: S): S;
  screen: string;
  kind: string;
  noun: string;
  restorable?: z.ZodType<S>;
  /** What the history reads as `before`: the parsed document (the stored one when it no longer fits), or the stored one as is. */
  historyReads: 'parsed' | 'stored';
  /** Removing the item (a restore to nothing): deletes the row, or stores the defaults. */
  removed: 'delete' | 'defaults';
}

export interface SettingsDocument<S> {
  defaults: S;
  /** The settings in force (the defaults until first saved; a stored document that no longer fits: closed), their version (0: never saved) and when saved. */
  read(db: Db): Promise<DocumentConfig<S>>;
  /** The same from a row of `storedRows` (one query for many documents). */
  fromRow(row: StoredRow | undefined): DocumentConfig<S>;
  key: string;
  /** The one item (key 'settings') of the history. */
  items: VersionedItems<S>;
  /** After a save or a restore: the version in force from now. */
  recordVersion(db: Db, version: number, now: Date): Promise<void>;
}

const num = (v: unknown) => Number(v ?? 0);

/** A zod schema as a document's `parse`. */
export const parseWith =
  <S>(schema: z.ZodType<S>) =>
  (raw: unknown): S | null => {
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  };

/** A document's stored settings and version, as `fromRow` reads them. */
export interface StoredRow {
  settings: unknown;
  version: string | number | null;
  saved_at: Date | string | null;
}

/** The stored rows of these documents' keys in one query (a key never saved is absent). */
export async function storedRows(db: Db, keys: readonly string[]): Promise<Map<string, StoredRow>> {
  const { rows } = await sql<StoredRow & { activity: string }>`
    SELECT k.activity, c.settings, v.version, v.saved_at FROM unnest(${sql.val([...keys])}::text[]) AS k(activity)
      LEFT JOIN activity_config c ON c.activity = k.activity LEFT JOIN activity_version v ON v.activity = k.activity`.execute(db);
  return new Map(rows.filter((r) => r.settings !== null || r.version !== null).map((r) => [r.activity, r]));
}

export function settingsDocument<S>(spec: SettingsDocumentSpec<S>): SettingsDocument<S> {
  const { key } = spec;
  const fromRow = (r: StoredRow | undefined): DocumentConfig<S> => {
    let settings = spec.defaults;
    if (r?.settings) settings = spec.parse(r.settings) ?? spec.closed(spec.defaults);
    return { settings, version: num(r?.version), savedAt: r?.saved_at ? new Date(r.saved_at) : null };
  };
  return {
    defaults: spec.defaults,
    key,
    read: async (db) => fromRow((await storedRows(db, [key])).get(key)),
    fromRow,
    items: {
      screen: spec.screen,
      kind: spec.kind,
      noun: spec.noun,
      ...(spec.restorable ? { restorable: spec.restorable } : {}),
      async read(db) {
        const row = await db.selectFrom('activity_config').select('settings').where('activity', '=', key).forUpdate().executeTakeFirst();
        if (!row) return null;
        return spec.historyReads === 'parsed' ? (spec.parse(row.settings) ?? (row.settings as S)) : (row.settings as S);
      },
      async write(db, _key, doc, now) {
        if (doc === null && spec.removed === 'delete') {
          await db.deleteFrom('activity_config').where('activity', '=', key).execute();
          return;
        }
        const settings = JSON.stringify(doc ?? spec.defaults);
        await db
          .insertInto('activity_config')
          .values({ activity: key, settings, updated_at: now })
          .onConflict((oc) => oc.column('activity').doUpdateSet({ settings, updated_at: now }))
          .execute();
      },
    },
    async recordVersion(db, version, now) {
      await db
        .insertInto('activity_version')
        .values({ activity: key, version, saved_at: now })
        .onConflict((oc) => oc.column('activity').doUpdateSet({ version, saved_at: now }))
        .execute();
    },
  };
}

/** The history operations of `items` whose restore then runs `after` with the restored version (in the same transaction). */
export function versionOperationsThen<Doc>(
  items: VersionedItems<Doc>,
  at: { base: string; name: string; tags: string[] },
  after: (db: Db, version: number, now: Date) => Promise<unknown>,
): Operation[] {
  return versionOperations(items, at).map((op) =>
    op.url.endsWith('/restore')
      ? {
          ...op,
          handler: async (ctx: Parameters<Operation['handler']>[0]) => {
            const answer = (await op.handler(ctx)) as { data: { version: number } };
            await after(ctx.db, answer.data.version, ctx.now);
            return answer;
          },
        }
      : op,
  );
}

/**
 * The settings screen's operations of a document: GET `base` (in force, version, savedAt, the
 * defaults), POST `base`/update (the whole document; 400 naming settings.<field>; a new version)
 * and the history `base`/versions; a save and a restore then run `recordVersion`.
 */
export function configOperations<S>(
  doc: SettingsDocument<S>,
  o: {
    base: string;
    name: string;
    tags: string[];
    schema: z.ZodType<S>;
    /** The GET's screen (default the document's). */
    readScreen?: string;
    summaries: { read: string; update: string };
    answer: z.ZodType;
    updateBody: z.ZodType;
    recordVersion(db: Db, version: number, now: Date): Promise<void>;
  },
): Operation[] {
  const ok = <T>(data: T) => ({ code: 200 as const, data });
  const settingsBody = z.object({ settings: o.schema });
  return [
    defineOperation({
      method: 'GET',
      url: o.base,
      name: o.name,
      screen: o.readScreen ?? doc.items.screen,
      tags: o.tags,
      summary: o.summaries.read,
      response: z.object({ code: z.literal(200), data: o.answer }),
      handler: async ({ db }) => {
        const cfg = await doc.read(db);
        return ok({ version: cfg.version, savedAt: isoInConsoleZone(cfg.savedAt), settings: cfg.settings, defaults: doc.defaults });
      },
    }),
    defineOperation({
      method: 'POST',
      url: `${o.base}/update`,
      name: `${o.name}.update`,
      screen: doc.items.screen,
      tags: o.tags,
      audit: true,
      summary: o.summaries.update,
      body: o.updateBody as z.ZodType<{ settings: unknown }>,
      response: z.object({ code: z.literal(200), data: z.object({ version: z.number() }) }),
      handler: async ({ db, user, now, note, body }) => {
        // parsed under its key, so that a refusal names settings.<field>
        const parsed = settingsBody.safeParse({ settings: body.settings });
        if (!parsed.success) throw new ApiError(400, describeZodError(parsed.error, 'settings'));
        const saved = await saveItem({ db, user, now, note }, doc.items, 'settings', 'update', () => parsed.data.settings);
        await o.recordVersion(db, saved.version, now);
        return ok({ version: saved.version });
      },
    }),
    ...versionOperationsThen(doc.items, { base: `${o.base}/versions`, name: `${o.name}.versions`, tags: o.tags }, o.recordVersion),
  ];
}
