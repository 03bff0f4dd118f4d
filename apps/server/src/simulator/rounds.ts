/**
 * Real rounds at the house games (@console/games), played as a game server plays them: the
 * seed is fixed (and its hash committed) before the round, the player's bet is debited (reason
 * game.bet, ref = the round id; bonus first when the player holds some), the outcome and the
 * payouts come from the seed through the game's own rules, a win is credited (game.win, same
 * ref) when the round ends, and the round's record follows as the `game.round` event (seed
 * revealed, seats with uid; the console verifies it and reconciles it with the wallet). Mines
 * 1v1 seats a bot opposite the player (bot: true, no wallet money). Settings: the defaults
 * (configVersion 0).
 *
 * The instant games (a spin, a scratch, a pick: no round time of their own below) know the
 * outcome when the bet is placed, and their server settles the round in one call (POST
 * …/wallet/settle, reason game.settle: the bet and the win at once) unless bonus is staked; a
 * stake taken from both the bonus and the chip balance goes as one batch of the two debits
 * (POST …/wallet/batch). The round games keep the debit and the credit, a round time apart.
 * (Contract "Fewer calls per bet"; decision 058.)
 *
 * Seeds are deterministic (SHA-256 of the run's round id and a draw of the simulator's random
 * source), so a backfill sent again sends the very same rounds.
 */
import { FairStream, getGame, seedHash, sha256, toHex, type Game, type GameId } from '@console/games';
import { controlledStake } from '../domains/controls/demo-players';
import type { Ctx } from './behaviour';
import { REASONS, type PlayerState } from './world';

/** The twelve house games of §2 (their six screens), with how often a sitting picks each. */
export const HOUSE_PLAY: readonly [GameId, number][] = [
  ['luckyjoker', 12],
  ['tasty', 8],
  ['fruitfever', 8],
  ['colorgame', 14],
  ['rocket', 10],
  ['bingo', 6],
  ['scratch', 6],
  ['horse', 5],
  ['mines', 8],
  ['mines1v1', 4],
  ['lucky9', 12],
  ['hilo', 7],
];
/** Seconds a round of each game takes, roughly (spin, draw, race, duel). */
const ROUND_SECONDS: Partial<Record<GameId, [number, number]>> = {
  colorgame: [25, 40],
  lucky9: [20, 35],
  bingo: [40, 70],
  horse: [45, 70],
  mines1v1: [30, 60],
  rocket: [10, 25],
};

const encoder = new TextEncoder();

export interface RoundPlay {
  bet: number;
  win: number;
  end: number;
}

export function roundSeconds(game: GameId): [number, number] {
  return ROUND_SECONDS[game] ?? [6, 15];
}

/**
 * One round of `game` for `s` at `at`, staking `amount` (of which `bonus` from the bonus
 * balance). Emits the wallet calls and the record; returns what was staked and won.
 */
export function playHouseRound(ctx: Ctx, s: PlayerState, game: Game, at: number, amount: number, bonus: number, table: string): RoundPlay {
  const { world, rng } = ctx;
  // a demo player control refuses a stake past it (domains/controls/demo.ts): the bet is sent, refused, then played within it or not at all
  amount = controlledStake(world, s, at, amount);
  if (amount < 1) return { bet: 0, win: 0, end: at };
  bonus = Math.min(bonus, amount);
  const uid = s.p.uid;
  const roundId = world.roundId();
  const seed = toHex(sha256(encoder.encode(`${roundId}:${rng.int(0, 2_000_000_000)}`)));
  const settings = game.defaults;
  const sample = game.sampleBets(settings, new FairStream(seed, game.id)) as { seat: string; amount: number }[];
  const bets = game.id === 'mines1v1' ? sample.map((b) => ({ ...b, amount })) : [{ ...rng.pick(sample), seat: 'p1', amount }];
  const outcome = game.play(settings, seed, bets);
  const [lo, hi] = roundSeconds(game.id);
  const end = at + rng.int(lo, hi) * 1000;
  const mine = outcome.payouts.filter((p) => p.seat === 'p1');
  const win = mine.reduce((sum, p) => sum + p.win, 0);
  const settled = bonus === 0 && ROUND_SECONDS[game.id] === undefined;
  // the player sees the win when the round ends, as with a credit sent then: the world follows it then
  if (settled) world.settle(at, { uid, bet: amount, win, reason: REASONS.settle, ref: roundId }, 'chip', true);
  else if (bonus > 0 && amount - bonus > 0) {
    world.batch(at, [
      { op: 'debit', uid, amount: amount - bonus, reason: REASONS.bet, ref: roundId },
      { op: 'debit', uid, amount: bonus, reason: REASONS.bet, ref: roundId, currency: 'bonus' },
    ]);
  } else if (bonus > 0) world.wallet(at, 'debit', { uid, amount: bonus, reason: REASONS.bet, ref: roundId }, 'bonus');
  else world.wallet(at, 'debit', { uid, amount, reason: REASONS.bet, ref: roundId });
  // the end of the round happens even past the end of a run (then at its end): a debited bet always gets its record
  ctx.schedule(
    end,
    (when) => {
      if (win > 0 && settled) world.followWin(uid, win);
      else if (win > 0) world.wallet(when, 'credit', { uid, amount: win, reason: REASONS.win, ref: roundId });
      world.event(when, 'game.round', {
        game: game.id,
        roundId,
        server: `sim-${game.id}-${(uid % 3) + 1}`,
        table,
        configVersion: 0,
        seedHash: seedHash(seed),
        seed,
        bets,
        result: outcome.result,
        seats: outcome.payouts.map((p) => (p.seat === 'p1' ? { ...p, uid, bot: false } : { ...p, bot: true })),
        startedAt: new Date(at).toISOString(),
        endedAt: new Date(when).toISOString(),
      });
    },
    true,
  );
  return { bet: amount, win, end };
}

export const houseGame = (ctx: Ctx): Game => getGame(ctx.rng.weighted(HOUSE_PLAY.map(([g, w]) => [g, w] as const)));
