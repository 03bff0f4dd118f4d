/**
 * Money events of one call are decided in memory and posted at once (migration 020,
 * platform_money_apply + ledger_post_set). The outcome must be exactly that of the one-by-one
 * way (each event in its own subtransaction through ledger_post), which a call still takes when
 * one of its money events touches a player it registers. The property: any sequence of
 * transfers, coin-dealer sales, safe moves, gifts and emotes among a few players with small
 * balances (so that many are refused), unknown players and repeated ids gives, both ways, the
 * same answers, the same balances, the same ledger entries in the same order, and the same
 * transfer, gift and emote rows; reconciliation stays clean.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../ledger/reconcile';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient, type PlatformEventInputs } from '../../test/platform';

const PLAYERS = 4;
const UNKNOWN = 99; // a player index that is never registered

/** One event over player indexes 0..PLAYERS-1 (UNKNOWN: nobody); `uid(i)` maps them to a group's uids. */
type Step =
  | { type: 'chips.transferred' | 'coindealer.sold'; from: number; to: number; amount: number }
  | { type: 'safe.deposit' | 'safe.withdraw'; who: number; amount: number }
  | { type: 'gift.sent'; from: number; to: number; chips: number; charisma: number }
  | { type: 'emote.used'; who: number; chips: number };

const player = fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 0, max: PLAYERS - 1 }) }, { weight: 1, arbitrary: fc.constant(UNKNOWN) });
const amount = fc.integer({ min: 1, max: 400 });
const step: fc.Arbitrary<Step> = fc
  .oneof(
    fc.record({ type: fc.constantFrom('chips.transferred' as const, 'coindealer.sold' as const), from: player, to: player, amount }),
    fc.record({ type: fc.constantFrom('safe.deposit' as const, 'safe.withdraw' as const), who: player, amount }),
    fc.record({ type: fc.constant('gift.sent' as const), from: player, to: player, chips: amount, charisma: amount }),
    fc.record({ type: fc.constant('emote.used' as const), who: player, chips: fc.integer({ min: 0, max: 300 }) }),
  )
  .filter((s) => !('from' in s) || s.from !== s.to);

function toEvent(s: Step, id: string, uid: (i: number) => number): PlatformEventInputs {
  switch (s.type) {
    case 'chips.transferred':
      return { id, type: s.type, data: { fromUid: uid(s.from), toUid: uid(s.to), amount: s.amount } };
    case 'coindealer.sold':
      return { id, type: s.type, data: { dealerUid: uid(s.from), toUid: uid(s.to), amount: s.amount, price: s.amount * 90 } };
    case 'safe.deposit':
    case 'safe.withdraw':
      return { id, type: s.type, data: { uid: uid(s.who), amount: s.amount } };
    case 'gift.sent':
      return { id, type: s.type, data: { fromUid: uid(s.from), toUid: uid(s.to), giftId: 'rose', chips: s.chips, charisma: s.charisma } };
    case 'emote.used':
      return { id, type: s.type, data: { uid: uid(s.who), emoteId: 'smile', chips: s.chips } };
  }
}

