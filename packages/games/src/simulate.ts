/**
 * Plays a game many times with its sample bets (the reference bet of its RTP figure) and
 * adds up stakes and payouts. Uses SimRng (fast, deterministic from a text seed), through
 * the same `resolve` the fair stream feeds.
 */
import type { Game } from './define';
import { SimRng } from './rng';

export interface Simulation {
  rounds: number;
  bet: number;
  win: number;
  fee: number;
  rtp: number;
  /** Per seat of the sample bets (e.g. Lucky 9's p1 Player, p2 Banker, p3 tie). */
  seats: Record<string, { bet: number; win: number; rtp: number }>;
}

export function simulate<S>(game: Game<S>, settings: S, rounds: number, seedText: string): Simulation {
  const rng = new SimRng(seedText);
  const seats: Simulation['seats'] = {};
  let bet = 0,
    win = 0,
    fee = 0;
  for (let i = 0; i < rounds; i++) {
    const bets = game.sampleBets(settings, rng.clone());
    for (const p of game.resolve(settings, rng, bets).payouts) {
      bet += p.bet;
      win += p.win;
      fee += p.fee;
      const s = (seats[p.seat] ??= { bet: 0, win: 0, rtp: 0 });
      s.bet += p.bet;
      s.win += p.win;
    }
  }
  for (const s of Object.values(seats)) s.rtp = s.win / s.bet;
  return { rounds, bet, win, fee, rtp: win / bet, seats };
}
