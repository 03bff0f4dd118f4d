/** A slot game from its machine: the four slot files are a machine and this call. */
import { defineGame, type Game, type GameId } from './define';
import { slotBets, slotSettings, slotStats, spin, type SlotMachine, type SlotResult } from './slots';
import type { z } from 'zod';

type SlotSettings = { open: boolean; minBet: number; maxBet: number; rtp: string };
type SlotBets = z.infer<typeof slotBets>;

export function defineSlot(id: GameId, name: { en: string; zh: string }, machine: SlotMachine, rules: string): Game<SlotSettings, SlotBets, SlotResult> {
  return defineGame<SlotSettings, SlotBets, SlotResult>({
    id,
    name,
    kind: 'house',
    rules,
    settings: slotSettings(machine),
    labels: { rtp: { en: 'RTP profile (%)', zh: 'RTP档位（%）' } },
    bets: slotBets,
    resolve: (s, rng, bets) => spin(machine, s.rtp, rng, bets),
    rtp: (s) => slotStats(machine, s.rtp),
    sampleBets: (s) => [{ seat: 'p1', amount: Math.max(s.minBet, machine.lines.length * 100) }],
  });
}
