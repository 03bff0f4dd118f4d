/**
 * Golden rounds (fixed seeds, default settings) and the rules of every game on stacked decks.
 */
import { describe, expect, it } from 'vitest';
import golden from './__golden__/rounds.json';
import { GameRuleError } from './define';
import { getGame, GAMES } from './registry';
import { seedHash, SimRng } from './rng';
import { card, StackedRng } from './test-rng';

const cards = (s: string) => s.split(' ').map(card);
const g = getGame;

describe('golden rounds', () => {
  it('the file holds one round of each of the sixteen games', () => {
    expect(golden.map((r) => r.game).sort()).toEqual(GAMES.map((x) => x.id).sort());
  });

  it.each(golden.map((r) => [r.game, r] as const))('%s replays exactly from its seed', (_id, round) => {
    const game = g(round.game as never);
    expect(seedHash(round.seed)).toBe(round.seedHash);
    expect(game.play(game.parseSettings(round.settings).ok ? round.settings : game.defaults, round.seed, round.bets)).toEqual({
      result: round.result,
      payouts: round.payouts,
    });
  });

  it('key facts of the golden rounds, written out (a rule change must change these on purpose)', () => {
    const by = Object.fromEntries(golden.map((r) => [r.game, r])) as Record<string, { result: any; payouts: any[] }>;
    expect(by.rocket.result).toEqual({ crash: 144 });
    expect(by.colorgame.result).toEqual({ dice: ['green', 'yellow', 'pink'] });
    expect(by.hilo.result).toEqual({ shown: 'Ah', next: 'Kc' });
    expect(by.hilo.payouts[0].win).toBe(97); // an ace: "higher or same" always wins, 0.97 × 51/51
    expect(by.mines.result).toEqual({ mines: [13, 15, 18], safePicks: 5, hitMine: false });
    expect(by.mines.payouts[0].win).toBe(199); // 0.99 · C(25,5)/C(22,5) = 1.997×
    expect(by.lucky9.result).toMatchObject({ player: ['Ah', '4d', 'Ks'], banker: ['Qd', '6h'], winner: 'banker' });
    expect(by.lucky9.payouts.map((p) => [p.win, p.fee])).toEqual([
      [0, 0],
      [195, 5],
      [0, 0],
    ]);
    expect(by.luckyjoker.result.stops).toEqual([22, 1, 1]);
    expect(by.luckyjoker.payouts[0].win).toBe(1000); // three cherries on line 5: 10 line bets of 100
    expect(by.horse.result.order).toEqual([6, 2, 1, 3, 4, 5]);
    expect(by.scratch.payouts[0].win).toBe(200);
    expect(by.mines1v1.result).toMatchObject({ starter: 'p2', loser: 'p1', turns: 4 });
    // The rake (5% of 90 000, under the 3-big-blind cap) comes out of the main pot first.
    expect(by.hightexas.result.pots).toEqual([
      { amount: 30_000, rake: 4500, winners: ['p2'] },
      { amount: 60_000, rake: 0, winners: ['p2'] },
    ]);
    expect(by.pusoy.payouts.map((p) => p.win - p.bet)).toEqual([570, -200, -400]);
  });
});

describe('money adds up in every game, whatever the seed', () => {
  it.each(GAMES.map((x) => [x.id, x] as const))('%s', (_id, game) => {
    const rng = new SimRng(`money:${game.id}`);
    for (let i = 0; i < 300; i++) {
      const bets = game.sampleBets(game.defaults, rng.clone());
      const { payouts } = game.resolve(game.defaults, rng, bets);
      for (const p of payouts)
        for (const k of ['bet', 'win', 'fee', 'jackpot'] as const) expect(Number.isSafeInteger(p[k]) && p[k] >= 0, `${k} ${p[k]}`).toBe(true);
      if (game.kind === 'table') {
        // Players play each other: what comes back plus the house's fee and the jackpot share is what was staked.
        const sum = (f: (p: (typeof payouts)[number]) => number) => payouts.reduce((t, p) => t + f(p), 0);
        expect(sum((p) => p.win + p.fee + p.jackpot)).toBe(sum((p) => p.bet));
      }
    }
  });
});

