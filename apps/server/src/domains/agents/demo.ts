/** Demo data of agents, rate history, T1/T2 rebates and the weekly settlement (issue 9). */
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';

/** Configuration seeded with the demo platform, before any player exists. */
export async function seedAgents(_db: Db): Promise<void> {}

/** Activity after the simulated history (players, rounds, payments exist); returns figures for the seed log. */
export async function seedAgentActivity(_db: Db, _config: ServerConfig, _password: string, _end: number): Promise<Record<string, number>> {
  return {};
}
