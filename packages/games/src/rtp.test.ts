/**
 * RTP: the exact figures against the rules' own numbers (domain.md), and a simulation with a
 * fixed seed for every house game (and Mines 1v1's take), each within the band of its
 * configured RTP (±4 standard errors of the reference bet at that many rounds).
 *
 * Size: `npm test` simulates 100,000 rounds a game and plays 5,000 through the provably-fair
 * path (a band about three times as wide as at full size); the full-size check, 1,000,000 and
 * 20,000 (52 s of CPU, more than any other file of its kind), runs in `npm run bench`
 * (bench/fullsize.ts sets RTP_ROUNDS and RTP_FAIR_ROUNDS).
 */
import { describe, expect, it } from 'vitest';
import { BAND_SIGMAS } from './define';
import { choose } from './money';
import { GAMES, getGame } from './registry';
import { simulate } from './simulate';
import { FairStream } from './rng';
import { sha256, toHex, utf8 } from './sha256';
import { linesDistribution } from './games/bingo';
import { coupOdds } from './games/lucky9';
import { minesMultiplier } from './games/mines';
import { winningCards } from './games/hilo';
import { linePay, slotRtp, strip } from './slots';

const size = (name: string, otherwise: number) => Number(process.env[name] ?? otherwise);
const ROUNDS = size('RTP_ROUNDS', 100_000);

describe('the RTP figure is kept per settings', () => {
  it('the same settings give the same figure, other settings their own, and a caller cannot change what is kept', () => {
    const g = getGame('luckyjoker');
    const first = g.rtp(g.defaults);
    first.rtp = -1;
    first.reference = 'changed';
    const again = g.rtp(JSON.parse(JSON.stringify(g.defaults)));
    expect(again.rtp).toBeGreaterThan(0.9);
    expect(again.reference).not.toBe('changed');
    const colour = getGame('colorgame');
    const byBet = colour.rtp(colour.defaults).byBet!;
    byBet.single = 0;
    expect(colour.rtp(colour.defaults).byBet!.single).toBeCloseTo(199 / 216, 12);
    const rocket = getGame('rocket');
    expect(rocket.rtp({ ...rocket.defaults, edgeBps: 300 }).rtp).toBeCloseTo(0.97, 12);
    expect(rocket.rtp({ ...rocket.defaults, edgeBps: 500 }).rtp).toBeCloseTo(0.95, 12);
    expect(rocket.band({ ...rocket.defaults, edgeBps: 500 }, 10_000)!.low).toBeLessThan(0.95);
  });
});

describe('exact RTP of the default settings', () => {
  it('colour game: 199/216 = 92.13% single, 180/216 = 83.33% combo', () => {
    const f = getGame('colorgame').rtp(getGame('colorgame').defaults);
    expect(f.byBet!.single).toBeCloseTo(199 / 216, 12);
    expect((f.byBet!.single * 100).toFixed(2)).toBe('92.13');
    expect(f.byBet!.combo).toBeCloseTo(180 / 216, 12);
  });

  it('rocket and mines return 1 − edge; mines multipliers are the domain figures', () => {
    expect(getGame('rocket').rtp({ ...getGame('rocket').defaults, edgeBps: 300 }).rtp).toBeCloseTo(0.97, 12);
    expect(getGame('mines').rtp(getGame('mines').defaults).rtp).toBeCloseTo(0.99, 12);
    // 3 mines, 1% edge: 1.12×, 1.48×, 2.0×, 5.0× after 1, 3, 5, 10 picks (rounded as domain.md shows them).
    const m = (r: number) => {
      const x = minesMultiplier(100, 3, r);
      return Number(x.num) / Number(x.den);
    };
    expect([m(1), m(3), m(5), m(10)].map((x) => x.toFixed(x < 1.9 ? 2 : 1))).toEqual(['1.13', '1.48', '2.0', '5.0']);
    expect(Math.floor(m(1) * 100) / 100).toBe(1.12);
  });

  it('hi-lo pays 0.97 / p', () => {
    // Shown 7: "higher or same" wins with 4·6 + 3 = 27 of 51 cards.
    expect(winningCards(7, 'higher')).toBe(27);
    const round = getGame('hilo').resolve(getGame('hilo').defaults, { draw: () => [6, 13 + 9] } as never, [{ seat: 'a', amount: 10_000, guess: 'higher' }]);
    expect(round.payouts[0].win).toBe(Math.floor((10_000 * 0.97 * 51) / 27));
  });

  it('lucky 9 (one deck): the known single-deck edges, Player 1.29%, Banker 1.01%, tie 15.75%', () => {
    const o = coupOdds();
    expect(o.player + o.banker + o.tie).toBeCloseTo(1, 12);
    const f = getGame('lucky9').rtp(getGame('lucky9').defaults).byBet!;
    expect(1 - f.player).toBeCloseTo(0.0129, 3);
    expect(1 - f.banker).toBeCloseTo(0.0101, 3);
    expect(1 - f.tie).toBeCloseTo(0.1575, 3);
  });

  it('slots: every RTP profile is within 0.25% of its name, computed from the strips', () => {
    for (const id of ['luckyjoker', 'fruitfever', 'tasty', 'luckytree'] as const) {
      const g = getGame(id);
      for (const profile of ['94', '95', '96', '97'])
        expect(Math.abs(g.rtp({ ...g.defaults, rtp: profile }).rtp! - Number(profile) / 100)).toBeLessThan(0.0025);
    }
    // The frequency formula is exact: it equals the average over every stop combination of every line.
    const m = {
      wild: 'w',
      pays: { w: { 2: 4, 3: 20 }, a: { 3: 5 }, b: { 2: 1, 3: 3 } },
      reels: [
        ['a', 'b', 'w'],
        ['b', 'a'],
        ['a', 'w', 'b', 'b'],
      ],
      lines: [
        [0, 0, 0],
        [1, 1, 1],
        [0, 1, 2],
        [2, 0, 1],
      ] as [number, number, number][],
      profiles: { 1: [1, 0, 2] as const },
      defaultProfile: '1',
    };
    const reels = m.reels.map((r, i) => strip(r, m.profiles[1][i]));
    let sum = 0,
      n = 0;
    for (let i = 0; i < reels[0].length; i++)
      for (let j = 0; j < reels[1].length; j++)
        for (let k = 0; k < reels[2].length; k++) {
          n++;
          for (const l of m.lines)
            sum +=
              linePay(m, [reels[0][(i + l[0]) % reels[0].length], reels[1][(j + l[1]) % reels[1].length], reels[2][(k + l[2]) % reels[2].length]]).pay /
              m.lines.length;
        }
    expect(slotRtp(m, reels)).toBeCloseTo(sum / n, 12);
    expect(linePay(m, ['w', 'w', 'a']).pay).toBe(5); // the leading wilds stand for a (5) rather than pay as two wilds (4)
    expect(linePay(m, ['w', 'w', '-']).pay).toBe(4);
    expect(linePay(m, ['b', 'w', 'a']).pay).toBe(1);
  });

  it('bingo: the line distribution is a distribution and 12 lines need every number', () => {
    const p = linesDistribution(30);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(p[11]).toBe(0); // 11 complete lines cover all 24 numbers, so the 12th is complete too
    expect(p[12]).toBeCloseTo(Number(choose(51, 6)) / Number(choose(75, 30)), 20);
    expect(getGame('bingo').rtp(getGame('bingo').defaults).rtp).toBeCloseTo(0.9008, 3);
  });

  it('scratch: 90.00% from the published tiers; horse: 1 − margin on every horse', () => {
    expect(getGame('scratch').rtp(getGame('scratch').defaults).rtp).toBeCloseTo(0.9, 12);
    expect(getGame('horse').rtp(getGame('horse').defaults).rtp).toBeCloseTo(0.9, 12);
  });
});

