import type { Db } from '../../db/open';

/** Demo configuration of messages (issue 8). */
export async function seedMessages(_db: Db): Promise<void> {}
