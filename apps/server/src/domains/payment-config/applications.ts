/**
 * /remoteconfig/application (maint): the platform applications that sign /api/platform/
 * calls. Created with a fresh secret, rotated with an overlap (the previous secret keeps
 * signing until `previous_secret_until`, http/platform-operation.ts), disabled and enabled.
 * A secret is answered once, by the create or rotate that made it; lists, the history and
 * the operation log carry only its fingerprint (first 8 hex of its SHA-256).
 */
import { randomBytes } from 'node:crypto';
import { appScopes, platformApplication, type AppScopes } from '@console/schemas';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/open';
import { appSecretFingerprint, sealAppSecret } from '../../secrets/columns';
import type { PlatformApplicationTable } from '../../db/schema';
import { conflict } from '../../http/api-error';
import { platformApplicationsChanged } from '../../http/platform-operation';
import { contains, defineList, eqBool, sortBy } from '../../http/list';
import { absent, existing, saveItem, type ConfigChange, type VersionedItems } from '../../settings/versions';
import { isoInConsoleZone } from '../../http/time';

export const APPLICATION = '/remoteconfig/application';

/** What the history keeps of an application: never the secret. */
export interface ApplicationDoc {
  appId: string;
  name: string;
  enabled: boolean;
  fingerprint: string;
  previousUntil: string | null;
  scopes: AppScopes;
  signatureVersion: 1 | 2;
}

/** A new application reads the configuration only until its scopes are set (least privilege). */
export const NEW_APPLICATION_SCOPES: AppScopes = { 'config.read': {} };

/** 32 characters of base64url: 192 random bits. */
const newSecret = () => randomBytes(24).toString('base64url');

type Row = Selectable<PlatformApplicationTable>;

/** `previousUntil` as stored: the overlap may have ended since (the screen compares it with the time). */
function toDoc(row: Row): ApplicationDoc {
  return {
    appId: row.app_id,
    name: row.name,
    enabled: row.enabled,
    fingerprint: appSecretFingerprint(row.secret, row.app_id),
    previousUntil: isoInConsoleZone(row.previous_secret_until),
    scopes: appScopes.safeParse(row.scopes).data ?? {},
    signatureVersion: row.signature_version,
  };
}

const lockedRow = (db: Db, appId: string) => db.selectFrom('platform_application').selectAll().where('app_id', '=', appId).forUpdate().executeTakeFirst();

/** The history of applications is read-only (no `restorable`): restoring cannot bring a secret back. */
export const applicationItems: VersionedItems<ApplicationDoc> = {
  screen: APPLICATION,
  kind: 'application',
  noun: 'Application',
  read: async (db, key) => {
    const row = await lockedRow(db, key);
    return row ? toDoc(row) : null;
  },
  // name, switch and scopes; the secret columns are written by create and rotate themselves
  write: async (db, key, doc) => {
    if (doc) {
      await db
        .updateTable('platform_application')
        .set({ name: doc.name, enabled: doc.enabled, scopes: JSON.stringify(doc.scopes), signature_version: doc.signatureVersion })
        .where('app_id', '=', key)
        .execute();
    }
    platformApplicationsChanged();
  },
};

export interface IssuedSecret {
  appId: string;
  secret: string;
  previousUntil: string | null;
}

