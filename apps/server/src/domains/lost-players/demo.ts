import type { Db } from '../../db/open';

/** Demo campaigns of lost-players (issue 8). */
export async function seedLostPlayers(_db: Db): Promise<void> {}
