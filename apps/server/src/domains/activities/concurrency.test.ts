/**
 * Activity claims under concurrency on PostgreSQL with TWO server processes on one fresh
 * database (skipped without TEST_DATABASE_URL), the activities' figures:
 *   - 1,000 concurrent relief claims of 1,000 players against a total budget of 100 grants →
 *     exactly 100 paid, 900 "Budget exhausted", the budget, the rewards and the ledger agree and
 *     reconciliation finds nothing;
 *   - one telephonelogin claim sent 100 times at once → paid once, 99 repeats answering the
 *     same payment, one ledger entry;
 *   - 200 concurrent telephonelogin claims of 200 players with distinct phones against a
 *     daily budget of 10 rewards → exactly 10 paid, 190 "Daily budget exhausted".
 */
import { findActivity } from '@console/activities';
import { describe, expect, it } from 'vitest';
import { pool, signedGet, signedPost, twoServers, withClient } from '../../test/server-processes';
import { reconcile } from '../ledger/reconcile';

const baseUrl = process.env.TEST_DATABASE_URL;

/** An activity's default reward (`amount` of relief and telephonelogin). */
const defaultAmount = (id: string) => (findActivity(id)!.defaults as unknown as { amount: number }).amount;

/** How many answers have each status ({200: 100, 409: 900}). */
const tally = (answers: { status: number }[]) => answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});

