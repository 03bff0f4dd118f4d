import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakePlatform } from './fake-platform';
import { phases, Sender, type PlatformAction } from './sender';
import type { Action, PlatformEvent } from './types';

let seq = 0;
const event = (e: Omit<PlatformEvent, 'id' | 'at'>): PlatformAction => ({
  kind: 'event',
  at: 0,
  event: { id: `e${seq++}`, at: '2026-11-22T10:00:00Z', ...e } as PlatformEvent,
});
const wallet = (kind: 'debit' | 'credit', uid: number, amount: number): PlatformAction => ({
  kind,
  at: 0,
  body: { txId: `t${seq++}`, uid, currency: 'chip', amount, reason: kind === 'debit' ? 'game.bet' : 'game.win' },
});

const settle = (uid: number, bet: number, win: number): PlatformAction => ({
  kind: 'settle',
  at: 0,
  body: { txId: `t${seq++}`, uid, currency: 'chip', bet, win, reason: 'game.settle', ref: `r${seq}` },
});
const batch = (moves: [kind: 'debit' | 'credit', uid: number, amount: number][]): PlatformAction => ({
  kind: 'batch',
  at: 0,
  ops: moves.map(([op, uid, amount]) => ({ op, txId: `t${seq++}`, uid, currency: 'chip' as const, amount, reason: op === 'debit' ? 'game.bet' : 'game.win' })),
});

const uid = fc.integer({ min: 1, max: 5 });
const amount = fc.integer({ min: 1, max: 300 });
const action: fc.Arbitrary<() => PlatformAction> = fc.oneof(
  uid.map((u) => () => event({ type: 'player.registered', data: { uid: u, name: 'p', ip: '1.1.1.1', deviceId: `d${u}`, package: 'com.demo' } })),
  fc.tuple(uid, uid, amount).map(
    ([a, b, n]) =>
      () =>
        event({ type: 'chips.transferred', data: { fromUid: a, toUid: b, amount: n } }),
  ),
  fc.tuple(uid, amount).map(
    ([u, n]) =>
      () =>
        event({ type: 'safe.deposit', data: { uid: u, amount: n } }),
  ),
  fc.tuple(uid, amount).map(
    ([u, n]) =>
      () =>
        event({ type: 'emote.used', data: { uid: u, emoteId: 'x', chips: n } }),
  ),
  uid.map((u) => () => event({ type: 'player.login', data: { uid: u, ip: '1.1.1.1', deviceId: `d${u}` } })),
  fc.tuple(uid, amount).map(
    ([u, n]) =>
      () =>
        wallet('credit', u, n),
  ),
  fc.tuple(uid, amount).map(
    ([u, n]) =>
      () =>
        wallet('debit', u, n),
  ),
  fc.tuple(uid, fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 300 })).map(
    ([u, bet, win]) =>
      () =>
        settle(u, bet, Math.max(win, bet === 0 ? 1 : 0)),
  ),
  fc.array(fc.tuple(fc.constantFrom('debit' as const, 'credit' as const), uid, amount), { minLength: 1, maxLength: 3 }).map((moves) => () => batch(moves)),
);

async function oneByOne(actions: Action[]): Promise<{ platform: FakePlatform; outcomes: Map<string, number> }> {
  const platform = new FakePlatform();
  const outcomes = new Map<string, number>();
  for (const a of actions) {
    if (a.kind === 'event') {
      const [r] = await platform.events([a.event]);
      outcomes.set(a.event.id, r.status === 'applied' ? 200 : r.code!);
    } else if (a.kind === 'debit' || a.kind === 'credit') {
      outcomes.set(a.body.txId, (await platform.wallet(a.kind, a.body)).code);
    } else if (a.kind === 'settle') {
      outcomes.set(a.body.txId, (await platform.settle(a.body)).code);
    } else if (a.kind === 'batch') {
      for (const o of a.ops) {
        const [r] = await platform.batch([o]);
        outcomes.set(o.txId, r.code ?? 200);
      }
    }
  }
  return { platform, outcomes };
}

