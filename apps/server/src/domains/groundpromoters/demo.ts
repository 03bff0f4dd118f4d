/** Demo data of /groundpromoters: settings and records of ground promoters (issue 9). */
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';

/** Configuration seeded with the demo platform, before any player exists. */
export async function seedGroundPromoters(_db: Db): Promise<void> {}

/** Activity after the simulated history (players, rounds, payments exist); returns figures for the seed log. */
export async function seedGroundPromoterActivity(_db: Db, _config: ServerConfig, _password: string, _end: number): Promise<Record<string, number>> {
  return {};
}
