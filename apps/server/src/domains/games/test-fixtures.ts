/**
 * Rounds for the tests: the package's golden rounds (one worked round of every game, default
 * settings) as `game.round` events, and a round played for real through the signed API (bets
 * debited and wins credited with the round id as `ref`, then the record).
 */
import { FairStream, getGame, newSeed, seedHash, type GameId } from '@console/games';
import golden from '../../../../../packages/games/src/__golden__/rounds.json';
import type { PlatformClient } from '../../test/platform';

export interface GoldenRound {
  game: string;
  settings: Record<string, unknown>;
  seedHash: string;
  seed: string;
  bets: unknown;
  result: unknown;
  payouts: { seat: string; bet: number; win: number; fee: number; jackpot: number }[];
}

export const GOLDEN = golden as GoldenRound[];
export const goldenOf = (game: string) => GOLDEN.find((g) => g.game === game)!;

let sequence = 0;
export const nextRoundId = (prefix = 'r') => `${prefix}-${process.pid}-${(sequence += 1)}`;

/** The data of a game.round event from a golden round; seat k is played by uids[k] (the last uid for the rest). */
export function roundData(g: GoldenRound, uids: number[], over: Record<string, unknown> = {}, at = new Date()): Record<string, unknown> {
  return {
    game: g.game,
    roundId: nextRoundId(g.game),
    server: 'gs-1',
    table: 't-1',
    configVersion: 0,
    seedHash: g.seedHash,
    seed: g.seed,
    bets: g.bets,
    result: g.result,
    seats: g.payouts.map((p, k) => ({ ...p, uid: uids[Math.min(k, uids.length - 1)], bot: false })),
    startedAt: new Date(at.getTime() - 30_000).toISOString(),
    endedAt: at.toISOString(),
    ...over,
  };
}

/**
 * One round of a house game for one player, played as a game server would: the seed committed,
 * the bets debited (reason game.bet, ref = round id), the outcome from the seed, the wins
 * credited (game.win), then the record. `tamper` changes the record (not the money) before it is sent.
 */
export async function playRound(
  p: PlatformClient,
  gameId: GameId,
  uid: number,
  o: {
    at?: Date;
    tamper?: (d: Record<string, any>) => void;
    configVersion?: number;
    settings?: unknown;
    pay?: (k: number, kind: 'bet' | 'win') => boolean;
  } = {},
) {
  const game = getGame(gameId);
  const settings = o.settings ?? game.defaults;
  const seed = newSeed();
  const roundId = nextRoundId(gameId);
  const bets = game.sampleBets(settings, new FairStream(seed, gameId));
  const outcome = game.play(settings, seed, bets);
  for (const [k, pay] of outcome.payouts.entries()) {
    if (pay.bet > 0 && (o.pay?.(k, 'bet') ?? true))
      await p.post('/api/platform/wallet/debit', { txId: `${roundId}:b${k}`, uid, currency: 'chip', amount: pay.bet, reason: 'game.bet', ref: roundId });
    if (pay.win > 0 && (o.pay?.(k, 'win') ?? true))
      await p.post('/api/platform/wallet/credit', { txId: `${roundId}:w${k}`, uid, currency: 'chip', amount: pay.win, reason: 'game.win', ref: roundId });
  }
  const at = o.at ?? new Date();
  const data: Record<string, any> = {
    game: gameId,
    roundId,
    server: 'gs-1',
    table: 't-1',
    configVersion: o.configVersion ?? 0,
    seedHash: seedHash(seed),
    seed,
    bets,
    result: outcome.result,
    seats: outcome.payouts.map((pay) => ({ ...pay, uid, bot: false })),
    startedAt: new Date(at.getTime() - 20_000).toISOString(),
    endedAt: at.toISOString(),
  };
  o.tamper?.(data);
  const result = await p.event('game.round', data);
  return { roundId, data, result, outcome };
}
