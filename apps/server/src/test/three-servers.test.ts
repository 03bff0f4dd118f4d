/**
 * Three server processes on one fresh PostgreSQL database, one of them killed mid-load (skipped
 * without TEST_DATABASE_URL). Wallet debits and credits, event batches, cash-out approvals and
 * activity claims go round-robin to the three; the process that is running a background job's
 * run is killed with SIGKILL (its whole process group) while the load goes on, the calls to it
 * fail and the other two keep answering; a server restarted on its port then takes its share
 * again. Then:
 *   - every acknowledged call (HTTP 200) is in the ledger exactly once, every other at most once;
 *   - every call sent once more to a live server answers as a duplicate what was applied (the
 *     wallet's first answer, the event's `duplicate`, the claim's `repeated`, the approval's 409)
 *     and applies the rest once, after which each balance is what the calls add up to;
 *   - reconciliation finds nothing;
 *   - the killed process's run is claimed again only after its lease ran out, no row of
 *     job_schedule stays held by it, and no live instance lost a run it was running to another
 *     (the metrics' `lost` outcome): no job ran twice at once.
 * The servers run with JOB_LEASE_SECONDS=5, so that a dead instance's lease runs out in the test.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../config';
import { hashPassword } from '../domains/auth/passwords';
import { reconcile } from '../domains/ledger/reconcile';
import { killServerProcess, nServers, pool, serverPids, signedPost, staffPost, startServerProcess, withClient, type ServerProcess } from './server-processes';

const baseUrl = process.env.TEST_DATABASE_URL;

const LEASE_SECONDS = 5;
const METRICS_TOKEN = 'three-servers-metrics-token';
const SERVER_ENV = { JOB_LEASE_SECONDS: String(LEASE_SECONDS), METRICS_TOKEN };
const PASSWORD = 'reviewer-secret';
const REVIEWER = 'leader_one';

/** The players the wallet calls and events move chips between, each seeded with SEED_CHIPS: no debit or transfer is ever short. */
const WALLET_UIDS = Array.from({ length: 12 }, (_, i) => 8_001 + i);
const SEED_CHIPS = 100_000_000;
/** The player whose cash-out orders are approved (accounts ending in 1: the simulated GCash pays at once). */
const CASHOUT_UID = 8_100;
const SEED_WITHDRAWABLE = 10_000_000;
const ORDERS = 120;
const ORDER_AMOUNT = 10_000;
const ORDER_FEE = 200; // the channel's 2 % (made in the setup below)
/** Players with distinct +63 9XX phones and devices: each may claim telephonelogin once (1,000 chips, no daily budget by default). */
const CLAIM_UIDS = Array.from({ length: 240 }, (_, i) => 400_001 + i);
const CLAIM_AMOUNT = 1_000;

/** Calls started per second, and at most this many in flight: a steady load that a two-core machine keeps up with. */
const RATE = 60;
const IN_FLIGHT = 16;
/** Calls sent at once to the process about to be killed. */
const BURST = 40;

type Kind = 'debit' | 'credit' | 'events' | 'approve' | 'claim';
interface Call {
  n: number;
  kind: Kind;
  path: string;
  body: Record<string, any>;
}
/** An answer, or the network error of a call that got none (not acknowledged). */
type Outcome = { status: number; body: any } | { error: string };
interface Sent {
  call: Call;
  port: number;
  /** Sent to the restarted server (after it answered its health check). */
  restarted: boolean;
  outcome: Outcome;
}

