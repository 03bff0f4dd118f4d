import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runBackfill } from './backfill';
import { BackfillPlan, DAY } from './backfill-plan';
import { FakePlatform } from './fake-platform';
import type { Action, EventData, WalletBody } from './types';
import { REASONS } from './world';
import { getGame, verifyRound } from '@console/games';
import { HOUSE_PLAY } from './rounds';
import { startOfDayMs } from '@console/time';

const END = Date.parse('2026-11-22T10:00:00Z');

function generate(seed: number, players: number, days: number, staff = false): Action[] {
  const actions: Action[] = [];
  const plan = new BackfillPlan({ seed, players, days, end: END, staff }, (a) => actions.push(a));
  for (let d = 0; d < days; d++) plan.day(d);
  plan.finish();
  return actions;
}

const digest = (actions: Action[]) => createHash('sha256').update(JSON.stringify(actions)).digest('hex');

type Movement = { kind: 'debit' | 'credit'; at: number; body: WalletBody; settled?: true };
/** Every wallet movement of the actions: single calls, a batch's ops, a settle as its bet and its win (marked `settled`). */
const movementsOf = (list: Action[]): Movement[] =>
  list.flatMap((a): Movement[] => {
    if (a.kind === 'debit' || a.kind === 'credit') return [a];
    if (a.kind === 'batch') return a.ops.flatMap(({ op, ...body }) => (op === 'settle' ? [] : [{ kind: op, at: a.at, body: body as WalletBody }]));
    if (a.kind !== 'settle') return [];
    const { bet, win, ...body } = a.body;
    const legs: Movement[] = [];
    if (bet > 0) legs.push({ kind: 'debit', at: a.at, body: { ...body, amount: bet }, settled: true });
    if (win > 0) legs.push({ kind: 'credit', at: a.at, body: { ...body, amount: win }, settled: true });
    return legs;
  });