describe.each(databases())('money events set-based on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let run = 0;
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
  });
  afterAll(async () => t?.close());
  const db = () => t.database.db;

  /** What a group's events left: answers, balances, entries, own rows, with uids as indexes. */
  async function outcome(base: number, ids: string[], results: unknown[]) {
    const index = (uid: number) => (uid >= base && uid < base + PLAYERS ? uid - base : uid);
    const uids = Array.from({ length: PLAYERS }, (_, i) => base + i);
    const balances = await db().selectFrom('player_balance').select(['uid', 'chip', 'safe', 'charisma']).where('uid', 'in', uids).orderBy('uid').execute();
    const entries = await db()
      .selectFrom('ledger_entry')
      .select(['uid', 'currency', 'delta', 'balance_after', 'reason', 'ref', 'idem_key'])
      .where('uid', 'in', uids)
      .where('reason', '<>', 'test.fund')
      .orderBy('id')
      .execute();
    const refs = new Map(ids.map((id, i) => [id, i]));
    const transfers = await db()
      .selectFrom('player_transfer')
      .select(['kind', 'from_uid', 'to_uid', 'amount', 'price'])
      .where('from_uid', 'in', uids)
      .orderBy('id')
      .execute();
    const gifts = await db()
      .selectFrom('player_gift')
      .select(['from_uid', 'to_uid', 'chips', 'charisma'])
      .where('from_uid', 'in', uids)
      .orderBy('id')
      .execute();
    const emotes = await db().selectFrom('player_emote').select(['uid', 'chips']).where('uid', 'in', uids).orderBy('id').execute();
    return {
      results: results.map((r: any) => ({
        ...r,
        id: refs.get(r.id),
        message: r.message?.replace(/Player (\d+)/, (_: string, u: string) => `Player ${index(Number(u))}`),
      })),
      balances: balances.map((b) => ({ ...b, uid: index(b.uid) })),
      entries: entries.map((e) => ({ ...e, uid: index(e.uid), ref: refs.get(e.ref), idem_key: e.idem_key!.replace(/^event:demo-app:[^:]+/, '') })),
      transfers: transfers.map((r) => ({ ...r, from_uid: index(r.from_uid), to_uid: index(r.to_uid) })),
      gifts: gifts.map((r) => ({ ...r, from_uid: index(r.from_uid), to_uid: index(r.to_uid) })),
      emotes: emotes.map((r) => ({ ...r, uid: index(r.uid) })),
    };
  }

  it('any sequence of money events: the same answers, balances, entries and rows as one by one', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 600 }), { minLength: PLAYERS, maxLength: PLAYERS }),
        fc.array(fc.nat(), { maxLength: 4 }),
        async (steps, funds, repeats) => {
          run += 1;
          const groups = { set: 100_000 + run * 20, byOne: 100_000 + run * 20 + 10 };
          const newcomer = 100_000 + run * 20 + 9;
          // both groups' players, funded the same way (chips, and the safe for withdrawals)
          for (const base of Object.values(groups)) {
            for (let i = 0; i < PLAYERS; i++) {
              await p.register(base + i);
              if (funds[i] > 0) {
                await sql`SELECT ledger_post(${base + i}::integer, 'chip', ${funds[i]}::bigint, 'test.fund', '', 'test', NULL, now())`.execute(db());
                await sql`SELECT ledger_post(${base + i}::integer, 'safe', ${funds[i]}::bigint, 'test.fund', '', 'test', NULL, now())`.execute(db());
              }
            }
          }
          const ids = steps.map((_, i) => `m${run}-${i}`);
          // a few ids sent again later in the call: duplicates repeating the first answer
          const order = [...steps.keys(), ...repeats.map((r) => r % steps.length)];
          const call = (base: number, prefix: string) =>
            order.map((i) => toEvent(steps[i], `${prefix}${ids[i]}`, (x) => (x === UNKNOWN ? 4_000_000 + x : base + x)));

          const set = await p.events(call(groups.set, 's'));
          // the same events after a registration that one of them touches: the call goes one by one
          const byOne = await p.events([
            { id: `reg${run}`, type: 'player.registered', data: { uid: newcomer, name: 'N', ip: '10.0.0.9', deviceId: 'd9', package: 'p' } },
            { id: `emo${run}`, type: 'emote.used', data: { uid: newcomer, emoteId: 'smile', chips: 0 } },
            ...call(groups.byOne, 'b'),
          ]);
          expect(set.status).toBe(200);
          expect(byOne.status).toBe(200);
          const strip = (prefix: string) => (r: any) => ({ ...r, id: r.id.slice(prefix.length) });
          const a = await outcome(groups.set, ids, set.body.data.results.map(strip('s')));
          const b = await outcome(groups.byOne, ids, byOne.body.data.results.slice(2).map(strip('b')));
          expect(a).toEqual(b);
        },
      ),
      { numRuns: kind.kind === 'pglite' ? 25 : 15 },
    );
    expect((await reconcile(db())).differences).toEqual([]);
  });

  it('balances of a call move by the sum of its legs and every entry carries its running balance', async () => {
    await p.register(90_001, {}, 1000);
    await p.register(90_002, {}, 0);
    const res = await p.events([
      { id: 'run-1', type: 'chips.transferred', data: { fromUid: 90_001, toUid: 90_002, amount: 600 } },
      { id: 'run-2', type: 'chips.transferred', data: { fromUid: 90_001, toUid: 90_002, amount: 600 } }, // 400 left: refused
      { id: 'run-3', type: 'chips.transferred', data: { fromUid: 90_002, toUid: 90_001, amount: 600 } }, // what it just received
      { id: 'run-4', type: 'safe.deposit', data: { uid: 90_001, amount: 1000 } },
      { id: 'run-5', type: 'gift.sent', data: { fromUid: 90_001, toUid: 90_002, giftId: 'rose', chips: 1, charisma: 7 } }, // chip 0: refused
    ]);
    expect(res.body.data.results.map((r: any) => [r.status, r.code ?? null])).toEqual([
      ['applied', null],
      ['rejected', 409],
      ['applied', null],
      ['applied', null],
      ['rejected', 409],
    ]);
    const entries = await db()
      .selectFrom('ledger_entry')
      .select(['uid', 'currency', 'delta', 'balance_after'])
      .where('ref', 'like', 'run-%')
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.uid, e.currency, e.delta, e.balance_after])).toEqual([
      [90_001, 'chip', -600, 400],
      [90_002, 'chip', 600, 600],
      [90_002, 'chip', -600, 0],
      [90_001, 'chip', 600, 1000],
      [90_001, 'chip', -1000, 0],
      [90_001, 'safe', 1000, 1000],
    ]);
    expect(
      await db().selectFrom('player_balance').select(['uid', 'chip', 'safe', 'charisma']).where('uid', 'in', [90_001, 90_002]).orderBy('uid').execute(),
    ).toEqual([
      { uid: 90_001, chip: 0, safe: 1000, charisma: 0 },
      { uid: 90_002, chip: 0, safe: 0, charisma: 0 },
    ]);
    const refused = await db()
      .selectFrom('platform_event_claim')
      .select(['event_id', 'status', 'code', 'message'])
      .where('event_id', 'in', ['run-2', 'run-5'])
      .orderBy('event_id')
      .execute();
    expect(refused).toEqual([
      { event_id: 'run-2', status: 'rejected', code: 409, message: 'Insufficient balance' },
      { event_id: 'run-5', status: 'rejected', code: 409, message: 'Insufficient balance' },
    ]);
  });

  it('ledger_post_set refuses, as a whole, movements that would take a balance below zero or name nobody', async () => {
    await p.register(90_010, {}, 100);
    const post = (uids: number[], deltas: number[]) =>
      sql`SELECT ledger_post_set(${uids}::integer[], ${uids.map(() => 'chip')}::text[],
      ${deltas}::bigint[], ${uids.map(() => 'test')}::text[], ${uids.map(() => '')}::text[], 'test', ${uids.map(() => null)}::text[],
      ${uids.map(() => new Date().toISOString())}::timestamptz[])`.execute(db());
    // -150 then +100: the running balance dips below zero even though the sum (-50) would not fit either
    await expect(post([90_010, 90_010], [100, -250])).rejects.toThrow(/ledger_entry|check/i);
    await expect(post([90_010, 90_010], [-150, 100])).rejects.toThrow(/ledger_entry|check/i);
    await expect(post([4_000_123], [5])).rejects.toThrow(/null|partner/i);
    await post([90_010, 90_010], [-100, 40]);
    expect((await db().selectFrom('player_balance').select('chip').where('uid', '=', 90_010).executeTakeFirstOrThrow()).chip).toBe(40);
    expect((await reconcile(db())).differences).toEqual([]);
  });
});
