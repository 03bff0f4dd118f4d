import type { Db } from '../../db/open';

/** Demo game servers (issue 7). */
export async function seedGameServers(_db: Db): Promise<void> {}