describe.skipIf(!baseUrl)('activity claims with two server processes on one PostgreSQL database', () => {
  const two = twoServers(baseUrl, 'activities_conc');
  const { servers, port } = two;
  let seq = 0;

  /** Registers the players in one events call (at most 1,000), alternating the process by call. */
  const register = async (players: { uid: number; deviceId: string; phone?: { country: string; number: string } }[]) => {
    const at = new Date().toISOString();
    const res = await signedPost(port((seq += 1)), '/api/platform/events', {
      events: players.map((p) => ({
        id: `reg-${p.uid}`,
        type: 'player.registered',
        at,
        data: { uid: p.uid, name: `P${p.uid}`, ip: '10.9.0.1', deviceId: p.deviceId, package: 'com.demo', ...(p.phone ? { phone: p.phone } : {}) },
      })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const results = res.body.data.results as { status: string }[];
    expect(
      results.filter((r) => r.status === 'applied'),
      JSON.stringify(results.find((r) => r.status !== 'applied')),
    ).toHaveLength(players.length);
  };
  /** Writes an activity's whole settings document (its defaults with `patch`) straight into activity_config. */
  const configure = async (activity: string, patch: Record<string, unknown>) => {
    const a = findActivity(activity)!;
    const settings = { ...a.defaults, ...patch };
    expect(a.parseSettings(settings).ok).toBe(true);
    await withClient(two.url, (c) =>
      c.query(
        `INSERT INTO activity_config (activity, settings, updated_at) VALUES ($1, $2, now())
      ON CONFLICT (activity) DO UPDATE SET settings = EXCLUDED.settings, updated_at = EXCLUDED.updated_at`,
        [activity, JSON.stringify(settings)],
      ),
    );
    return settings as Record<string, unknown>;
  };
  const claim = (i: number, body: Record<string, unknown>) => signedPost(port(i), '/api/platform/activities/claim', body);
  const liveTier = async (i: number, uid: number, activity: string) => {
    const res = await signedGet(port(i), '/api/platform/activities', `uid=${uid}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data.items as Record<string, any>[]).find((x) => x.activity === activity);
  };
  const ledger = (reason: string) => two.database.db.selectFrom('ledger_entry').select(['uid', 'delta']).where('reason', '=', reason).execute();
  const sum = (rows: { delta: unknown }[]) => rows.reduce((s, r) => s + Number(r.delta), 0);
  const alive = () => {
    for (const server of servers) expect(server.process.exitCode, server.output.join('')).toBe(null);
  };

  it('1,000 concurrent relief claims against a budget of 100 grants over both processes: exactly 100 paid, the budget, rewards and ledger agree', async () => {
    const uids = Array.from({ length: 1000 }, (_, i) => 100_001 + i);
    await register(uids.map((uid) => ({ uid, deviceId: `dev-${uid}` })));
    const s = await configure('relief', { phoneRequired: false, totalBudget: 100 * defaultAmount('relief') });
    const amount = Number(s.amount);
    expect(s.totalBudget).toBe(100 * amount);
    // both processes read the settings from the database: no phone needed, grant 1 is there
    expect(await liveTier(0, uids[0], 'relief')).toMatchObject({ state: 'claimable', tiers: [{ tier: '1', amount, reached: true }] });
    expect(await liveTier(1, uids[1], 'relief')).toMatchObject({ state: 'claimable', tiers: [{ tier: '1', amount, reached: true }] });

    const answers = await pool(
      uids.map((uid, i) => () => claim(i, { uid, activity: 'relief', tier: '1' })),
      100,
    );
    expect(tally(answers)).toEqual({ 200: 100, 409: 900 });
    const paid = answers.filter((a) => a.status === 200);
    for (const a of paid) expect(a.body.data).toMatchObject({ activity: 'relief', tier: '1', currency: 'chip', amount, balance: amount, repeated: false });
    for (const a of answers) if (a.status === 409) expect(a.body).toEqual({ code: 409, message: 'Budget exhausted' });
    // the winners came through both processes
    const winners = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
    expect(winners.some((i) => i % 2 === 0) && winners.some((i) => i % 2 === 1)).toBe(true);

    const rewards = await two.database.db.selectFrom('activity_reward').select(['uid', 'amount', 'device']).where('activity', '=', 'relief').execute();
    expect(rewards).toHaveLength(100);
    expect(new Set(rewards.map((r) => r.uid)).size).toBe(100);
    expect(sum(rewards.map((r) => ({ delta: r.amount })))).toBe(100 * amount);
    const budget = await two.database.db.selectFrom('activity_budget').select('spent').where('activity', '=', 'relief').executeTakeFirstOrThrow();
    expect(Number(budget.spent)).toBe(100 * amount);
    const entries = await ledger('activity.relief');
    expect(entries).toHaveLength(100);
    expect(sum(entries)).toBe(100 * amount);
    expect(new Set(entries.map((e) => e.uid))).toEqual(new Set(rewards.map((r) => r.uid)));
    expect((await reconcile(two.database.db)).differences).toEqual([]);
    alive();
  }, 120_000);

  it('a telephonelogin claim sent 100 times at once over both processes credits once; the 99 others answer the same payment', async () => {
    const uid = 200_001;
    await register([{ uid, deviceId: `dev-${uid}`, phone: { country: '63', number: '9171234567' } }]);
    const amount = defaultAmount('telephonelogin');
    expect(amount).toBe(1_000);
    expect(await liveTier(1, uid, 'telephonelogin')).toMatchObject({ state: 'claimable', tiers: [{ tier: 'bind', amount, reached: true }] });

    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => claim(i, { uid, activity: 'telephonelogin', tier: 'bind' })));
    expect(tally(answers)).toEqual({ 200: 100 });
    const data = answers.map((a) => a.body.data);
    expect(data.filter((d) => d.repeated === false)).toHaveLength(1);
    expect(data.filter((d) => d.repeated === true)).toHaveLength(99);
    for (const d of data) expect(d).toMatchObject({ activity: 'telephonelogin', period: 'once', tier: 'bind', currency: 'chip', amount });
    expect(data.find((d) => !d.repeated)).toMatchObject({ balance: amount, state: 'claimed' });

    const entries = await two.database.db.selectFrom('ledger_entry').select(['reason', 'delta', 'idem_key']).where('uid', '=', uid).execute();
    expect(entries).toEqual([{ reason: 'activity.telephonelogin', delta: expect.anything(), idem_key: `activity:telephonelogin:once:${uid}:bind` }]);
    expect(Number(entries[0].delta)).toBe(amount);
    const balance = await two.database.db.selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow();
    expect(Number(balance.chip)).toBe(amount);
    expect(
      await two.database.db.selectFrom('activity_reward').select('id').where('activity', '=', 'telephonelogin').where('uid', '=', uid).execute(),
    ).toHaveLength(1);
    expect(await liveTier(0, uid, 'telephonelogin')).toMatchObject({ state: 'claimed', tiers: [] });
    alive();
  }, 60_000);

  it('200 concurrent telephonelogin claims of players with distinct phones against a daily budget of 10 rewards: exactly 10 paid', async () => {
    const uids = Array.from({ length: 200 }, (_, i) => 300_001 + i);
    await register(uids.map((uid, i) => ({ uid, deviceId: `dev-${uid}`, phone: { country: '63', number: `918${String(i).padStart(7, '0')}` } })));
    const amount = defaultAmount('telephonelogin');
    // what the day has paid already (the claim above, unless the GMT+08:00 day turned since)
    const today = async () =>
      Number(
        (
          await two.database.db
            .selectFrom('activity_budget_day')
            .select('spent')
            .where('activity', '=', 'telephonelogin')
            .orderBy('day', 'desc')
            .executeTakeFirst()
        )?.spent ?? 0,
      );
    const before = await today();
    await configure('telephonelogin', { dailyBudget: before + 10 * amount });

    const answers = await pool(
      uids.map((uid, i) => () => claim(i, { uid, activity: 'telephonelogin', tier: 'bind' })),
      100,
    );
    expect(tally(answers)).toEqual({ 200: 10, 409: 190 });
    for (const a of answers) {
      if (a.status === 200) expect(a.body.data).toMatchObject({ amount, repeated: false });
      else expect(a.body).toEqual({ code: 409, message: 'Daily budget exhausted' });
    }
    expect(await today()).toBe(before + 10 * amount);
    const rewards = await two.database.db
      .selectFrom('activity_reward')
      .select('uid')
      .where('activity', '=', 'telephonelogin')
      .where('uid', 'in', uids)
      .execute();
    expect(rewards).toHaveLength(10);
    const entries = (await ledger('activity.telephonelogin')).filter((e) => uids.includes(e.uid));
    expect(entries).toHaveLength(10);
    expect(sum(entries)).toBe(10 * amount);
    expect(
      Number((await two.database.db.selectFrom('activity_budget').select('spent').where('activity', '=', 'telephonelogin').executeTakeFirstOrThrow()).spent),
    ).toBe(11 * amount);
    expect((await reconcile(two.database.db)).differences).toEqual([]);
    alive();
  }, 60_000);
});
