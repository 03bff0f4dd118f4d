/** Applications of the game platform that sign /api/platform/ calls (contract "Platform API"). */
import { appScopes, type AppScopes } from '@console/schemas';
import type { Db } from '../../db/open';
import { openAppSecret, sealAppSecret } from '../../secrets/columns';
import { platformApplicationsChanged, type PlatformApp } from '../../http/platform-operation';

export interface NewApplication {
  appId: string;
  secret: string;
  name: string;
  scopes: AppScopes;
  signatureVersion?: 1 | 2;
}

/**
 * Creates the application unless one with that id exists (then it is left as it is, scopes
 * included: an operator may have changed them). Idempotent.
 */
export async function ensurePlatformApplication(db: Db, app: NewApplication): Promise<void> {
  await db
    .insertInto('platform_application')
    .values({
      app_id: app.appId,
      secret: sealAppSecret(app.secret, app.appId),
      name: app.name,
      scopes: JSON.stringify(appScopes.parse(app.scopes)),
      signature_version: app.signatureVersion ?? 1,
    })
    .onConflict((oc) => oc.column('app_id').doNothing())
    .execute();
  platformApplicationsChanged();
}

/** An application and its scopes as the platform routes see them (the in-process simulator calls the services with it). */
export async function platformAppOf(db: Db, appId: string): Promise<PlatformApp> {
  const row = await db.selectFrom('platform_application').select(['app_id', 'scopes']).where('app_id', '=', appId).executeTakeFirst();
  if (!row) throw new Error(`no platform application ${appId}`);
  return { appId: row.app_id, scopes: appScopes.safeParse(row.scopes).data ?? {} };
}

/** An application's signing secret, opened (the in-process demo clients sign with it); undefined: no such application. */
export async function applicationSecret(db: Db, appId: string): Promise<{ secret: string; enabled: boolean } | undefined> {
  const row = await db.selectFrom('platform_application').select(['secret', 'enabled']).where('app_id', '=', appId).executeTakeFirst();
  return row && { secret: openAppSecret(row.secret, appId), enabled: row.enabled };
}
