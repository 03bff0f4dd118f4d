import type { Db } from '../../db/open';

/** Demo configuration of providers (issue 7). */
export async function seedProviders(_db: Db): Promise<void> {}
