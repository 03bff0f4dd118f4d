/**
 * The simulated Tongits tables (tables.ts), once the table servers know their configuration:
 * every hand's record verifies from its seed with the settings version the servers read, equals
 * its wallet calls, seats AI only where the room allows (a 1v1 table: two players and its AI seat),
 * a jackpot never pays more than the pool the player seats filled, reports name two tablemates,
 * flags come on office days; without a configuration nothing is played.
 */
import { getGame, verifyRound } from '@console/games';
import { consoleHour } from '@console/time';
import { afterAll, describe, expect, it } from 'vitest';
import { BackfillPlan } from './backfill-plan';
import { setTableServers, type TableServerConfig } from './tables';
import type { Action, EventData } from './types';

const END = Date.parse('2026-11-22T10:00:00Z');
const settings = { ...(getGame('tongits').defaults as Record<string, unknown>), jackpotBps: 1_000, maxBet: 5_000 };
const room = (r: Partial<TableServerConfig['rooms'][number]> & { room: string }) => ({
  name: r.room,
  mode: 'table' as const,
  ante: 100,
  minBalance: 1_000,
  maxBalance: 0,
  open: true,
  aiSeats: 0,
  playable: true,
  ...r,
});
const CONFIG: TableServerConfig = {
  game: 'tongits',
  version: 42,
  settings,
  rooms: [room({ room: 'bronze', aiSeats: 2 }), room({ room: 'silver', ante: 500, minBalance: 5_000 }), room({ room: 'duel', mode: '1v1', aiSeats: 1 })],
  jackpot: { rules: { enabled: true, payoutBps: 3_000, maxPayout: 0, minPool: 500 }, balance: 0 },
};

function generate(): Action[] {
  const actions: Action[] = [];
  const plan = new BackfillPlan({ seed: 7, players: 600, days: 10, end: END, staff: true }, (a) => actions.push(a));
  for (let d = 0; d < 10; d++) plan.day(d);
  plan.finish();
  return actions;
}

describe('simulated Tongits tables', () => {
  afterAll(() => setTableServers(null));
  setTableServers(null);
  const without = generate();
  setTableServers([CONFIG]);
  const actions = generate();
  const events = actions.flatMap((a) => (a.kind === 'event' ? [a.event] : []));
  const of = <T extends keyof EventData>(type: T) => events.filter((e) => e.type === type).map((e) => ({ at: Date.parse(e.at), data: e.data as EventData[T] }));
  const hands = of('game.round').filter((r) => r.data.game === 'tongits');

  it("plays nothing without the table servers' configuration", () => {
    expect(without.some((a) => a.kind === 'event' && a.event.type === 'game.round' && (a.event.data as { game: string }).game === 'tongits')).toBe(false);
    expect(without.some((a) => a.kind === 'event' && (a.event.type === 'game.reported' || a.event.type === 'jackpot.won'))).toBe(false);
  });

  it('each hand verifies with the settings version read, seats AI only where allowed, and equals its wallet calls', () => {
    expect(hands.length).toBeGreaterThan(50);
    const wallet = new Map<string, { debit: number; credit: number }>();
    const add = (kind: 'debit' | 'credit', ref: string | undefined, amount: number) => {
      const w = wallet.get(ref ?? '') ?? { debit: 0, credit: 0 };
      w[kind] += amount;
      wallet.set(ref ?? '', w);
    };
    for (const a of actions) {
      if (a.kind === 'debit' || a.kind === 'credit') add(a.kind, a.body.ref, a.body.amount);
      else if (a.kind === 'settle') {
        add('debit', a.body.ref, a.body.bet);
        add('credit', a.body.ref, a.body.win);
      } else if (a.kind === 'batch') for (const o of a.ops) if (o.op !== 'settle') add(o.op, o.ref, o.amount);
    }
    // a hand's antes go in one batch of the seats' debits (decision 058)
    const antes = new Map(actions.flatMap((a) => (a.kind === 'batch' ? [[a.ops[0].ref, a.ops] as const] : [])));
    const modes = new Set<string>();
    for (const { data } of hands) {
      expect(data.configVersion).toBe(42);
      const v = verifyRound({ game: 'tongits', settings, seedHash: data.seedHash, seed: data.seed, bets: data.bets, result: data.result, payouts: data.seats });
      expect(v.ok, JSON.stringify(v)).toBe(true);
      const [name] = data.table.split(':');
      const r = CONFIG.rooms.find((x) => x.room === name)!;
      const bots = data.seats.filter((s) => s.bot).length;
      if (r.mode === '1v1') expect(bots).toBe(1);
      else expect(bots).toBeLessThanOrEqual(r.aiSeats);
      modes.add(r.mode);
      const players = data.seats.filter((s) => !s.bot);
      expect(new Set(players.map((s) => s.uid)).size).toBe(players.length);
      expect(wallet.get(data.roundId)).toEqual({
        debit: players.reduce((t, s) => t + s.bet, 0),
        credit: players.reduce((t, s) => t + s.win, 0),
      });
      expect(antes.get(data.roundId)?.map((o) => [o.op, o.uid])).toEqual(players.map((s) => ['debit', s.uid]));
    }
    expect([...modes].sort()).toEqual(['1v1', 'table']);
  });

  it('a jackpot pays a winner of its round, never more than the pool the player seats filled', () => {
    const wins = of('jackpot.won');
    expect(wins.length).toBeGreaterThan(0);
    let pool = 0;
    const timeline = [
      ...hands.map((h) => ({
        at: h.at,
        order: 0,
        delta: h.data.seats.reduce((t, s) => t + (s.bot ? 0 : s.jackpot), 0),
        win: null as null | EventData['jackpot.won'],
      })),
      ...wins.map((w) => ({ at: w.at, order: 1, delta: 0, win: w.data })),
    ].sort((x, y) => x.at - y.at || x.order - y.order);
    for (const step of timeline) {
      pool += step.delta;
      if (!step.win) continue;
      const round = hands.find((h) => h.data.roundId === step.win!.roundId)!;
      expect(round.data.seats.find((s) => s.uid === step.win!.uid)!.win).toBeGreaterThan(0);
      expect(step.win.amount).toBeLessThanOrEqual(Math.floor(pool * 0.3));
      pool -= step.win.amount;
    }
  });

  it('reports name two players of the hand; the desk flags on office days', () => {
    const reports = of('game.reported');
    expect(reports.length).toBeGreaterThan(5);
    for (const { data } of reports) {
      expect(data.uid).not.toBe(data.targetUid);
      const round = hands.find((h) => h.data.roundId === data.roundId)!;
      expect(round.data.seats.map((s) => s.uid)).toEqual(expect.arrayContaining([data.uid, data.targetUid]));
    }
    const flags = actions.flatMap((a) => (a.kind === 'staff' && (a.staff.op === 'cheat.flag' || a.staff.op === 'cheat.unflag') ? [a] : []));
    expect(flags.some((f) => f.kind === 'staff' && f.staff.op === 'cheat.flag')).toBe(true);
    for (const f of flags) {
      const hour = consoleHour(f.at);
      expect(hour).toBeGreaterThanOrEqual(10);
      expect(hour).toBeLessThan(17);
      expect(f.at).toBeLessThan(END);
    }
  });
});
