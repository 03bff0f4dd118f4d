import type { Db } from '../../db/open';

/** Demo configuration of app-settings (issue 8). */
export async function seedAppSettings(_db: Db): Promise<void> {}
