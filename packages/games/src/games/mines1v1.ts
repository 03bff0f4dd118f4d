/**
 * Mines 1v1: two players stake the same amount on one board of M mines and take turns
 * opening cells; whoever opens a mine loses, the other takes the pot less the fee (5%).
 * Stream: first int(2) picks who starts (0 = the first bet's seat), then the mines are
 * draw(25, M). Each bet lists that player's picks in order; turns alternate from the starter.
 */
import { z } from 'zod';
import { defineGame, GameRuleError } from '../define';
import { bpsOf } from '../money';
import { amount, baseSettings, checkBetLimits, seat, whole } from '../settings';
import { CELLS } from './mines';

const settings = z
  .strictObject({
    ...baseSettings,
    /** Mines on the board. */
    mines: whole(1, 24).default(3),
    /** House fee on the pot, basis points (500 = 5%). */
    feeBps: whole(0, 1000).default(500),
  })
  .superRefine(checkBetLimits);
type Settings = z.infer<typeof settings>;

const bets = z
  .array(
    z.strictObject({
      seat,
      amount,
      picks: z.array(whole(0, CELLS - 1)).max(24, { message: 'At most 24 picks' }),
    }),
    { message: 'Expected array' },
  )
  .length(2, { message: 'A duel is two bets' });

export const mines1v1 = defineGame({
  id: 'mines1v1',
  name: { en: 'Mines 1v1', zh: '扫雷对战' },
  kind: 'table',
  rules:
    'Two players stake the same amount and take turns opening cells of one 5×5 board; who opens a mine loses. The winner takes the pot less a 5% fee. The seed decides the board and who starts.',
  settings,
  bets,
  labels: { mines: { en: 'Mines on the board', zh: '雷数' }, feeBps: { en: 'Fee on the pot (basis points)', zh: '底池服务费（基点）' } },
  resolve(s: Settings, rng, list) {
    const [a, b] = list;
    if (a.seat === b.seat) throw new GameRuleError('seat: The two bets need two seats');
    if (a.amount !== b.amount) throw new GameRuleError('amount: Both players stake the same amount');
    if (a.amount < s.minBet || a.amount > s.maxBet) throw new GameRuleError(`amount: Must be from ${s.minBet} to ${s.maxBet}`);
    const starter = rng.int(2);
    const mineCells = rng.draw(CELLS, s.mines);
    const order = starter === 0 ? [a, b] : [b, a];
    const seen = new Set<number>();
    let loser = -1;
    let turn = 0;
    const next = [0, 0];
    while (loser < 0) {
      const who = turn % 2;
      const pick = order[who].picks[next[who]++];
      if (pick === undefined) throw new GameRuleError(`picks: ${order[who].seat} has no pick for turn ${turn + 1} and no mine was hit`);
      if (seen.has(pick)) throw new GameRuleError(`picks: Cell ${pick} is opened twice`);
      seen.add(pick);
      if (mineCells.includes(pick)) loser = who;
      turn++;
    }
    if (next[0] !== order[0].picks.length || next[1] !== order[1].picks.length) throw new GameRuleError('picks: Picks continue after a mine');
    const pot = a.amount + b.amount;
    const fee = bpsOf(pot, s.feeBps);
    const winner = order[1 - loser];
    return {
      result: { starter: order[0].seat, mines: [...mineCells].sort((x, y) => x - y), loser: order[loser].seat, turns: turn },
      payouts: list.map((x) => ({ seat: x.seat, bet: x.amount, win: x === winner ? pot - fee : 0, fee: x === winner ? fee : 0, jackpot: 0 })),
    };
  },
  rtp(s) {
    // Players as a whole get the pot less the fee; each side wins half the duels (the seed picks the starter).
    const r = 1 - s.feeBps / 10_000;
    return { rtp: r, sd: r, reference: "one player's stake in a duel", exact: true };
  },
  sampleBets: (s, preview) => {
    // Both players open cells 0, 1, 2, … in turn until one is a mine (the board is random, so any order does).
    const starter = preview.int(2);
    const mineCells = preview.draw(CELLS, s.mines);
    const picks: number[][] = [[], []];
    for (let c = 0, who = starter; ; c++, who = 1 - who) {
      picks[who].push(c);
      if (mineCells.includes(c)) break;
    }
    const stake = Math.max(s.minBet, 100);
    return [
      { seat: 'p1', amount: stake, picks: picks[0] },
      { seat: 'p2', amount: stake, picks: picks[1] },
    ];
  },
});
