import type { Db } from '../../db/open';

/** Demo lobby configuration (issue 7). */
export async function seedLobby(_db: Db): Promise<void> {}