describe('house games on stacked decks', () => {
  it('colour game: 1:1, 2:1, 3:1 and the 5:1 combo', () => {
    const s = g('colorgame').defaults;
    const bets = [['red'], ['white'], ['blue'], ['red', 'white'], ['red', 'blue']].map((colours, i) => ({ seat: `s${i}`, amount: 1000, colours }));
    const r = g('colorgame').resolve(s, new StackedRng([], [4, 4, 1]), bets);
    expect(r.result).toEqual({ dice: ['red', 'red', 'white'] });
    expect(r.payouts.map((p) => p.win)).toEqual([3000, 2000, 0, 6000, 0]);
    expect(() => g('colorgame').resolve(s, new StackedRng([], [0, 0, 0]), [{ seat: 'a', amount: 1, colours: ['red', 'red'] }])).toThrow(GameRuleError);
  });

  it('rocket: 1% of rounds crash at 1.00×; a cash-out at or below the crash pays', () => {
    const s = g('rocket').defaults;
    const bets = [
      { seat: 'a', amount: 1000, cashoutAt: 101 },
      { seat: 'b', amount: 1000, cashoutAt: 198 },
      { seat: 'c', amount: 1000, cashoutAt: 199 },
      { seat: 'd', amount: 1000, cashoutAt: null },
    ];
    expect(g('rocket').resolve(s, new StackedRng([], [], [0.005]), bets).result).toEqual({ crash: 100 });
    const r = g('rocket').resolve(s, new StackedRng([], [], [0.5]), bets);
    expect(r.result).toEqual({ crash: 198 });
    expect(r.payouts.map((p) => p.win)).toEqual([1010, 1980, 0, 0]);
    expect(() => g('rocket').resolve({ ...s, maxCashout: 500 }, new StackedRng([], [], [0.5]), [{ seat: 'a', amount: 1, cashoutAt: 501 }])).toThrow(
      'maxCashout',
    );
  });

  it('mines: cash-out pays (1 − edge)·C(25,r)/C(25−M,r); a mine loses; picks after a mine are refused', () => {
    const s = g('mines').defaults;
    const play = (picks: number[], mines = 3) => g('mines').resolve(s, new StackedRng([[3, 7, 11]]), [{ seat: 'a', amount: 10_000, mines, picks }]);
    expect(play([0, 1, 2]).payouts[0].win).toBe(Math.floor((10_000 * 0.99 * 2300) / 1540));
    expect(play([0, 3])).toMatchObject({ result: { hitMine: true, safePicks: 1 }, payouts: [{ win: 0 }] });
    expect(() => play([3, 4])).toThrow('after a mine');
    expect(() => play([1, 1])).toThrow('twice');
    expect(() => g('mines').resolve({ ...s, maxMines: 2 }, new StackedRng([[3, 7, 11]]), [{ seat: 'a', amount: 1, mines: 3, picks: [0] }])).toThrow(
      'mines: Must be from 1 to 2',
    );
  });

  it('hi-lo: a king shown pays 0.97 · 51/3 on "higher or same", 0.97 on "lower or same"', () => {
    const bets = [
      { seat: 'a', amount: 1000, guess: 'higher' as const },
      { seat: 'b', amount: 1000, guess: 'lower' as const },
    ];
    const r = g('hilo').resolve(g('hilo').defaults, new StackedRng([cards('Kc Kd')]), bets);
    expect(r.payouts.map((p) => p.win)).toEqual([Math.floor((1000 * 0.97 * 51) / 3), 970]);
    expect(
      g('hilo')
        .resolve(g('hilo').defaults, new StackedRng([cards('Kc Qd')]), bets)
        .payouts.map((p) => p.win),
    ).toEqual([0, 970]);
  });

  it('lucky 9: naturals stand, third cards by the table, 5% commission on Banker, ties push', () => {
    const s = g('lucky9').defaults;
    const bets = (['player', 'banker', 'tie'] as const).map((on, i) => ({ seat: `s${i}`, amount: 1000, on }));
    const play = (deck: string) => g('lucky9').resolve(s, new StackedRng([cards(deck)]), bets);
    // Player 9h Kc = 9, Banker 4s 4d = 8: both natural, nobody draws.
    expect(play('9h 4s Kc 4d 2c 2d')).toMatchObject({
      result: { player: ['9h', 'Kc'], banker: ['4s', '4d'], winner: 'player' },
      payouts: [{ win: 2000 }, { win: 0 }, { win: 0 }],
    });
    // Player 2c 3c = 5 draws 7d → 2; Banker Kd 3h = 3 draws (Player's third is not 8): 5s → 8.
    const r = play('2c Kd 3c 3h 7d 5s');
    expect(r.result).toMatchObject({ player: ['2c', '3c', '7d'], banker: ['Kd', '3h', '5s'], playerTotal: 2, bankerTotal: 8, winner: 'banker' });
    expect(r.payouts.map((p) => [p.win, p.fee])).toEqual([
      [0, 0],
      [1950, 50],
      [0, 0],
    ]);
    // Player 4c 4d = 8, Banker 8s Kc = 8: a tie.
    expect(play('4c 8s 4d Kc 2c 2d').payouts.map((p) => p.win)).toEqual([1000, 1000, 9000]);
  });

  it('horse: the order is drawn by weight; only the winner pays, (1 − margin)·W/w', () => {
    const r = g('horse').resolve(g('horse').defaults, new StackedRng([], [3500, 0, 0, 0, 0, 0]), [
      { seat: 'a', amount: 1000, horse: 2 },
      { seat: 'b', amount: 1000, horse: 1 },
    ]);
    expect(r.result).toEqual({ order: [2, 1, 3, 4, 5, 6] });
    expect(r.payouts.map((p) => p.win)).toEqual([Math.floor((1000 * 0.9 * 10_000) / 2200), 0]);
  });

  it('scratch: a winning card shows its amount three times, a losing card no amount three times', () => {
    const s = g('scratch').defaults;
    const rng = new SimRng('scratch-grid');
    let wins = 0;
    for (let i = 0; i < 2000; i++) {
      const {
        result: {
          tickets: [t],
        },
        payouts: [p],
      } = g('scratch').resolve(s, rng, [{ seat: 'a', amount: 100 }]);
      const counts = new Map<number, number>();
      for (const x of t.grid) counts.set(x, (counts.get(x) ?? 0) + 1);
      const triples = [...counts].filter(([, n]) => n >= 3);
      if (t.tier === null) expect(triples).toEqual([]);
      else {
        wins++;
        expect(triples).toEqual([[t.pays, 3]]);
      }
      expect(p.win).toBe(100 * t.pays);
    }
    expect(wins).toBeGreaterThan(800); // 48.3% of tickets win something
  });

  it('bingo: cards follow B-I-N-G-O columns with a free centre, and lines are counted from the balls', () => {
    const rng = new SimRng('bingo-cards');
    for (let i = 0; i < 300; i++) {
      const { result } = g('bingo').resolve(g('bingo').defaults, rng, [
        { seat: 'a', amount: 100 },
        { seat: 'b', amount: 100 },
      ]);
      expect(new Set(result.balls).size).toBe(30);
      for (const { card: c, lines } of result.cards) {
        c.forEach((n: number, cell: number) => {
          if (cell === 12) expect(n).toBe(0);
          else expect(Math.floor((n - 1) / 15)).toBe(cell % 5);
        });
        const marked = (cell: number) => cell === 12 || result.balls.includes(c[cell]);
        const rows = [0, 1, 2, 3, 4].filter((r) => [0, 1, 2, 3, 4].every((k) => marked(r * 5 + k))).length;
        const cols = [0, 1, 2, 3, 4].filter((k) => [0, 1, 2, 3, 4].every((r) => marked(r * 5 + k))).length;
        const diags = [
          [0, 6, 12, 18, 24],
          [4, 8, 12, 16, 20],
        ].filter((d) => d.every(marked)).length;
        expect(lines).toBe(rows + cols + diags);
      }
    }
  });

  it('slots: the payout is the stake times the line pays over the lines', () => {
    const game = g('fruitfever');
    const rng = new SimRng('slots');
    for (let i = 0; i < 2000; i++) {
      const { result, payouts } = game.resolve(game.defaults, rng, [{ seat: 'a', amount: 1234 }]);
      expect(payouts[0].win).toBe(Math.floor((1234 * result.lineBets) / 8));
      for (const w of result.wins) expect(w.count).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('table games on stacked decks', () => {
  it('mines 1v1: turns alternate from the drawn starter; who opens a mine loses; the winner pays the fee', () => {
    const s = { ...g('mines1v1').defaults, mines: 1 };
    const bets = [
      { seat: 'a', amount: 1000, picks: [0, 5] },
      { seat: 'b', amount: 1000, picks: [1] },
    ];
    const r = g('mines1v1').resolve(s, new StackedRng([[5]], [0]), bets);
    expect(r.result).toEqual({ starter: 'a', mines: [5], loser: 'a', turns: 3 });
    expect(r.payouts).toEqual([
      { seat: 'a', bet: 1000, win: 0, fee: 0, jackpot: 0 },
      { seat: 'b', bet: 1000, win: 1900, fee: 100, jackpot: 0 },
    ]);
    expect(() => g('mines1v1').resolve(s, new StackedRng([[5]], [0]), [{ ...bets[0], picks: [0, 5, 6] }, bets[1]])).toThrow('after a mine');
    expect(() => g('mines1v1').resolve(s, new StackedRng([[5]], [1]), bets)).toThrow('no mine was hit');
    expect(() => g('mines1v1').resolve(s, new StackedRng([[5]], [0]), [bets[0], { ...bets[1], amount: 999 }])).toThrow('same amount');
  });

  it('pusoy: a scoop doubles, a foul pays as scooped, the fee is 5% of the net win, rows must be the dealt cards', () => {
    const s = g('pusoy').defaults;
    const p1 = { front: 'Js Jh 3c', middle: 'Ks Kh Kd Qs Qh', back: 'As Ah Ad Ac 2c' };
    const p2 = { front: '3d 3h 5d', middle: '2d 2h 4c 4d 5h', back: 'Tc 9d 8s 7h 6d' };
    const deck = [p1, p2].flatMap((p) => cards(`${p.front} ${p.middle} ${p.back}`));
    const seatOf = (seat: string, p: typeof p1) => ({ seat, amount: 1000, front: p.front.split(' '), middle: p.middle.split(' '), back: p.back.split(' ') });
    const scoop = g('pusoy').resolve(s, new StackedRng([deck]), [seatOf('a', p1), seatOf('b', p2)]);
    expect(scoop.result.hands.map((h: { units: number; fouled: boolean }) => [h.units, h.fouled])).toEqual([
      [6, false],
      [-6, false],
    ]);
    expect(scoop.payouts).toEqual([
      { seat: 'a', bet: 0, win: 5700, fee: 300, jackpot: 0 },
      { seat: 'b', bet: 6000, win: 0, fee: 0, jackpot: 0 },
    ]);
    // b sets its straight in the middle and two pair at the back: a foul, paid as scooped.
    const fouled = g('pusoy').resolve(s, new StackedRng([deck]), [seatOf('a', p1), seatOf('b', { ...p2, middle: p2.back, back: p2.middle })]);
    expect(fouled.result.hands[1]).toMatchObject({ fouled: true, units: -6 });
    expect(() => g('pusoy').resolve(s, new StackedRng([deck]), [seatOf('a', p1), seatOf('b', { ...p2, front: '3d 3h 5c' })])).toThrow('not the cards dealt');
  });

  it('tongits: tongits needs every card melded; a draw goes to the challenger on a tie; burned players cannot win', () => {
    const s = g('tongits').defaults;
    const seatOf = (seat: string, melds: string[], hand: string, folded = false) => ({
      seat,
      amount: 1000,
      melds: melds.map((m) => m.split(' ')),
      hand: hand ? hand.split(' ') : [],
      folded,
    });
    const deck = { draws: () => [Array.from({ length: 52 }, (_, i) => i)] };
    const play = (end: { how: 'tongits' | 'draw' | 'stock'; by: string }, seats: ReturnType<typeof seatOf>[]) =>
      g('tongits').resolve(s, new StackedRng(deck.draws()), { end, seats });
    const tongits = play({ how: 'tongits', by: 'b' }, [
      seatOf('a', ['2c 3c 4c'], 'Kd'),
      seatOf('b', ['5h 5d 5s', '9s Ts Js Qs'], ''),
      seatOf('c', [], '9c 9h'),
    ]);
    expect(tongits.result.winner).toBe('b');
    expect(tongits.result.points).toEqual([
      { seat: 'a', points: 10, burned: false, folded: false },
      { seat: 'b', points: 0, burned: false, folded: false },
      { seat: 'c', points: 18, burned: true, folded: false },
    ]);
    expect(tongits.payouts.map((p) => [p.win, p.fee])).toEqual([
      [0, 50],
      [2850, 50],
      [0, 50],
    ]);
    expect(tongits.result.dealt.map((d: { cards: string[] }) => d.cards.length)).toEqual([13, 12, 12]);
    expect(tongits.result.stock).toHaveLength(15);
    // a calls a draw with 10; b fights with 10 and wins the tie; c is burned with 2 points.
    const draw = play({ how: 'draw', by: 'a' }, [seatOf('a', ['2c 3c 4c'], 'Kd'), seatOf('b', ['5h 5d 5s'], '4h 6h'), seatOf('c', [], 'Ah As')]);
    expect(draw.result.winner).toBe('b');
    expect(
      play({ how: 'draw', by: 'a' }, [seatOf('a', ['2c 3c 4c'], 'Kd'), seatOf('b', ['5h 5d 5s'], '4h 6h', true), seatOf('c', [], 'Ah As')]).result.winner,
    ).toBe('a');
    expect(play({ how: 'stock', by: 'c' }, [seatOf('a', ['2c 3c 4c'], 'Kd'), seatOf('b', ['5h 5d 5s'], '4h 6h'), seatOf('c', [], 'Ah As')]).result.winner).toBe(
      'a',
    );
    expect(() => play({ how: 'tongits', by: 'a' }, [seatOf('a', ['2c 3c 4c'], 'Kd'), seatOf('b', [], ''), seatOf('c', [], '')])).toThrow('every card melded');
    expect(() => play({ how: 'stock', by: 'a' }, [seatOf('a', ['2c 3d 4c'], ''), seatOf('b', [], ''), seatOf('c', [], '')])).toThrow('not a meld');
    expect(() => play({ how: 'stock', by: 'a' }, [seatOf('a', ['2c 3c 4c'], '2c'), seatOf('b', [], ''), seatOf('c', [], '')])).toThrow('twice');
    expect(() => play({ how: 'stock', by: 'z' }, [seatOf('a', [], ''), seatOf('b', [], ''), seatOf('c', [], '')])).toThrow('end.by');
    const jackpot = g('tongits').resolve({ ...s, jackpotBps: 1500 }, new StackedRng(deck.draws()), {
      end: { how: 'tongits', by: 'b' },
      seats: [seatOf('a', ['2c 3c 4c'], 'Kd'), seatOf('b', ['5h 5d 5s'], ''), seatOf('c', [], '9c')],
    });
    expect(jackpot.payouts.map((p) => [p.win, p.fee, p.jackpot])).toEqual([
      [0, 50, 150],
      [2400, 50, 150],
      [0, 50, 150],
    ]);
  });

  it("hold'em: side pots for an all-in player, the rake capped and taken from the main pot, splits with odd centavos to the first", () => {
    const s = { ...g('hightexas').defaults, bigBlind: 100 };
    // Seat k holds cards k and 3 + k; the board is cards 6…10.
    const deck = cards('As 3h Ks Ad 5s Kd 2c 7d 9h Js 4c');
    const r = g('hightexas').resolve(s, new StackedRng([deck]), [
      { seat: 'a', amount: 1000, folded: false },
      { seat: 'b', amount: 5000, folded: false },
      { seat: 'c', amount: 5000, folded: false },
    ]);
    expect(r.result.pots).toEqual([
      { amount: 3000, rake: 300, winners: ['a'] },
      { amount: 8000, rake: 0, winners: ['c'] },
    ]);
    expect(r.payouts.map((p) => [p.win, p.fee])).toEqual([
      [2700, 300],
      [0, 0],
      [8000, 0],
    ]);
    expect(r.result.seats.map((x: { hand: string }) => x.hand)).toEqual(['pair', 'high card', 'pair']);
    // A royal flush on the board: the two live players split; the folded one's chips are in the pot.
    const royal = cards('2c 3c 4c 2d 3d 4d Ts Js Qs Ks As');
    const split = g('hightexas').resolve(s, new StackedRng([royal]), [
      { seat: 'a', amount: 1001, folded: false },
      { seat: 'b', amount: 1001, folded: false },
      { seat: 'c', amount: 1001, folded: true },
    ]);
    expect(split.payouts.map((p) => [p.win, p.fee])).toEqual([
      [1427, 75],
      [1426, 75],
      [0, 0],
    ]);
    expect(() =>
      g('hightexas').resolve(s, new StackedRng([royal]), [
        { seat: 'a', amount: 1, folded: true },
        { seat: 'b', amount: 1, folded: true },
      ]),
    ).toThrow('Somebody');
  });
});
