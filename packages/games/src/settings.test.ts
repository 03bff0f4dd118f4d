/**
 * Settings schemas: defaults, bounds refused with a message naming the field, strictness;
 * fuzzed with fast-check (never a throw, never an accepted value that fails to re-parse).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAMES, getGame } from './registry';
import type { GameId } from './define';

describe('settings', () => {
  it.each(GAMES.map((x) => [x.id, x] as const))('%s: {} gives the defaults, which are valid, open and within bet limits', (_id, game) => {
    const parsed = game.parseSettings({});
    expect(parsed).toEqual({ ok: true, value: game.defaults });
    expect(game.parseSettings(game.defaults)).toEqual({ ok: true, value: game.defaults });
    expect(game.defaults).toMatchObject({ open: true, minBet: 100, maxBet: 1_000_000 });
  });

  const refused: [GameId, Record<string, unknown>, string][] = [
    ['rocket', { edgeBps: 10 }, 'edgeBps: Must be at least 50'],
    ['rocket', { minBet: '100' }, 'minBet: Expected number'],
    ['rocket', { minBet: 0 }, 'minBet: Must be at least 1'],
    ['rocket', { maxBet: 1e12 + 1 }, 'maxBet: Must be at most 1000000000000'],
    ['rocket', { minBet: 5000, maxBet: 4000 }, 'maxBet: Must be at least minBet'],
    ['rocket', { open: 'yes' }, 'open: Expected boolean'],
    ['rocket', { rtp: 99 }, 'rtp: Unknown field'],
    ['mines', { edgeBps: 1000 }, 'edgeBps: Must be at most 300'],
    ['mines', { minMines: 5, maxMines: 3 }, 'maxMines: Must be at least minMines'],
    ['mines', { maxMines: 25 }, 'maxMines: Must be at most 24'],
    ['colorgame', { singlePays: [3, 3, 3] }, 'singlePays: RTP 168.52% is outside 80%–99%'],
    ['colorgame', { comboPays: 1.5 }, 'comboPays: Must be an integer'],
    ['colorgame', { comboPays: 7 }, 'comboPays: RTP 111.11% is outside 75%–99%'],
    ['luckyjoker', { rtp: '99' }, 'rtp: Must be one of 94, 95, 96, 97'],
    ['luckytree', { rtp: 96 }, 'rtp: Must be one of 94, 95, 96, 97'],
    ['bingo', { pays: new Array(12).fill(0) }, 'pays: RTP 0.00% is outside 85%–95%'],
    ['bingo', { balls: 50 }, 'balls: Must be at most 45'],
    ['bingo', { pays: [1, 2] }, 'pays: Must be 12 amounts'],
    [
      'scratch',
      {
        tiers: [
          { pays: 1, weight: 900_000 },
          { pays: 2, weight: 200_000 },
          { pays: 3, weight: 0 },
          { pays: 4, weight: 0 },
          { pays: 5, weight: 0 },
        ],
      },
      'tiers: Weights add up to 1100000, over 1000000',
    ],
    ['scratch', { tiers: [{ pays: 0, weight: 1 }] }, 'tiers.0.pays: Must be at least 1'],
    ['scratch', { tiers: [1, 2, 3, 4, 4].map((pays) => ({ pays, weight: 10 })) }, 'tiers: Two tiers pay the same'],
    ['scratch', { tiers: [{ pays: 1, weight: 1, odds: 2 }] }, 'tiers.0.odds: Unknown field'],
    ['horse', { weights: [1, 2, 3, 4, 5] }, 'weights: Must be 6 weights'],
    ['horse', { marginBps: 100 }, 'marginBps: Must be at least 500'],
    ['lucky9', { commissionBps: 0 }, 'commissionBps: Banker RTP 101.29% is over 99.5%'],
    ['lucky9', { tiePays: 10 }, 'tiePays: Must be at most 9'],
    ['hilo', { edgeBps: 50 }, 'edgeBps: Must be at least 100'],
    ['mines1v1', { feeBps: 2000 }, 'feeBps: Must be at most 1000'],
    ['tongits', { feeBps: 1500, jackpotBps: 1500 }, 'jackpotBps: Fee and jackpot together must be at most 25%'],
    ['tongits', { turnSeconds: 3 }, 'turnSeconds: Must be at least 5'],
    ['pusoy', { specials: { dragon: 60 } }, 'specials.dragon: Must be at most 52'],
    ['hightexas', { rakeCapBigBlinds: 11 }, 'rakeCapBigBlinds: Must be at most 10'],
    ['hightexas', { bigBlind: -5 }, 'bigBlind: Must be at least 1'],
  ];
  it.each(refused)('%s %j is refused: %s', (id, patch, message) => {
    expect(getGame(id).parseSettings(patch)).toEqual({ ok: false, message });
  });

  it('a settings value that is not an object is refused', () => {
    for (const game of GAMES) for (const bad of [null, 5, 'x', []]) expect(game.parseSettings(bad).ok).toBe(false);
  });

  it('fuzz: any input is either refused with "field: message" or accepted and stable', () => {
    const keys = [
      'open',
      'minBet',
      'maxBet',
      'edgeBps',
      'rtp',
      'mines',
      'feeBps',
      'pays',
      'tiers',
      'weights',
      'balls',
      'commissionBps',
      'tiePays',
      'specials',
      'bigBlind',
      'x',
    ];
    const value = fc.oneof(
      fc.integer({ min: -10, max: 2_000_000 }),
      fc.double(),
      fc.boolean(),
      fc.string(),
      fc.constant(null),
      fc.constantFrom('94', '97', 1e12, 1e12 + 1, [1, 2, 3], new Array(12).fill(5)),
      fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 13 }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...GAMES), fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 5 }), (game, input) => {
        const r = game.parseSettings(input);
        if (r.ok) expect(game.parseSettings(r.value)).toEqual(r);
        else expect(r.message).toMatch(/: \S/); // "field: message" (an unknown key may be any text)
      }),
      { numRuns: 2000 },
    );
  });
});

describe('bets', () => {
  it('are strict: a string amount, a fraction, an unknown field or a bet past the limits is a GameRuleError naming it', () => {
    const seed = 'ab'.repeat(32);
    const rocket = getGame('rocket');
    expect(() => rocket.play(rocket.defaults, seed, [{ seat: 'a', amount: '100', cashoutAt: 200 }])).toThrow('0.amount: Expected number');
    expect(() => rocket.play(rocket.defaults, seed, [{ seat: 'a', amount: 100.5, cashoutAt: 200 }])).toThrow('0.amount: Must be an integer');
    expect(() => rocket.play(rocket.defaults, seed, [{ seat: 'a', amount: 100, cashoutAt: 200, x: 1 }])).toThrow('0.x: Unknown field');
    expect(() => rocket.play(rocket.defaults, seed, [{ seat: 'a', amount: 99, cashoutAt: 200 }])).toThrow('amount: 99 is below minBet 100');
    expect(() => rocket.play(rocket.defaults, seed, [{ seat: 'a', amount: 1_000_001, cashoutAt: 200 }])).toThrow('above maxBet');
    expect(() => rocket.play(rocket.defaults, seed, [])).toThrow('value: At least one bet');
    expect(() => getGame('tongits').play(getGame('tongits').defaults, seed, { end: { how: 'draw', by: 'a' }, seats: [] })).toThrow(
      'seats: Tongits is 3 players',
    );
  });

  it('fuzz: play on hostile bets answers an outcome or a GameRuleError, never anything else', () => {
    const hostile = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('As', 'Zz', -1, 0, 1e13, 24, 25, null, '__proto__'));
    const bet = fc.record(
      {
        seat: fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.string()),
        amount: fc.oneof(fc.integer({ min: 100, max: 5000 }), hostile),
        colours: fc.oneof(fc.constantFrom(['red'], ['red', 'blue']), hostile),
        cashoutAt: fc.oneof(fc.integer({ min: 101, max: 1000 }), hostile),
        mines: fc.oneof(fc.integer({ min: 1, max: 24 }), hostile),
        picks: fc.oneof(fc.array(fc.integer({ min: 0, max: 24 }), { maxLength: 25 }), hostile),
        guess: fc.oneof(fc.constantFrom('higher', 'lower'), hostile),
        horse: fc.oneof(fc.integer({ min: 1, max: 6 }), hostile),
        on: fc.oneof(fc.constantFrom('player', 'banker', 'tie'), hostile),
        folded: fc.oneof(fc.boolean(), hostile),
        front: hostile,
        middle: hostile,
        back: hostile,
        melds: fc.oneof(fc.constant([['2c', '3c', '4c']]), hostile),
        hand: fc.oneof(fc.constant(['Kd']), hostile),
      },
      { requiredKeys: [] },
    );
    const bets = fc.oneof(
      fc.array(bet, { maxLength: 4 }),
      fc.record({
        end: fc.record({ how: fc.constantFrom('tongits', 'draw', 'stock'), by: fc.constantFrom('a', 'b') }),
        seats: fc.array(bet, { maxLength: 4 }),
      }),
      hostile,
    );
    fc.assert(
      fc.property(fc.constantFrom(...GAMES), bets, (game, input) => {
        try {
          const out = game.play(game.defaults, 'cd'.repeat(32), input);
          for (const p of out.payouts) expect(Number.isSafeInteger(p.win) && p.win >= 0).toBe(true);
        } catch (e) {
          expect((e as Error).name).toBe('GameRuleError');
        }
      }),
      { numRuns: 3000 },
    );
  });
});
