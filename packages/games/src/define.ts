/**
 * The one shape of a game. A game file calls `defineGame({...})` once; everything else
 * (the registry, verification, simulation, the console's config and round screens) reads it.
 */
import type { z } from 'zod';
import { FairStream, type Rng } from './rng';
import { parseWith, type Parsed } from './settings';

/** The game ids of spec §2 /tinygames (house and table games). */
export const GAME_IDS = [
  'luckyjoker',
  'tasty',
  'colorgame',
  'rocket',
  'fruitfever',
  'bingo',
  'scratch',
  'horse',
  'mines',
  'mines1v1',
  'lucky9',
  'hilo',
  'tongits',
  'pusoy',
  'luckytree',
  'hightexas',
] as const;
export type GameId = (typeof GAME_IDS)[number];

/**
 * house: the house banks every bet, the game has an RTP. table: players play each other and
 * the house takes a fee or rake (its share of what was staked is the "RTP" when it is fixed).
 */
export type GameKind = 'house' | 'table';

/** One seat's money in a round, the fields of the round record: win excludes fee and jackpot contribution. */
export interface Payout {
  seat: string;
  /** What the seat staked (debited), centavos. */
  bet: number;
  /** What the seat is paid back (credited), centavos; 0 for a lost bet. */
  win: number;
  /** House fee or rake charged to the seat in this round. */
  fee: number;
  /** Contribution to a jackpot pool. */
  jackpot: number;
}

export interface Outcome<R> {
  /** What the seed decided (and, for table games, how the hand ended), JSON-comparable. */
  result: R;
  /** One entry per bet (house games, in the order of the bets) or per seat (table games). */
  payouts: Payout[];
}

/** A bet that the rules refuse (a pick off the board, rows that are not the dealt cards…). */
export class GameRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GameRuleError';
  }
}

export interface RtpFigure {
  /** Expected share of stakes paid back for the reference bet; null when it depends on play. */
  rtp: number | null;
  /** Standard deviation of (payout / stake) of one reference bet; null when unknown. */
  sd: number | null;
  /** The bet the figure is for, in words. */
  reference: string;
  /** RTP of each kind of bet, when they differ. */
  byBet?: Record<string, number>;
  /** true when computed exactly from the rules (not simulated). */
  exact: boolean;
}

export interface GameSpec<S, B, R> {
  id: GameId;
  name: { en: string; zh: string };
  kind: GameKind;
  /** The rules in two or three sentences (README, config screen help). */
  rules: string;
  /** Strict schema of the game's settings; every field has a default (`settings.parse({})` is the default settings). */
  settings: z.ZodType<S>;
  /** Label of each of the game's own settings fields in both languages (open, minBet, maxBet are common). */
  labels: Record<string, Label>;
  /** Strict schema of the bets of one round as the game server reports them. */
  bets: z.ZodType<B>;
  /** The rules: outcome and payouts from a random stream. Pure: the same stream gives the same answer. */
  resolve(settings: S, rng: Rng, bets: B): Outcome<R>;
  /** Expected RTP of these settings. */
  rtp(settings: S): RtpFigure;
  /**
   * The bets of a typical round (the reference bet of `rtp`), for simulation and examples.
   * `preview` is a copy of the round's stream, for games whose bets follow what the player
   * saw (a Mines 1v1 duel's picks end where a mine is); reading it does not move the round's stream.
   */
  sampleBets(settings: S, preview: Rng): B;
}

export interface Label {
  en: string;
  zh: string;
}

/** Labels of the settings every game has. */
export const COMMON_LABELS: Record<string, Label> = {
  open: { en: 'Open', zh: '开放' },
  minBet: { en: 'Minimum bet', zh: '最小下注' },
  maxBet: { en: 'Maximum bet', zh: '最大下注' },
};

export interface Game<S = any, B = any, R = any> extends GameSpec<S, B, R> {
  defaults: S;
  /**
   * The round from its revealed seed, with settings as `parseSettings` returned them. Throws
   * GameRuleError when the bets break the rules or the settings' limits (a reportable
   * difference), a plain Error for a malformed seed (a caller's bug; verifyRound checks it first).
   */
  play(settings: S, seed: string, bets: B): Outcome<R>;
  /** Where the actual RTP of `rounds` reference rounds is expected to fall (±4 standard errors), or null. */
  band(settings: S, rounds: number): { low: number; high: number } | null;
  parseSettings(input: unknown): Parsed<S>;
  parseBets(input: unknown): Parsed<B>;
}

/** Standard errors either side of the expected RTP in `band` (4: a fair game falls outside about once in 16 000 checks). */
export const BAND_SIGMAS = 4;

/** Settings whose RTP figure a game keeps (a dashboard asks for the settings in force on every call). */
export const RTP_MEMO_SIZE = 32;

export function defineGame<S extends { minBet: number; maxBet: number }, B, R>(spec: GameSpec<S, B, R>): Game<S, B, R> {
  const defaults = spec.settings.parse({});
  // The figure is a pure function of the settings, and some games compute it from every symbol
  // combination (Lucky Joker and Tasty take over a millisecond): kept per settings, by their JSON
  // text, the most recent RTP_MEMO_SIZE; a caller gets its own copy.
  const memo = new Map<string, RtpFigure>();
  const rtp = (settings: S): RtpFigure => {
    const key = JSON.stringify(settings);
    let figure = memo.get(key);
    if (figure === undefined) {
      figure = spec.rtp(settings);
      if (memo.size >= RTP_MEMO_SIZE) memo.delete(memo.keys().next().value!);
      memo.set(key, figure);
    }
    return { ...figure, ...(figure.byBet ? { byBet: { ...figure.byBet } } : {}) };
  };
  return {
    ...spec,
    rtp,
    labels: { ...COMMON_LABELS, ...spec.labels },
    defaults,
    play(settings, seed, bets) {
      const parsed = parseWith(spec.bets, bets);
      if (!parsed.ok) throw new GameRuleError(parsed.message);
      if (spec.kind === 'house' && Array.isArray(parsed.value)) {
        for (const b of parsed.value as { amount: number }[]) {
          if (b.amount < settings.minBet) throw new GameRuleError(`amount: ${b.amount} is below minBet ${settings.minBet}`);
          if (b.amount > settings.maxBet) throw new GameRuleError(`amount: ${b.amount} is above maxBet ${settings.maxBet}`);
        }
      }
      return spec.resolve(settings, new FairStream(seed, spec.id), parsed.value);
    },
    band(settings, rounds) {
      const f = rtp(settings);
      if (f.rtp === null || f.sd === null) return null;
      const half = (BAND_SIGMAS * f.sd) / Math.sqrt(rounds);
      return { low: f.rtp - half, high: f.rtp + half };
    },
    parseSettings: (input) => parseWith(spec.settings, input),
    parseBets: (input) => parseWith(spec.bets, input),
  };
}
