/**
 * The registry holds every game of spec §2 /tinygames, with the catalogue's names, and a game
 * is one file: a game defined in one place gets play, verification, RTP band and simulation.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { catalog, type RouteNode } from '@console/catalog';
import { defineGame, GAME_IDS, type Game } from './define';
import { findGame, GAMES } from './registry';
import { baseSettings, amount, seat, checkBetLimits } from './settings';
import { simulate } from './simulate';
import { newSeed, seedHash } from './rng';
import { verifyRound } from './verify';

/** §2: /tinygames children that are games (not the third-party reports nor the anti-cheat screens). */
const NOT_GAMES = ['jiligames', 'thirdgames', 'tongitscheat'];

describe('registry', () => {
  const tinygames = catalog.find((m) => m.path === '/tinygames') as RouteNode;
  const catalogueGames = tinygames.children!.filter((c) => !NOT_GAMES.includes(c.path));

  it('lists every house and table game of §2 /tinygames, once, in the catalogue order', () => {
    expect(GAMES.map((g) => g.id)).toEqual(catalogueGames.map((c) => c.path));
    expect([...GAME_IDS]).toEqual(GAMES.map((g) => g.id));
    expect(GAMES).toHaveLength(16);
  });

  it('uses the catalogue names in both languages', () => {
    for (const c of catalogueGames) expect(findGame(c.path)!.name).toEqual(c.title);
  });

  it('labels every settings field in English and Chinese (the config screen)', () => {
    for (const g of GAMES) {
      // every field, and the columns of a table of rows (the row editor heads them with these)
      const columns = Object.values(g.defaults as Record<string, unknown>).flatMap((v) =>
        Array.isArray(v) && typeof v[0] === 'object' && v[0] !== null ? Object.keys(v[0] as object) : [],
      );
      expect(Object.keys(g.labels).sort(), g.id).toEqual([...new Set([...Object.keys(g.defaults), ...columns])].sort());
      for (const l of Object.values(g.labels)) {
        expect(l.en).toMatch(/^[A-Z]/);
        expect(l.zh).toMatch(/[\u4e00-\u9fff]|RTP/);
      }
    }
  });

  it('sorts the games by who banks them: the house (RTP) or the table (fee/rake)', () => {
    expect(GAMES.filter((g) => g.kind === 'table').map((g) => g.id)).toEqual(['mines1v1', 'tongits', 'pusoy', 'hightexas']);
    for (const g of GAMES.filter((x) => x.kind === 'house'))
      expect(g.rtp(g.defaults)).toMatchObject({ exact: true, rtp: expect.any(Number), sd: expect.any(Number) });
  });
});

describe('a new game is one file', () => {
  // Everything a thirteenth house game needs, as its file would hold it: a coin flip paying 1.96×.
  const coinflip: Game = defineGame({
    id: 'coinflip' as never,
    name: { en: 'Coin flip', zh: '抛硬币' },
    kind: 'house',
    rules: 'Heads or tails; a right call pays 1.96×.',
    labels: {},
    settings: z.strictObject({ ...baseSettings }).superRefine(checkBetLimits),
    bets: z.array(z.strictObject({ seat, amount, call: z.enum(['heads', 'tails']) })).min(1),
    resolve: (_s, rng, bets) => {
      const side = rng.int(2) === 0 ? 'heads' : 'tails';
      return {
        result: { side },
        payouts: bets.map((b) => ({ seat: b.seat, bet: b.amount, win: b.call === side ? Math.floor((b.amount * 196) / 100) : 0, fee: 0, jackpot: 0 })),
      };
    },
    rtp: () => ({ rtp: 0.98, sd: 0.98, reference: 'one call', exact: true }),
    sampleBets: (s) => [{ seat: 'p1', amount: Math.max(100, s.minBet), call: 'heads' as const }],
  });

  it('gets defaults, play from a seed, verification, an RTP band and a simulation', () => {
    expect(coinflip.defaults).toEqual({ open: true, minBet: 100, maxBet: 1_000_000 });
    const seed = newSeed();
    const bets = [{ seat: 'p1', amount: 1000, call: 'tails' }];
    const { result, payouts } = coinflip.play(coinflip.defaults, seed, bets);
    const lookup = (id: string) => (id === 'coinflip' ? coinflip : undefined);
    expect(verifyRound({ game: 'coinflip', settings: {}, seed, seedHash: seedHash(seed), bets, result, payouts }, lookup).ok).toBe(true);
    const flipped = { side: (result as { side: string }).side === 'heads' ? 'tails' : 'heads' };
    expect(verifyRound({ game: 'coinflip', settings: {}, seed, seedHash: seedHash(seed), bets, result: flipped, payouts }, lookup).differences[0].kind).toBe(
      'result',
    );
    const band = coinflip.band(coinflip.defaults, 100_000)!;
    const sim = simulate(coinflip, coinflip.defaults, 100_000, 'coinflip');
    expect(sim.rtp).toBeGreaterThan(band.low);
    expect(sim.rtp).toBeLessThan(band.high);
  });
});
