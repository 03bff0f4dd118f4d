/**
 * The simulator's knowledge of the demo's controlled players (filled by seedControls, demo.ts;
 * read by simulator/rounds.ts). Kept apart from demo.ts so the simulator imports no server code.
 */
import { simulatorSettings } from '../../simulator/process-settings';
import { REASONS, type PlayerState, type World } from '../../simulator/world';

/** What the simulator must know of a demo player's house controls. */
export interface Known {
  maxBet: number;
  coolUntil: number;
}

/** The house controls the demo seed set (replacing what was known). */
export function knowControls(list: (Known & { uid: number })[]): void {
  simulatorSettings.controls = new Map(list.map(({ uid, ...k }) => [uid, k]));
}

/** Whether a demo player is cooling off at `at` (a provider's game server asks before it spins: simulator/providers.ts). */
export function coolingOff(uid: number, at: number): boolean {
  const c = simulatorSettings.controls.get(uid);
  return c !== undefined && at < c.coolUntil;
}

/** The simulator's side (rounds.ts): the stake a game server may take for this bet, after sending the refused one. */
export function controlledStake(world: World, s: PlayerState, at: number, amount: number): number {
  const c = simulatorSettings.controls.get(s.p.uid);
  if (!c) return amount;
  const refused = at < c.coolUntil || (c.maxBet > 0 && amount > c.maxBet);
  if (!refused) return amount;
  // the game server asks for the bet; the wallet refuses it (409): nothing moves, here as there
  world.wallet(at, 'debit', { uid: s.p.uid, amount, reason: REASONS.bet, ref: `refused:${s.p.uid}:${at}` });
  s.chip += amount;
  return at < c.coolUntil ? 0 : c.maxBet;
}
