/** Applications of the game platform that sign /api/platform/ calls (contract "Platform API"). */
import type { Db } from '../../db/open';
import { platformApplicationsChanged } from '../../http/platform-operation';

export interface NewApplication { appId: string; secret: string; name: string }

/** Creates the application unless one with that id exists (then it is left as it is). Idempotent. */
export async function ensurePlatformApplication(db: Db, app: NewApplication): Promise<void> {
  await db.insertInto('platform_application').values({ app_id: app.appId, secret: app.secret, name: app.name })
    .onConflict((oc) => oc.column('app_id').doNothing()).execute();
  platformApplicationsChanged();
}