const answered = (o: Outcome): o is { status: number; body: any } => 'status' in o;
const acked = (s: Sent) => answered(s.outcome) && s.outcome.status === 200;
const walletKey = (txId: string) => `app:demo-app:tx:${txId}`;
const claimKey = (uid: number) => `activity:telephonelogin:once:${uid}:bind`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers something other than undefined; fails after `ms`. */
async function until<T>(what: string, ms: number, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.skipIf(!baseUrl)('three server processes on one PostgreSQL database, one killed mid-load', () => {
  const three = nServers(baseUrl, 'three_servers', 3, {
    env: SERVER_ENV,
    setup: async (url) => {
      const hash = await hashPassword(PASSWORD, defaultConfig().argon2);
      await withClient(url, async (c) => {
        await c.query(`INSERT INTO console_account (username, password_hash, name, roles) VALUES ($1, $2, $1, '["serviceleader"]')`, [REVIEWER, hash]);
        await c.query(
          `INSERT INTO cashout_channel (channel, name, status, min_amount, max_amount, fee_percent) VALUES ('gcash', 'GCash', 'open', 100, 100000000, 2)`,
        );
        await c.query(`INSERT INTO cashout_rules (four_eyes_amount, daily_count, review_from_hour, review_to_hour) VALUES (1000000, 0, 9, 21)`);
      });
    },
  });
  const { servers } = three;
  const db = () => three.database.db;

  it('keeps every acknowledged call exactly once, applies the rest once on retry, and hands the dead instance’s job run over after its lease', async () => {
    const started = Date.now();
    const port = (i: number) => servers[i % 3].port;

    // the reviewer, signed in and re-authenticated once: the session is in the database, so every process (the restarted one too) knows it
    const login = await staffPost(port(0), '/api/login', { username: REVIEWER, password: PASSWORD });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = login.body.accessToken as string;
    expect((await staffPost(port(1), '/api/cashout/reauth', { password: PASSWORD }, token)).status).toBe(200);

    // every player in one events call, then their seed money, then the cash-out orders to approve
    const at = new Date().toISOString();
    const registered = await signedPost(port(2), '/api/platform/events', {
      events: [
        ...[...WALLET_UIDS, CASHOUT_UID].map((uid) => ({
          id: `reg-${uid}`,
          type: 'player.registered',
          at,
          data: { uid, name: `P${uid}`, ip: '10.9.0.1', deviceId: `dev-${uid}`, package: 'com.demo' },
        })),
        ...CLAIM_UIDS.map((uid, i) => ({
          id: `reg-${uid}`,
          type: 'player.registered',
          at,
          data: {
            uid,
            name: `P${uid}`,
            ip: '10.9.0.1',
            deviceId: `dev-${uid}`,
            package: 'com.demo',
            phone: { country: '63', number: `918${String(i).padStart(7, '0')}` },
          },
        })),
      ],
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    for (const r of registered.body.data.results) expect(r.status, JSON.stringify(r)).toBe('applied');
    const seeds = [
      ...WALLET_UIDS.map((uid) => ({ txId: `seed-${uid}`, uid, currency: 'chip', amount: SEED_CHIPS, reason: 'seed' })),
      { txId: `seed-${CASHOUT_UID}`, uid: CASHOUT_UID, currency: 'withdrawable', amount: SEED_WITHDRAWABLE, reason: 'seed' },
    ];
    for (const [i, seed] of seeds.entries()) expect((await signedPost(port(i), '/api/platform/wallet/credit', seed)).status).toBe(200);
    const orderIds = await pool(
      Array.from({ length: ORDERS }, (_, i) => async () => {
        const res = await signedPost(port(i), '/api/platform/cashout/orders', {
          requestId: `order-${i}`,
          uid: CASHOUT_UID,
          channel: 'gcash',
          amount: ORDER_AMOUNT,
          account: '09171234561',
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.fee).toBe(ORDER_FEE);
        return res.body.data.orderId as string;
      }),
      IN_FLIGHT,
    );

    // The calls: mostly wallet calls, with event batches, claims and approvals among them (an
    // approval or claim each once, while their players and orders last).
    let nextOrder = 0;
    let nextClaim = 0;
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
    const makeCall = (n: number): Call => {
      const slot = n % 20;
      if (slot === 12 && nextOrder < orderIds.length) return { n, kind: 'approve', path: '/api/cashout/approve', body: { orderId: orderIds[nextOrder++] } };
      if ((slot === 6 || slot === 16) && nextClaim < CLAIM_UIDS.length) {
        return { n, kind: 'claim', path: '/api/platform/activities/claim', body: { uid: CLAIM_UIDS[nextClaim++], activity: 'telephonelogin', tier: 'bind' } };
      }
      if (slot === 3 || slot === 9 || slot === 15) {
        const from = pick(WALLET_UIDS);
        const to = WALLET_UIDS[(WALLET_UIDS.indexOf(from) + 1 + Math.floor(Math.random() * (WALLET_UIDS.length - 1))) % WALLET_UIDS.length];
        const eventAt = new Date().toISOString();
        const events = [
          { id: `ev-${n}-t`, type: 'chips.transferred', at: eventAt, data: { fromUid: from, toUid: to, amount: 1 + Math.floor(Math.random() * 500) } },
          { id: `ev-${n}-s`, type: 'safe.deposit', at: eventAt, data: { uid: to, amount: 1 + Math.floor(Math.random() * 300) } },
          { id: `ev-${n}-l`, type: 'player.login', at: eventAt, data: { uid: from, ip: '10.9.0.2', deviceId: `dev-${from}` } },
        ];
        return { n, kind: 'events', path: '/api/platform/events', body: { events } };
      }
      const kind = n % 2 === 0 ? 'debit' : 'credit';
      const body = {
        txId: `tx-${n}`,
        uid: pick(WALLET_UIDS),
        currency: 'chip',
        amount: 1 + Math.floor(Math.random() * 1_000),
        reason: kind === 'debit' ? 'game.bet' : 'game.win',
      };
      return { n, kind, path: `/api/platform/wallet/${kind}`, body };
    };
    const send = async (call: Call, to: number): Promise<Outcome> => {
      try {
        return call.kind === 'approve' ? await staffPost(to, call.path, call.body, token) : await signedPost(to, call.path, call.body);
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        return { error: cause?.code ?? cause?.message ?? String(error) };
      }
    };

    // The victim: whichever process holds the message delivery's run. A lock on the table the run
    // reads first keeps that run going (its lease renewed) until the process is killed.
    let releaseLock = () => {};
    const lockReleased = new Promise<void>((resolve) => {
      releaseLock = resolve;
    });
    let lockTaken = () => {};
    const taken = new Promise<void>((resolve) => {
      lockTaken = resolve;
    });
    const lockHeld = withClient(three.url, async (c) => {
      await c.query('BEGIN');
      await c.query('LOCK TABLE message_send IN ACCESS EXCLUSIVE MODE');
      lockTaken();
      await lockReleased;
      await c.query('COMMIT');
    });
    lockHeld.catch(() => undefined); // awaited in the end; a failure meanwhile is not an unhandled rejection
    await Promise.race([taken, lockHeld]);

    // call n goes to targets[n % 3]; the restarted server takes the dead one's place there
    const targets = [...servers];
    let restarted: ServerProcess | undefined;
    const sent: Sent[] = [];
    let stop = false;
    let issued = 0;
    const loadStart = Date.now();
    const load = Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (!stop) {
          const n = issued++;
          const wait = loadStart + (n * 1000) / RATE - Date.now();
          if (wait > 0) await sleep(wait);
          const call = makeCall(n);
          const target = targets[n % 3];
          sent.push({ call, port: target.port, restarted: target === restarted, outcome: await send(call, target.port) });
        }
      }),
    );

    let victimHolder = '';
    let held: { id: string; lease_until: Date | null; runs: number }[] = [];
    try {
      // mid-load: once calls have been acknowledged and a process is stuck in the delivery run
      victimHolder = await until('a process holding the message delivery run', 30_000, async () => {
        if (sent.filter(acked).length < 100) return undefined;
        const row = await db().selectFrom('job_schedule').select(['holder']).where('id', '=', 'message-delivery').executeTakeFirst();
        const { rows } = await sql`
          SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%FROM "message_send"%'`.execute(db());
        return row?.holder && rows.length > 0 ? row.holder : undefined;
      });
      // the holder is host/pid/random: the pid is the node process of one server's group
      const holderPid = Number(victimHolder.split('/').at(-2));
      const victimIndex = targets.findIndex((s) => serverPids(s).includes(holderPid));
      expect(victimIndex, `holder ${victimHolder}`).toBeGreaterThanOrEqual(0);
      const victim = targets[victimIndex];
      // A burst of calls at it, killed once the first few are answered: the rest die in its hands,
      // some committed with their answer lost, some not yet (the paced load alone seldom has one in flight there).
      let burstAnswered = 0;
      let firstAnswers = () => {};
      const answersIn = new Promise<void>((resolve) => {
        firstAnswers = resolve;
      });
      const burst = Array.from({ length: BURST }, async () => {
        const call = makeCall(issued++);
        const outcome = await send(call, victim.port);
        if (answered(outcome) && (burstAnswered += 1) === 3) firstAnswers();
        sent.push({ call, port: victim.port, restarted: false, outcome });
      });
      await Promise.race([answersIn, Promise.all(burst)]);
      await killServerProcess(victim);
      const killedAt = Date.now();
      await Promise.all(burst);
      // what the dead process held, with its last lease
      held = await db().selectFrom('job_schedule').select(['id', 'lease_until', 'runs']).where('holder', '=', victimHolder).execute();
      expect(held.map((h) => h.id)).toContain('message-delivery');
      releaseLock();
      await lockHeld;
      // watched from now on beside the load: when another instance has claimed and finished each of those runs
      type Row = { id: string; holder: string | null; runs: number; started_at: Date | null; finished_at: Date | null };
      let takenOver: { at: number; rows: Row[] } | undefined;
      const watching = (async () => {
        const deadline = Date.now() + 40_000;
        while (Date.now() < deadline) {
          const rows = await db()
            .selectFrom('job_schedule')
            .select(['id', 'holder', 'runs', 'started_at', 'finished_at'])
            .where(
              'id',
              'in',
              held.map((h) => h.id),
            )
            .execute();
          if (rows.every((r) => r.holder !== victimHolder && Number(r.runs) > Number(held.find((h) => h.id === r.id)!.runs))) {
            takenOver = { at: Date.now(), rows };
            return;
          }
          await sleep(100);
        }
      })().catch(() => undefined); // a failed look leaves takenOver unset: asserted below

      // the two others carry the load a while, then a server comes back on the dead one's port
      await sleep(1_500);
      const comeback = await startServerProcess(three.url, victim.port, SERVER_ENV);
      servers.push(comeback); // afterAll stops it
      restarted = comeback;
      targets[victimIndex] = comeback;
      await until('calls answered by the restarted server', 20_000, () => (sent.filter((s) => s.restarted && acked(s)).length >= 40 ? true : undefined));
      stop = true;
      await load;
      const loadSeconds = (Date.now() - loadStart) / 1000;

      // the load went to all three, the dead one's calls failed and nothing else did
      const failures = sent.filter((s) => !answered(s.outcome));
      for (const s of sent) if (answered(s.outcome)) expect(s.outcome.status, JSON.stringify({ call: s.call, outcome: s.outcome })).toBe(200);
      expect(failures.length).toBeGreaterThan(0);
      for (const s of failures) expect(s.port, JSON.stringify(s)).toBe(victim.port);
      for (const s of targets) expect(sent.filter((x) => x.port === s.port && acked(x)).length).toBeGreaterThan(20);
      for (const kind of ['debit', 'credit', 'events', 'approve', 'claim'] as const)
        expect(sent.filter((s) => s.call.kind === kind && acked(s)).length, kind).toBeGreaterThan(0);

      // the runs the dead process held were claimed again only after its lease ran out, and finished
      await watching;
      expect(takenOver, 'the dead process’s runs taken over').toBeDefined();
      const takeoverSeconds = (takenOver!.at - killedAt) / 1000;
      for (const row of takenOver!.rows) {
        const { lease_until: lease } = held.find((h) => h.id === row.id)!;
        // claimed only once `lease_until < clock_timestamp()`; read back in milliseconds, the two may be equal
        expect(row.started_at!.getTime(), row.id).toBeGreaterThanOrEqual(lease!.getTime());
        expect(row.finished_at!.getTime(), row.id).toBeGreaterThan(row.started_at!.getTime());
      }
      expect(await db().selectFrom('job_schedule').select('id').where('holder', '=', victimHolder).execute()).toEqual([]);

      // before the retry: the acknowledged calls in the ledger once, the others at most once
      const walletCalls = sent.filter((s) => s.call.kind === 'debit' || s.call.kind === 'credit');
      const countBy = async (like: string, column: 'idem_key' | 'ref') => {
        const rows = await db()
          .selectFrom('ledger_entry')
          .select([column, (eb) => eb.fn.countAll<string>().as('n')])
          .where('idem_key', 'like', like)
          .groupBy(column)
          .execute();
        return new Map(rows.map((r) => [(r as Record<string, string>)[column], Number(r.n)]));
      };
      const walletBefore = await countBy('app:demo-app:tx:tx-%', 'idem_key');
      for (const s of walletCalls) {
        const n = walletBefore.get(walletKey(s.call.body.txId)) ?? 0;
        if (acked(s)) expect(n, s.call.body.txId).toBe(1);
        else expect(n, s.call.body.txId).toBeLessThanOrEqual(1);
      }
      const eventsBefore = new Map(
        (await db().selectFrom('platform_event_claim').select(['event_id', 'status']).where('event_id', 'like', 'ev-%').execute()).map((r) => [
          r.event_id,
          r.status,
        ]),
      );
      const eventLedgerBefore = await countBy('event:demo-app:ev-%', 'ref');
      for (const s of sent.filter((x) => x.call.kind === 'events')) {
        for (const [i, e] of (s.call.body.events as { id: string; type: string }[]).entries()) {
          const entries = eventLedgerBefore.get(e.id) ?? 0;
          if (acked(s)) {
            expect((s.outcome as { body: any }).body.data.results[i].status, e.id).toBe('applied');
            expect(eventsBefore.get(e.id), e.id).toBe('applied');
          }
          // a money event moves two legs or none; one not recorded moved nothing
          const legs = e.type === 'player.login' ? 0 : 2;
          expect(entries, e.id).toBe(eventsBefore.get(e.id) === 'applied' ? legs : 0);
        }
      }
      const claimsBefore = await countBy('activity:telephonelogin:%', 'idem_key');
      for (const s of sent.filter((x) => x.call.kind === 'claim')) {
        const n = claimsBefore.get(claimKey(s.call.body.uid)) ?? 0;
        if (acked(s)) {
          expect((s.outcome as { body: any }).body.data).toMatchObject({ amount: CLAIM_AMOUNT, repeated: false });
          expect(n).toBe(1);
        } else expect(n).toBeLessThanOrEqual(1);
      }
      const statusBefore = new Map((await db().selectFrom('cashout_order').select(['order_id', 'status']).execute()).map((r) => [r.order_id, r.status]));
      for (const s of sent.filter((x) => x.call.kind === 'approve' && acked(x))) {
        expect((s.outcome as { body: any }).body.data.order.status, s.call.body.orderId).toBe('succeed');
        expect(statusBefore.get(s.call.body.orderId)).toBe('succeed');
      }

      // the calls cut off by the kill that had been applied all the same (their answer lost)
      const appliedUnanswered = sent.filter(
        (s) =>
          !acked(s) &&
          (s.call.kind === 'debit' || s.call.kind === 'credit'
            ? walletBefore.has(walletKey(s.call.body.txId))
            : s.call.kind === 'events'
              ? (s.call.body.events as { id: string }[]).some((e) => eventsBefore.has(e.id))
              : s.call.kind === 'claim'
                ? claimsBefore.has(claimKey(s.call.body.uid))
                : statusBefore.get(s.call.body.orderId) !== 'not_reviewed'),
      ).length;

      // every call once more, round-robin to the three live servers
      const retryStart = Date.now();
      const retried = await pool(
        sent.map((s, i) => async () => ({ s, outcome: await send(s.call, targets[i % 3].port) })),
        IN_FLIGHT,
      );
      const retrySeconds = (Date.now() - retryStart) / 1000;
      const storedAnswers = new Map(
        (await db().selectFrom('wallet_tx').select(['tx_id', 'answer']).where('tx_id', 'like', 'tx-%').execute()).map((r) => [r.tx_id, r.answer]),
      );
      for (const { s, outcome } of retried) {
        expect(answered(outcome), JSON.stringify({ call: s.call, outcome })).toBe(true);
        const again = outcome as { status: number; body: any };
        if (s.call.kind === 'debit' || s.call.kind === 'credit') {
          expect(again.status, JSON.stringify(again.body)).toBe(200);
          // applied before: the first answer again (its balance then), so nothing moved twice
          if (walletBefore.has(walletKey(s.call.body.txId))) expect(again.body.data).toEqual(storedAnswers.get(s.call.body.txId));
          if (acked(s)) expect(again.body).toEqual((s.outcome as { body: any }).body);
        } else if (s.call.kind === 'events') {
          expect(again.status, JSON.stringify(again.body)).toBe(200);
          for (const [i, e] of (s.call.body.events as { id: string }[]).entries()) {
            expect(again.body.data.results[i].status, e.id).toBe(eventsBefore.has(e.id) ? 'duplicate' : 'applied');
          }
        } else if (s.call.kind === 'claim') {
          expect(again.status, JSON.stringify(again.body)).toBe(200);
          expect(again.body.data.repeated, String(s.call.body.uid)).toBe(claimsBefore.has(claimKey(s.call.body.uid)));
        } else {
          // an approval is not keyed: an order decided before refuses it (409), one the kill left in review takes it now
          const before = statusBefore.get(s.call.body.orderId);
          if (before === 'not_reviewed') expect(again.status, JSON.stringify(again.body)).toBe(200);
          else expect(again.status, `${s.call.body.orderId} ${before}`).toBe(409);
        }
      }

      // after the retry: every call exactly once, and the balances what the calls add up to
      const walletAfter = await countBy('app:demo-app:tx:tx-%', 'idem_key');
      for (const s of walletCalls) expect(walletAfter.get(walletKey(s.call.body.txId)), s.call.body.txId).toBe(1);
      expect(walletAfter.size).toBe(walletCalls.length);
      const eventCalls = sent.filter((s) => s.call.kind === 'events');
      const eventLedgerAfter = await countBy('event:demo-app:ev-%', 'ref');
      const eventsAfter = await db().selectFrom('platform_event_claim').select(['event_id', 'status']).where('event_id', 'like', 'ev-%').execute();
      expect(eventsAfter).toHaveLength(eventCalls.length * 3);
      for (const e of eventsAfter) {
        expect(e.status, e.event_id).toBe('applied');
        expect(eventLedgerAfter.get(e.event_id) ?? 0, e.event_id).toBe(e.event_id.endsWith('-l') ? 0 : 2);
      }
      const claimCalls = sent.filter((s) => s.call.kind === 'claim');
      const claimsAfter = await countBy('activity:telephonelogin:%', 'idem_key');
      for (const s of claimCalls) expect(claimsAfter.get(claimKey(s.call.body.uid))).toBe(1);
      expect(claimsAfter.size).toBe(claimCalls.length);

      const net = walletCalls.reduce((sum, s) => sum + (s.call.kind === 'credit' ? 1 : -1) * Number(s.call.body.amount), 0);
      const balances = await db().selectFrom('player_balance').select(['uid', 'chip', 'safe', 'withdrawable']).execute();
      const of = (uids: number[]) => balances.filter((b) => uids.includes(b.uid));
      // transfers and safe deposits move chips between these players: only the wallet calls change their sum
      expect(of(WALLET_UIDS).reduce((sum, b) => sum + Number(b.chip) + Number(b.safe), 0)).toBe(WALLET_UIDS.length * SEED_CHIPS + net);
      expect(of(CLAIM_UIDS).reduce((sum, b) => sum + Number(b.chip), 0)).toBe(claimCalls.length * CLAIM_AMOUNT);
      expect(Number(of([CASHOUT_UID])[0].withdrawable)).toBe(SEED_WITHDRAWABLE - ORDERS * (ORDER_AMOUNT + ORDER_FEE));

      // each approved order approved once and paid at most once; its money held once, never returned
      const approvalOrders = sent.filter((s) => s.call.kind === 'approve').map((s) => s.call.body.orderId as string);
      const cutOff = new Set(sent.filter((s) => s.call.kind === 'approve' && !acked(s)).map((s) => s.call.body.orderId as string));
      const orders = await db().selectFrom('cashout_order').select(['order_id', 'status', 'attempts']).where('order_id', 'in', approvalOrders).execute();
      expect(orders).toHaveLength(approvalOrders.length);
      for (const o of orders) {
        // 'approved' only where the kill cut the approval's payout off (payout recovery pays it a minute later)
        expect(o.status === 'succeed' || (o.status === 'approved' && cutOff.has(o.order_id)), `${o.order_id} ${o.status}`).toBe(true);
        expect(o.attempts, o.order_id).toBeLessThanOrEqual(1);
        if (o.status === 'succeed') expect(o.attempts, o.order_id).toBe(1);
        const moves = await db().selectFrom('ledger_entry').select(['reason', 'delta']).where('ref', '=', o.order_id).orderBy('id').execute();
        expect(moves, o.order_id).toEqual([
          { reason: 'cashout.hold', delta: -ORDER_AMOUNT },
          { reason: 'cashout.fee', delta: -ORDER_FEE },
        ]);
        const transitions = await db()
          .selectFrom('cashout_transition as t')
          .innerJoin('cashout_order as c', 'c.id', 't.order_id')
          .select(['t.to_status'])
          .where('c.order_id', '=', o.order_id)
          .execute();
        expect(
          transitions.filter((t) => t.to_status === 'approved'),
          o.order_id,
        ).toHaveLength(1);
        expect(transitions.filter((t) => t.to_status === 'succeed').length, o.order_id).toBe(o.status === 'succeed' ? 1 : 0);
      }

      const reconciliation = await reconcile(db());
      expect(reconciliation.differences).toEqual([]);
      expect(reconciliation.accountDifferences).toEqual([]);

      // no live instance lost a run it was running to another (its lease ran out under it): no job ran twice at once
      let okRuns = 0;
      for (const s of targets) {
        const res = await fetch(`http://127.0.0.1:${s.port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        expect(res.status).toBe(200);
        const text = await res.text();
        for (const m of text.matchAll(/^console_job_runs_total\{([^}]*)\} (\d+)/gm)) {
          if (m[1].includes('outcome="lost"')) expect(Number(m[2]), `${s.port} ${m[0]}`).toBe(0);
          if (m[1].includes('outcome="ok"')) okRuns += Number(m[2]);
        }
      }
      expect(okRuns).toBeGreaterThan(0);

      const counts = (kind: Kind) =>
        `${kind} ${sent.filter((s) => s.call.kind === kind && acked(s)).length}/${sent.filter((s) => s.call.kind === kind).length}`;
      console.log(
        `[three servers] ${sent.length} calls in ${loadSeconds.toFixed(1)} s (${(['debit', 'credit', 'events', 'approve', 'claim'] as const).map(counts).join(', ')} acknowledged), ` +
          `${failures.length} to the dead process (${appliedUnanswered} of them applied all the same), ${sent.filter((s) => s.restarted && acked(s)).length} answered by the restarted one; ` +
          `runs taken over (by ${takeoverSeconds.toFixed(1)} s after the kill): ${held.map((h) => h.id).join(', ')}; retry ${retrySeconds.toFixed(1)} s; test ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    } finally {
      stop = true;
      releaseLock();
      await lockHeld.catch(() => undefined);
      await load;
    }
  }, 150_000);
});