describe(`simulated RTP over ${ROUNDS.toLocaleString('en')} rounds (fixed seed) within the expected band`, () => {
  const simulated = GAMES.filter((g) => g.kind === 'house' || g.id === 'mines1v1');
  it.each(simulated.map((g) => [g.id, g] as const))(
    '%s',
    (_id, g) => {
      const sim = simulate(g, g.defaults, ROUNDS, `rtp:${g.id}`);
      const figure = g.rtp(g.defaults);
      const band = g.band(g.defaults, ROUNDS)!;
      // The reference bet is the first seat's; Lucky 9 also plays Banker and tie, checked against their own figures.
      const reference = sim.seats.p1.rtp;
      expect(reference, `${g.id} ${reference} not in ${band.low}…${band.high} (RTP ${figure.rtp})`).toBeGreaterThanOrEqual(band.low);
      expect(reference).toBeLessThanOrEqual(band.high);
      if (g.id === 'lucky9') {
        const o = coupOdds();
        const sd = { banker: Math.sqrt(o.banker * 1.95 ** 2 + o.tie - figure.byBet!.banker ** 2), tie: Math.sqrt(o.tie * 81 - figure.byBet!.tie ** 2) };
        expect(Math.abs(sim.seats.p2.rtp - figure.byBet!.banker)).toBeLessThan((BAND_SIGMAS * sd.banker) / Math.sqrt(ROUNDS));
        expect(Math.abs(sim.seats.p3.rtp - figure.byBet!.tie)).toBeLessThan((BAND_SIGMAS * sd.tie) / Math.sqrt(ROUNDS));
      }
      if (g.id === 'mines1v1') expect(sim.win / sim.bet).toBeCloseTo(0.95, 12); // the pot less 5%, every duel
    },
    120_000,
  );
});

// Slower than the simulation (HMAC in plain TypeScript, one seed a round), so fewer rounds:
// this checks that seeds → stream → outcome are unbiased, not the RTP to three decimals.
const FAIR_ROUNDS = size('RTP_FAIR_ROUNDS', 5_000);
describe(`the provably-fair path end to end: ${FAIR_ROUNDS.toLocaleString('en')} rounds through play(seed) within the band`, () => {
  it.each(GAMES.filter((x) => x.kind === 'house').map((x) => [x.id, x] as const))(
    '%s',
    (_id, game) => {
      let bet = 0,
        win = 0;
      for (let i = 0; i < FAIR_ROUNDS; i++) {
        const seed = toHex(sha256(utf8(`fair:${game.id}:${i}`)));
        const bets = game.sampleBets(game.defaults, new FairStream(seed, game.id));
        const p = game.play(game.defaults, seed, bets).payouts[0];
        bet += p.bet;
        win += p.win;
      }
      const band = game.band(game.defaults, FAIR_ROUNDS)!;
      expect(win / bet).toBeGreaterThanOrEqual(band.low);
      expect(win / bet).toBeLessThanOrEqual(band.high);
    },
    60_000,
  );
});