describe('simulator backfill', () => {
  const actions = generate(3, 1500, 30);
  const events = actions.flatMap((a) => (a.kind === 'event' ? [a.event] : []));
  const of = <T extends keyof EventData>(type: T) => events.filter((e) => e.type === type).map((e) => ({ at: Date.parse(e.at), data: e.data as EventData[T] }));

  it('generates the same actions for the same seed and other ones for another seed', () => {
    expect(digest(generate(3, 300, 5))).toBe(digest(generate(3, 300, 5)));
    expect(digest(generate(4, 300, 5))).not.toBe(digest(generate(3, 300, 5)));
  });

  it('keeps every action inside the window and every id unique', () => {
    const start = startOfDayMs(END) - 29 * DAY;
    for (const a of actions) {
      expect(a.at).toBeGreaterThanOrEqual(start - 120_000);
      expect(a.at).toBeLessThanOrEqual(END);
    }
    const ids = actions.flatMap((a) =>
      a.kind === 'event'
        ? [a.event.id]
        : a.kind === 'staff'
          ? []
          : a.kind === 'payment'
            ? [a.payment.requestId]
            : a.kind === 'batch'
              ? a.ops.map((o) => o.txId)
              : [a.body.txId],
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('registers every player once, over the days, with a burst of more than 5 from one device within 2 minutes', () => {
    const registered = of('player.registered');
    expect(registered.length).toBe(1500);
    const days = new Set(registered.map((r) => Math.floor((r.at - startOfDayMs(END)) / DAY)));
    expect(days.size).toBe(30);
    const byDevice = new Map<string, number[]>();
    for (const r of registered) byDevice.set(r.data.deviceId, [...(byDevice.get(r.data.deviceId) ?? []), r.at]);
    const bursts = [...byDevice.values()].filter((times) => times.length > 5 && Math.max(...times) - Math.min(...times) <= 120_000);
    expect(bursts.length).toBeGreaterThanOrEqual(3);
    const byIp = new Map<string, number>();
    for (const r of registered) byIp.set(r.data.ip, (byIp.get(r.data.ip) ?? 0) + 1);
    expect([...byIp.values()].filter((n) => n >= 3).length).toBeGreaterThanOrEqual(5);
  });

  it('plays about one day in 14 for most players and every fifth day for the top 5%', () => {
    const plan = new BackfillPlan({ seed: 3, players: 1500, days: 30, end: END }, () => undefined);
    const tier = new Map(plan.players.map((p) => [p.uid, p.tier]));
    const playDays = new Map<number, Set<number>>();
    for (const l of of('player.login')) {
      const day = Math.floor((l.at - plan.start) / DAY);
      playDays.set(l.data.uid, (playDays.get(l.data.uid) ?? new Set()).add(day));
    }
    // days played per day present, registration day excluded, by tier
    const rate = (t: 'regular' | 'top') => {
      let played = 0;
      let present = 0;
      for (const p of plan.players.filter((x) => tier.get(x.uid) === t)) {
        const reg = Math.floor((plan.registeredAt[p.index] - plan.start) / DAY);
        present += 29 - reg;
        played += [...(playDays.get(p.uid) ?? [])].filter((d) => d > reg).length;
      }
      return played / present;
    };
    expect(rate('regular')).toBeGreaterThan(1 / 20);
    expect(rate('regular')).toBeLessThan(1 / 10);
    expect(rate('top')).toBeGreaterThan(1 / 7);
    // a top player's playing days plus its app visits as a payer (every other day): 0.24–0.33 over seeds 1–6
    expect(rate('top')).toBeLessThan(1 / 3);
  });

  it('bets at a house edge of about 5%, so most players who play lose', () => {
    const wallet = movementsOf(actions);
    const bets = wallet.filter((a) => (a.body.reason === REASONS.bet || (a.settled && a.kind === 'debit')) && a.body.currency === 'chip');
    const wins = wallet.filter((a) => a.body.reason === REASONS.win || (a.settled && a.kind === 'credit'));
    expect(bets.every((a) => a.kind === 'debit') && wins.every((a) => a.kind === 'credit')).toBe(true);
    const net = new Map<number, number>();
    for (const a of bets) net.set(a.body.uid, (net.get(a.body.uid) ?? 0) - a.body.amount);
    for (const a of wins) net.set(a.body.uid, (net.get(a.body.uid) ?? 0) + a.body.amount);
    const losers = [...net.values()].filter((n) => n < 0).length;
    expect(losers / net.size).toBeGreaterThan(0.6);
    // real rounds at the house games' RTP: the return is below what was staked, not far below
    const returned = wins.reduce((s, a) => s + a.body.amount, 0) / bets.reduce((s, a) => s + a.body.amount, 0);
    expect(returned).toBeGreaterThan(0.55);
    expect(returned).toBeLessThan(1);
    // a starting balance for everyone
    expect(wallet.filter((a) => a.body.reason === REASONS.register).length).toBe(1500);
  });

  it('plays real rounds of every house game: each record verifies from its seed and equals its wallet calls', () => {
    const rounds = of('game.round');
    expect(new Set(rounds.map((r) => r.data.game))).toEqual(new Set(HOUSE_PLAY.map(([g]) => g)));
    const money = new Map<string, { bet: number; win: number }>();
    for (const a of movementsOf(actions)) {
      if (!a.body.reason.startsWith('game.')) continue;
      const m = money.get(a.body.ref!) ?? { bet: 0, win: 0 };
      if (a.kind === 'debit') m.bet += a.body.amount;
      else m.win += a.body.amount;
      money.set(a.body.ref!, m);
    }
    // every game movement belongs to a round, and every round's player seats add up to its movements
    expect(money.size).toBe(rounds.length);
    for (const { data: r } of rounds.slice(0, 400)) {
      const v = verifyRound({
        game: r.game,
        settings: getGame(r.game as never).defaults,
        seedHash: r.seedHash,
        seed: r.seed,
        bets: r.bets,
        result: r.result,
        payouts: r.seats,
      });
      expect(v.ok, JSON.stringify(v.differences)).toBe(true);
    }
    for (const { data: r } of rounds) {
      const players = r.seats.filter((x) => !x.bot);
      expect(money.get(r.roundId)).toEqual({ bet: players.reduce((a, x) => a + x.bet, 0), win: players.reduce((a, x) => a + x.win, 0) });
    }
  });

  it('sends every kind of event, in realistic texts and amounts', () => {
    for (const type of [
      'player.login',
      'player.profile',
      'player.phoneBound',
      'chips.transferred',
      'safe.deposit',
      'safe.withdraw',
      'gift.sent',
      'emote.used',
      'feedback.submitted',
      'tipoff.submitted',
      'sms.sent',
      'coindealer.sold',
      'badge.granted',
      'game.round',
    ] as const) {
      expect(of(type).length, type).toBeGreaterThan(0);
    }
    expect(of('feedback.submitted').some((f) => /[\u4e00-\u9fff]/.test(f.data.text))).toBe(true);
    for (const s of of('sms.sent')) expect(s.data.code).toMatch(/^\d{6}$/);
    const dealers = new Set(of('coindealer.sold').map((s) => s.data.dealerUid));
    expect(dealers.size).toBeGreaterThanOrEqual(1);
    expect(dealers.size).toBeLessThanOrEqual(10);
  });

  it('settles the instant games in one call and sends a stake from two balances as one batch; the round games keep the single calls', () => {
    const settles = actions.flatMap((a) => (a.kind === 'settle' ? [a.body] : []));
    const batches = actions.flatMap((a) => (a.kind === 'batch' ? [a.ops] : []));
    const rounds = new Map(of('game.round').map((r) => [r.data.roundId, r.data.game]));
    expect(settles.length).toBeGreaterThan(1_000);
    for (const b of settles) {
      expect(b).toMatchObject({ currency: 'chip', reason: REASONS.settle });
      expect(['luckyjoker', 'tasty', 'fruitfever', 'scratch', 'mines', 'hilo']).toContain(rounds.get(b.ref));
    }
    expect(settles.some((b) => b.win > 0) && settles.some((b) => b.win === 0)).toBe(true);
    expect(batches.length).toBeGreaterThan(20);
    for (const ops of batches) {
      expect(ops.map((o) => [o.op, o.currency, o.reason])).toEqual([
        ['debit', 'chip', REASONS.bet],
        ['debit', 'bonus', REASONS.bet],
      ]);
      expect(new Set(ops.map((o) => o.ref)).size).toBe(1);
    }
    const single = actions.filter((a) => (a.kind === 'debit' || a.kind === 'credit') && a.body.reason.startsWith('game.'));
    expect(single.length).toBeGreaterThan(settles.length / 2);
  });

  it('moves beans and bonus like a platform does, with game reasons only for game play', () => {
    const wallet = movementsOf(actions);
    const of = (currency: string, reason: string, kind: 'debit' | 'credit') =>
      wallet.filter((a) => a.body.currency === currency && a.body.reason === reason && a.kind === kind);
    // beans: the lucky wheel pays them, the shop takes them
    expect(of('bean', REASONS.wheel, 'credit').length).toBeGreaterThan(20);
    expect(of('bean', REASONS.shop, 'debit').length).toBeGreaterThan(0);
    // bonus: the deposit promotion follows a coin-dealer sale to the same player
    const sales = events.filter((e) => e.type === 'coindealer.sold').map((e) => [e.data.toUid, Date.parse(e.at)] as const);
    const deposits = of('bonus', REASONS.depositBonus, 'credit');
    expect(deposits.length).toBeGreaterThan(10);
    for (const d of deposits) expect(sales.some(([uid, at]) => uid === d.body.uid && d.at - at > 0 && d.at - at <= 2_000)).toBe(true);
    // the console's activities are claimed from it (simulator/activities.ts), never paid by the world
    expect(wallet.filter((a) => a.body.reason.startsWith('activity.') && a.body.reason !== REASONS.wheel)).toEqual([]);
    // bonus is played: a bonus bet is (part of) a round's stake, under the round's id
    const bonusBets = of('bonus', REASONS.bet, 'debit');
    expect(bonusBets.length).toBeGreaterThan(20);
    const rounds = new Set(events.filter((e) => e.type === 'game.round').map((e) => e.data.roundId));
    for (const b of bonusBets) expect(rounds.has(b.body.ref!)).toBe(true);
    // only game play carries a game reason; nothing else does
    for (const a of wallet) {
      if (a.body.reason.startsWith('game.')) expect(a.settled ? [REASONS.settle] : [REASONS.bet, REASONS.win]).toContain(a.body.reason);
    }
    for (const reason of [REASONS.wheel, REASONS.shop, REASONS.depositBonus]) expect(reason.startsWith('game.')).toBe(false);
  });

  it("sells through the buyer's partner's dealers first", () => {
    const plan = new BackfillPlan({ seed: 3, players: 1500, days: 30, end: END }, () => undefined);
    const partner = new Map(plan.players.map((p) => [p.uid, p.partner]));
    const sales = of('coindealer.sold').map((s) => [partner.get(s.data.dealerUid)!, partner.get(s.data.toUid)!] as const);
    for (const [dealer, buyer] of sales) expect(dealer === buyer || dealer === 0).toBe(true);
    expect(sales.filter(([dealer, buyer]) => dealer === 1 && buyer === 1).length).toBeGreaterThan(0);
  });

  it('never asks for chips a player lacks: a contract-faithful platform refuses nothing and ends where the model does', async () => {
    const platform = new FakePlatform();
    const result = await runBackfill({ seed: 3, players: 600, days: 20, end: END, transport: platform });
    expect([...result.stats.rejections]).toEqual([]);
    expect(result.stats.wallet.debit.applied).toBeGreaterThan(0);
    for (const [uid, s] of result.plan.world.balances()) {
      const b = platform.balances.get(uid)!;
      expect({ chip: b.chip, safe: b.safe, charisma: b.charisma, bean: b.bean, bonus: b.bonus }).toEqual(s);
    }
    // batches of up to 1000 events, far fewer calls than events
    const sent = Object.values(result.stats.events).reduce((n, c) => n + c.sent, 0);
    const walletCalls = result.stats.wallet.debit.sent + result.stats.wallet.credit.sent + result.stats.wallet.settle.sent;
    expect(result.stats.calls - walletCalls).toBeLessThan(sent / 10);
    // a second start finds the last player and sends nothing; forced, every id answers as before
    const again = await runBackfill({ seed: 3, players: 600, days: 20, end: END, transport: platform });
    expect(again.skipped).toBe(true);
    const forced = await runBackfill({ seed: 3, players: 600, days: 20, end: END, transport: platform, force: true });
    expect(Object.values(forced.stats.events).every((c) => c.duplicate === c.sent)).toBe(true);
    expect(forced.stats.wallet.debit.rejected + forced.stats.wallet.credit.rejected + forced.stats.wallet.settle.rejected).toBe(0);
    expect(forced.stats.wallet.settle.duplicate + forced.stats.wallet.debit.duplicate).toBeGreaterThan(0);
    expect(platform.balances.get(result.plan.players[0].uid)!.chip).toBe(result.plan.world.state(result.plan.players[0].uid)!.chip);
  });
});