describe('simulator sender', () => {
  it('puts an action after what it depends on: the registration, then the credit, then the transfer', () => {
    const actions = [
      event({ type: 'player.registered', data: { uid: 1, name: 'a', ip: '1.1.1.1', deviceId: 'd', package: 'p' } }),
      event({ type: 'player.registered', data: { uid: 2, name: 'b', ip: '1.1.1.2', deviceId: 'e', package: 'p' } }),
      wallet('credit', 1, 100),
      event({ type: 'player.login', data: { uid: 2, ip: '1.1.1.2', deviceId: 'e' } }),
      event({ type: 'chips.transferred', data: { fromUid: 1, toUid: 2, amount: 50 } }),
      wallet('debit', 2, 50),
      event({ type: 'player.login', data: { uid: 1, ip: '1.1.1.1', deviceId: 'd' } }),
    ];
    const cut = phases(actions).map((p) => [p.events.map((a) => a.event.type), p.wallet.map((a) => a.kind)]);
    expect(cut).toEqual([
      [['player.registered', 'player.registered', 'player.login'], ['credit']],
      [['chips.transferred', 'player.login'], ['debit']],
    ]);
  });

  it('orders a wallet batch like a call of each of its players, and sends it in one call after their earlier calls', async () => {
    const actions = [
      event({ type: 'player.registered', data: { uid: 1, name: 'a', ip: '1.1.1.1', deviceId: 'd', package: 'p' } }),
      event({ type: 'player.registered', data: { uid: 2, name: 'b', ip: '1.1.1.2', deviceId: 'e', package: 'p' } }),
      event({ type: 'player.registered', data: { uid: 3, name: 'c', ip: '1.1.1.3', deviceId: 'f', package: 'p' } }),
      wallet('credit', 1, 100),
      wallet('credit', 2, 100),
      wallet('credit', 3, 100),
      event({ type: 'chips.transferred', data: { fromUid: 3, toUid: 2, amount: 50 } }),
      batch([
        ['debit', 1, 60],
        ['debit', 2, 150],
      ]),
      settle(1, 40, 0),
      wallet('debit', 3, 50),
    ];
    const cut = phases(actions).map((p) => [p.events.map((a) => a.event.type), p.wallet.map((a) => a.kind)]);
    expect(cut).toEqual([
      [
        ['player.registered', 'player.registered', 'player.registered'],
        ['credit', 'credit', 'credit'],
      ],
      [['chips.transferred'], ['batch', 'settle', 'debit']],
    ]);
    const order: string[] = [];
    const platform = new FakePlatform();
    const sender = new Sender(
      {
        events: (events) => platform.events(events),
        wallet: async (kind, body) => {
          order.push(`${kind} ${body.uid}`);
          return platform.wallet(kind, body);
        },
        settle: async (body) => {
          order.push(`settle ${body.uid}`);
          return platform.settle(body);
        },
        batch: async (ops) => {
          order.push(`batch ${ops.map((o) => o.uid).join(',')}`);
          return platform.batch(ops);
        },
        balance: (u) => platform.balance(u),
      },
      { concurrency: 1 },
    );
    await sender.send(actions);
    expect(order.indexOf('batch 1,2')).toBeGreaterThan(order.indexOf('credit 2'));
    expect(order.indexOf('settle 1')).toBeGreaterThan(order.indexOf('batch 1,2'));
    expect([...platform.balances].map(([u, b]) => [u, b.chip])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    expect(sender.stats.wallet).toMatchObject({ debit: { sent: 3, applied: 3 }, credit: { sent: 3, applied: 3 }, settle: { sent: 1, applied: 1 } });
    expect(sender.stats.batches).toBe(1);
    expect([...sender.stats.rejections]).toEqual([]);
  });

  it('sends a staff action after everything before it and before everything after it', async () => {
    const order: string[] = [];
    const platform = new FakePlatform();
    const sender = new Sender({
      events: async (events) => {
        order.push(...events.map((e) => e.type));
        return platform.events(events);
      },
      wallet: async (kind, body) => {
        order.push(kind);
        return platform.wallet(kind, body);
      },
      balance: (u) => platform.balance(u),
      staff: async (op) => {
        order.push(op.op);
        return platform.staff(op);
      },
    });
    await sender.send([
      event({ type: 'player.registered', data: { uid: 1, name: 'a', ip: '1.1.1.1', deviceId: 'd', package: 'p' } }),
      wallet('credit', 1, 100),
      { kind: 'staff', at: 0, staff: { op: 'chips.reduce', by: 'business', uid: 1, amount: 60, reason: 'r', requestId: 'request-1' } },
      // independent of the staff action by the rules of phases, yet sent after it
      event({ type: 'player.registered', data: { uid: 2, name: 'b', ip: '1.1.1.2', deviceId: 'e', package: 'p' } }),
      wallet('debit', 1, 40),
    ]);
    expect(order).toEqual(['player.registered', 'credit', 'chips.reduce', 'player.registered', 'debit']);
    expect(platform.balances.get(1)!.chip).toBe(0);
    expect(sender.stats.staff['chips.reduce']).toEqual({ sent: 1, applied: 1, rejected: 0, duplicate: 0 });
    await expect(
      new Sender({ events: (e) => platform.events(e), wallet: (k, b) => platform.wallet(k, b), balance: (u) => platform.balance(u) }).send([
        { kind: 'staff', at: 0, staff: { op: 'unsuspend', by: 'serviceleader', uid: 1, reason: 'r' } },
      ]),
    ).rejects.toThrow(/staff actions/);
  });

  it('ends where sending one by one ends, with the same outcome for every id (any sequence)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 60 }), fc.integer({ min: 1, max: 7 }), async (makers, batchSize) => {
        const actions = makers.map((make) => make());
        const expected = await oneByOne(actions);
        const platform = new FakePlatform();
        const outcomes = new Map<string, number>();
        const sender = new Sender(
          {
            events: async (events) => {
              const results = await platform.events(events);
              for (const r of results) outcomes.set(r.id, r.status === 'applied' ? 200 : r.code!);
              return results;
            },
            wallet: async (kind, body) => {
              const answer = await platform.wallet(kind, body);
              outcomes.set(body.txId, answer.code);
              return answer;
            },
            settle: async (body) => {
              const answer = await platform.settle(body);
              outcomes.set(body.txId, answer.code);
              return answer;
            },
            batch: async (ops) => {
              const results = await platform.batch(ops);
              for (const r of results) outcomes.set(r.txId!, r.code ?? 200);
              return results;
            },
            balance: (u) => platform.balance(u),
          },
          { batchSize, concurrency: 3 },
        );
        await sender.send(actions);
        expect(platform.balances).toEqual(expected.platform.balances);
        expect(outcomes).toEqual(expected.outcomes);
      }),
      { numRuns: 300 },
    );
  });
});