export async function createApplication(
  ctx: ConfigChange,
  appId: string,
  name: string,
  scopes: AppScopes = NEW_APPLICATION_SCOPES,
  signatureVersion: 1 | 2 = 2,
): Promise<IssuedSecret> {
  const secret = newSecret();
  await saveItem(ctx, applicationItems, appId, 'create', async (before) => {
    absent(applicationItems, appId, before);
    // the demo seed creates demo-app outside saveItem's lock: a clash is still a 409
    const inserted = await ctx.db
      .insertInto('platform_application')
      .values({ app_id: appId, name, secret: sealAppSecret(secret, appId), scopes: JSON.stringify(scopes), signature_version: signatureVersion })
      .onConflict((oc) => oc.column('app_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) throw conflict(`Application ${appId} already exists`);
    platformApplicationsChanged();
    return toDoc(inserted);
  });
  return { appId, secret, previousUntil: null };
}

/** A new secret; the old one keeps signing for `overlapHours` (0: refused at once). */
export async function rotateSecret(ctx: ConfigChange, appId: string, overlapHours: number): Promise<IssuedSecret> {
  const secret = newSecret();
  const until = overlapHours > 0 ? new Date(ctx.now.getTime() + overlapHours * 3_600_000) : null;
  await saveItem(ctx, applicationItems, appId, 'rotate', async (before) => {
    existing(applicationItems, appId)(before);
    const current = (await lockedRow(ctx.db, appId))!;
    const updated = await ctx.db
      .updateTable('platform_application')
      .set({
        secret: sealAppSecret(secret, appId),
        previous_secret: until ? current.secret : null,
        previous_secret_until: until,
        rotated_at: ctx.now,
      })
      .where('app_id', '=', appId)
      .returningAll()
      .executeTakeFirstOrThrow();
    platformApplicationsChanged();
    return toDoc(updated);
  });
  return { appId, secret, previousUntil: isoInConsoleZone(until) };
}

export async function updateApplication(ctx: ConfigChange, appId: string, name: string, enabled: boolean): Promise<ApplicationDoc> {
  const saved = await saveItem(ctx, applicationItems, appId, enabled ? 'update' : 'disable', (before) => ({
    ...existing(applicationItems, appId)(before),
    name,
    enabled,
  }));
  return saved.doc!;
}

/** What the application may call and how it signs; reaches every server within a second (the applications' cache). */
export async function setScopes(ctx: ConfigChange, appId: string, scopes: AppScopes, signatureVersion: 1 | 2): Promise<ApplicationDoc> {
  const saved = await saveItem(ctx, applicationItems, appId, 'scopes', (before) => ({
    ...existing(applicationItems, appId)(before),
    scopes,
    signatureVersion,
  }));
  return saved.doc!;
}

export const applicationList = defineList({
  url: `/api${APPLICATION}/applications`,
  name: 'remoteconfig.application.applications',
  screen: APPLICATION,
  tags: ['remoteconfig'],
  summary: 'Platform applications (never their secrets: a fingerprint, and until when the previous secret still signs): filters appId (substring), enabled',
  paging: 'page',
  from: (db: Db) =>
    db
      .selectFrom('platform_application as a')
      .selectAll('a')
      .select([
        sql<string>`coalesce((SELECT sum(r.refused) FROM platform_app_refusal r WHERE r.app_id = a.app_id), 0)`.as('refused'),
        sql<{ at: string; scope: string; message: string } | null>`(SELECT json_build_object('at', r.last_at, 'scope', r.scope, 'message', r.last_message)
      FROM platform_app_refusal r WHERE r.app_id = a.app_id ORDER BY r.last_at DESC LIMIT 1)`.as('last_refusal'),
      ]),
  partner: null,
  id: 'id',
  filters: { appId: contains('app_id', 64), enabled: eqBool('enabled') },
  sorts: { appId: sortBy.text('app_id'), createdAt: sortBy.time('created_at') },
  defaultSort: { key: 'appId', order: 'ascend' },
  item: platformApplication,
  row: (r) => {
    const row = r as unknown as Row & { refused: string | number; last_refusal: { at: string; scope: string; message: string } | null };
    const doc = toDoc(row);
    const last = row.last_refusal;
    return {
      id: row.id,
      appId: doc.appId,
      name: doc.name,
      enabled: doc.enabled,
      fingerprint: doc.fingerprint,
      createdAt: isoInConsoleZone(row.created_at),
      rotatedAt: isoInConsoleZone(row.rotated_at),
      previousUntil: doc.previousUntil,
      scopes: doc.scopes,
      signatureVersion: doc.signatureVersion,
      refused: Number(row.refused),
      lastRefusal: last ? { at: isoInConsoleZone(last.at), scope: last.scope, message: last.message } : null,
    };
  },
});
