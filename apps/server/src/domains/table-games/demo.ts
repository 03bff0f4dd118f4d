import type { Db } from '../../db/open';

/** Demo configuration of table-games (issue 7). */
export async function seedTableGames(_db: Db): Promise<void> {}
