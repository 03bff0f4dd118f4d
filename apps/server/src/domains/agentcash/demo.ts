/** Demo data of /agentcash: agent cash-out settings, review and figures (issue 9). */
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';

/** Configuration seeded with the demo platform, before any player exists. */
export async function seedAgentCashs(_db: Db): Promise<void> {}

/** Activity after the simulated history (players, rounds, payments exist); returns figures for the seed log. */
export async function seedAgentCashActivity(_db: Db, _config: ServerConfig, _password: string, _end: number): Promise<Record<string, number>> {
  return {};
}
