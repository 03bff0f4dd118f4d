// The games benchmark , on PostgreSQL with BENCH_BETS player bets
// (default 20,000,000) over the last 90 days, made in bulk consistent with the ledger, the wallet
// and the round roll-ups of migration 025 (bench/lib/games-data.ts; both reconciliations are run
// on them). Measures, against the real server process:
//   1. a game's 90-day dashboard (GET /api/tinygames/<game>/dashboard, what the screen calls, from
//      the roll-ups) as admin and as a partner account, cycling over the twelve house games:
//      p50/p95 over BENCH_DASHBOARD_CALLS calls (default 240) at 4 clients, beside the same totals
//      aggregated from the raw seat rows in one SQL query (and compared with them);
//   2. a player's betlog page (GET /api/tinygames/<game>/betlogs?uid=…, 50 a page, newest first),
//      its first page and the next one by cursor, p50/p95 over 800 calls at 16 clients each;
//   3. bets ingested per second through the signed platform calls, as the game servers send them:
//      each round's stake debited (wallet/debit, game.bet, ref = the round id), its win credited
//      (wallet/credit, game.win) when there is one, and its record (`game.round`) sent with the
//      others in events calls of up to BENCH_ROUND_BATCH records (default 250, or every 100 ms);
//      BENCH_INGEST_ROUNDS rounds (default 20,000), BENCH_INGEST_CONCURRENCY wallet calls in flight
//      (default 32). A bet counts when its debit, its credit and its round were all applied; the
//      ledger and the round table are counted afterwards.
// A benchmark, not a test: it asserts nothing and prints what it measured (and what it found wrong).
import { loadavg } from 'node:os';
import pg from 'pg';
import { sealAppSecret } from '../apps/server/src/secrets/columns.ts';
import { benchDatabase, firstValueIs } from './lib/database';
import { databaseCpuMs, serverCpuMs } from './lib/proc.ts';
import { DEMO_APP, percentile, signedPost, staffGet, timed } from './lib/http.ts';
import { reconcileStep } from './lib/reconcile-step.ts';
import { apiLogin, startServer, type RunningServer } from '../e2e/harness.ts';
import { consoleDay, DAY_MS } from './lib/payments-checks.ts';
import { gameShape, generateGameData, stakeLevel, STAKES, type GameDataShape } from './lib/games-data.ts';
import { HOUSE_PLAY } from '../apps/server/src/simulator/rounds.ts';
import { dayEndIso, dayStart, dayStartIso } from '@console/time';

const BETS = Number(process.env.BENCH_BETS ?? 20_000_000);
const DASHBOARD_CALLS = Number(process.env.BENCH_DASHBOARD_CALLS ?? 240);
const INGEST_ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 20_000);
const INGEST_CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 32);
const ROUND_BATCH = Number(process.env.BENCH_ROUND_BATCH ?? 250);
const TEMPLATES = Number(process.env.BENCH_GAME_TEMPLATES ?? 200);
const UID_BASE = 10_000_000;
const APP = DEMO_APP;
const HOUSE_GAMES = HOUSE_PLAY.map(([g]) => g);

const latencyFigures = (xs: number[]) => ({ calls: xs.length, p50ms: percentile(xs, 50), p95ms: percentile(xs, 95), p99ms: percentile(xs, 99) });

/** The last 90 days up to today, as the dashboard's range picker sends them. */
function ninetyDays() {
  const to = consoleDay(Date.now());
  const from = consoleDay(Date.now() - 89 * DAY_MS);
  return { from, to, query: { from: dayStartIso(from), to: dayEndIso(to) } };
}

/** A game's totals over [from, to] (GMT+08:00 days) from the raw rounds and seat rows, in one query. */
async function rawTotals(pool: pg.Pool, game: string, from: string, to: string, partner: number | null) {
  const t0 = performance.now();
  const { rows } = await pool.query(
    `
    SELECT (SELECT count(*) FROM game_round WHERE game = $1 AND ended_at >= $2 AND ended_at < $3 AND ($4::int IS NULL OR partner = $4)) AS rounds,
      count(*) AS bets, count(DISTINCT uid) AS players, coalesce(sum(bet), 0) AS turnover, coalesce(sum(win), 0) AS wins, coalesce(sum(fee), 0) AS fees
    FROM game_bet WHERE game = $1 AND at >= $2 AND at < $3 AND NOT bot AND uid IS NOT NULL AND ($4::int IS NULL OR partner = $4)`,
    [game, dayStart(from), new Date(dayStart(to).getTime() + DAY_MS), partner],
  );
  const r = rows[0]!;
  return {
    ms: performance.now() - t0,
    totals: {
      rounds: Number(r.rounds),
      bets: Number(r.bets),
      players: Number(r.players),
      turnover: Number(r.turnover),
      wins: Number(r.wins),
      fees: Number(r.fees),
    },
  };
}

async function dashboard(server: RunningServer, dbUrl: string) {
  const range = ninetyDays();
  const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
  const out: Record<string, unknown> = { from: range.from, to: range.to, clients: 4, games: HOUSE_GAMES.length };
  try {
    for (const [who, username, partner] of [
      ['admin', 'admin', null],
      ['partner', 'partner', 1],
    ] as const) {
      const token = await apiLogin(server.url, username);
      const call = (i: number) => staffGet(server.url, token, `/api/tinygames/${HOUSE_GAMES[i % HOUSE_GAMES.length]}/dashboard`, range.query);
      for (let i = 0; i < HOUSE_GAMES.length; i++) await call(i); // warm-up: each game once (not counted)
      const alone = await timed(12, 1, async (i) => {
        await call(i);
      });
      const cpu0 = serverCpuMs(server.pid);
      const latencies = await timed(DASHBOARD_CALLS, 4, async (i) => {
        await call(i);
      });
      const serverCpuMsPerCall = +((serverCpuMs(server.pid) - cpu0) / DASHBOARD_CALLS).toFixed(2);
      // the busiest game's totals against the raw rows
      const game = 'colorgame';
      const answer = await staffGet(server.url, token, `/api/tinygames/${game}/dashboard`, range.query);
      const raws = [];
      for (let i = 0; i < 3; i++) raws.push(await rawTotals(pool, game, range.from, range.to, partner));
      const raw = raws[0].totals;
      const differences = (Object.keys(raw) as (keyof typeof raw)[])
        .filter((k) => Number(answer.totals[k]) !== raw[k])
        .map((k) => `${game} ${k}: dashboard ${answer.totals[k]}, raw ${raw[k]}`);
      out[who] = {
        ...latencyFigures(latencies),
        serverCpuMsPerCall,
        aloneMedianMs: percentile(alone, 50),
        rawAggregateMs: percentile(
          raws.map((r) => r.ms),
          50,
        ),
        rawAggregateRunsMs: raws.map((r) => Math.round(r.ms)),
        matchesRaw: differences.length === 0,
        differences,
        [`${game}`]: { ...raw, rtp: answer.totals.rtp, inBand: answer.configured.inBand, band: answer.configured.band },
      };
    }
  } finally {
    await pool.end();
  }
  return out;
}

async function betlog(server: RunningServer, token: string, dbUrl: string) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  // players of a day near the middle of the range, with the game they played (400 at random)
  const { rows: sample } = await client.query(`
    SELECT game, uid FROM game_player_day WHERE day = (SELECT max(day) - 45 FROM game_player_day) AND uid > ${UID_BASE} ORDER BY random() LIMIT 400`);
  await client.end();
  if (sample.length === 0) throw new Error('no player-days to sample');
  const page = (i: number, cursor?: string) => {
    const s = sample[i % sample.length]!;
    return staffGet(server.url, token, `/api/tinygames/${s.game}/betlogs`, { uid: String(s.uid), ...(cursor ? { cursor } : {}) });
  };
  const out: Record<string, unknown> = { clients: 16, players: sample.length, pageSize: 50 };
  await timed(100, 16, async (i) => {
    await page(i + 200);
  }); // warm-up (not counted)
  const cursors: (string | null)[] = [];
  let rows = 0;
  const cpu0 = serverCpuMs(server.pid);
  const first = await timed(800, 16, async (i) => {
    const data = await page(i);
    if (i < sample.length) {
      cursors[i] = data.nextCursor;
      rows += data.items.length;
    }
  });
  out.firstPage = {
    ...latencyFigures(first),
    serverCpuMsPerCall: +((serverCpuMs(server.pid) - cpu0) / 800).toFixed(2),
    rowsPerPage: +(rows / Math.min(800, sample.length)).toFixed(1),
  };
  // a few operators at once (as the dashboards are measured), and one alone: first pages
  const four = await timed(400, 4, async (i) => {
    await page(i);
  });
  out.fourClients = { ...latencyFigures(four), clients: 4 };
  const alone = await timed(200, 1, async (i) => {
    await page(i);
  });
  out.alone = { ...latencyFigures(alone), clients: 1 };
  const withNext = sample.map((_, i) => i).filter((i) => cursors[i]);
  if (withNext.length > 0) {
    const cpu1 = serverCpuMs(server.pid);
    const next = await timed(800, 16, async (j) => {
      const i = withNext[j % withNext.length];
      await page(i, cursors[i]!);
    });
    out.nextPage = { ...latencyFigures(next), serverCpuMsPerCall: +((serverCpuMs(server.pid) - cpu1) / 800).toFixed(2), players: withNext.length };
  }
  return out;
}

interface IngestRound {
  roundId: string;
  uid: number;
  game: string;
  bet: number;
  win: number;
  record: Record<string, unknown>;
}

/**
 * The rounds a run plays: templates of the bulk data (real rounds of the game's rules), for random
 * players at their stake, each player's stakes within his balance (wins not counted), so that no
 * bet is refused for want of chips.
 */
async function ingestRounds(dbUrl: string, run: string, count: number): Promise<IngestRound[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const { rows } = await client.query('SELECT tid, game, seed, seed_hash, bets, result, seats, bet, win FROM bench_game_template ORDER BY tid');
  const balances = (await client.query(`SELECT uid, chip FROM player_balance WHERE uid > ${UID_BASE} ORDER BY uid`)).rows.map((r) => ({
    uid: Number(r.uid),
    left: Number(r.chip),
  }));
  await client.end();
  const perGame = rows.length / HOUSE_GAMES.length / STAKES.length;
  let x = (Date.now() % 0x7fffffff) | 1;
  const rand = (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
  const weights = HOUSE_PLAY.map(([, w]) => w);
  const total = weights.reduce((s, w) => s + w, 0);
  return Array.from({ length: count }, (_, j) => {
    let w = rand(total),
      gi = 0;
    while (w >= weights[gi]) {
      w -= weights[gi];
      gi++;
    }
    const k = rand(perGame);
    let player = balances[rand(balances.length)];
    let t = rows[(gi * STAKES.length + stakeLevel(player.uid)) * perGame + k]!;
    for (let tries = 0; player.left < Number(t.bet) && tries < 100; tries++) {
      player = balances[rand(balances.length)]!;
      t = rows[(gi * STAKES.length + stakeLevel(player.uid)) * perGame + k]!;
    }
    player.left -= Number(t.bet);
    const uid = player.uid;
    const roundId = `${run}-${j}`;
    const now = Date.now();
    return {
      roundId,
      uid,
      game: t.game,
      bet: Number(t.bet),
      win: Number(t.win),
      record: {
        game: t.game,
        roundId,
        server: `gs-${t.game}-bench`,
        table: 't-1',
        configVersion: 0,
        seedHash: t.seed_hash,
        seed: t.seed,
        bets: t.bets,
        result: t.result,
        seats: (t.seats as { seat: string; bot: boolean; bet: number; win: number; fee: number; jackpot: number }[]).map((s) => ({
          seat: s.seat,
          bet: s.bet,
          win: s.win,
          fee: s.fee,
          jackpot: s.jackpot,
          bot: s.bot,
          ...(s.bot ? {} : { uid }),
        })),
        startedAt: new Date(now).toISOString(),
        endedAt: new Date(now).toISOString(),
      },
    };
  });
}

/** Plays `rounds` as game servers do; resolves what was applied and how long it took (ms). */
async function playRounds(server: RunningServer, rounds: IngestRound[], concurrency: number) {
  const outcome = { debited: 0, credited: 0, refused: 0, recorded: 0, roundRejected: 0, betsApplied: 0, eventsCalls: 0 };
  const walletOk = new Map<string, boolean>();
  let buffer: { roundId: string; event: unknown }[] = [];
  const flushes: Promise<void>[] = [];
  let inFlight = 0;
  const send = async (batch: typeof buffer) => {
    inFlight++;
    try {
      const { status, answer } = await signedPost(server.url, '/api/platform/events', { events: batch.map((b) => b.event) });
      outcome.eventsCalls++;
      if (status !== 200) throw new Error(`events: ${status} ${answer.message}`);
      (answer.data.results as { status: string }[]).forEach((r, k) => {
        if (r.status === 'applied') {
          outcome.recorded++;
          if (walletOk.get(batch[k].roundId)) outcome.betsApplied++;
        } else outcome.roundRejected++;
      });
    } finally {
      inFlight--;
    }
  };
  const flush = (all = false) => {
    while (buffer.length >= ROUND_BATCH || (all && buffer.length > 0)) {
      const batch = buffer.slice(0, ROUND_BATCH);
      buffer = buffer.slice(batch.length);
      flushes.push(send(batch));
    }
  };
  // a game server also sends what it has every 100 ms, two calls in flight at most
  const timer = setInterval(() => {
    if (inFlight < 2) flush(true);
  }, 100);
  const t0 = performance.now();
  try {
    await timed(rounds.length, concurrency, async (j) => {
      const r = rounds[j];
      const debit = await signedPost(server.url, '/api/platform/wallet/debit', {
        txId: `${r.roundId}:b`,
        uid: r.uid,
        currency: 'chip',
        amount: r.bet,
        reason: 'game.bet',
        ref: r.roundId,
      });
      if (debit.status !== 200) {
        outcome.refused++;
        return;
      }
      outcome.debited++;
      let ok = true;
      if (r.win > 0) {
        const credit = await signedPost(server.url, '/api/platform/wallet/credit', {
          txId: `${r.roundId}:w`,
          uid: r.uid,
          currency: 'chip',
          amount: r.win,
          reason: 'game.win',
          ref: r.roundId,
        });
        if (credit.status === 200) outcome.credited++;
        else {
          outcome.refused++;
          ok = false;
        }
      }
      walletOk.set(r.roundId, ok);
      const end = new Date().toISOString();
      buffer.push({ roundId: r.roundId, event: { id: `${r.roundId}:e`, type: 'game.round', at: end, data: { ...r.record, endedAt: end } } });
      if (buffer.length >= ROUND_BATCH && inFlight < 2) flush();
    });
    flush(true);
    await Promise.all(flushes);
  } finally {
    clearInterval(timer);
  }
  return { outcome, ms: performance.now() - t0 };
}

/**
 * What each half costs, apart: `count` rounds' wallet calls alone, then their records alone (in
 * events calls of ROUND_BATCH, two in flight); CPU of the server and of PostgreSQL per call and
 * per record. Those rounds are played in full too (they reconcile).
 */
async function breakdown(server: RunningServer, dbUrl: string, rounds: IngestRound[]) {
  const cpu = () => ({ server: serverCpuMs(server.pid), db: databaseCpuMs(dbUrl) });
  const records: { id: string; type: string; at: string; data: unknown }[] = [];
  let calls = 0;
  const c0 = cpu();
  const t0 = performance.now();
  await timed(rounds.length, INGEST_CONCURRENCY, async (j) => {
    const r = rounds[j];
    const debit = await signedPost(server.url, '/api/platform/wallet/debit', {
      txId: `${r.roundId}:b`,
      uid: r.uid,
      currency: 'chip',
      amount: r.bet,
      reason: 'game.bet',
      ref: r.roundId,
    });
    calls++;
    if (debit.status !== 200) return;
    if (r.win > 0) {
      await signedPost(server.url, '/api/platform/wallet/credit', {
        txId: `${r.roundId}:w`,
        uid: r.uid,
        currency: 'chip',
        amount: r.win,
        reason: 'game.win',
        ref: r.roundId,
      });
      calls++;
    }
    const end = new Date().toISOString();
    records.push({ id: `${r.roundId}:e`, type: 'game.round', at: end, data: { ...r.record, endedAt: end } });
  });
  const walletMs = performance.now() - t0;
  const c1 = cpu();
  const batches = Array.from({ length: Math.ceil(records.length / ROUND_BATCH) }, (_, k) => records.slice(k * ROUND_BATCH, (k + 1) * ROUND_BATCH));
  let applied = 0;
  const t1 = performance.now();
  await timed(batches.length, 2, async (k) => {
    const { answer } = await signedPost(server.url, '/api/platform/events', { events: batches[k] });
    applied += ((answer.data?.results as { status: string }[]) ?? []).filter((x) => x.status === 'applied').length;
  });
  const recordsMs = performance.now() - t1;
  const c2 = cpu();
  const per = (a: number, b: number, n: number) => +((b - a) / Math.max(1, n)).toFixed(3);
  return {
    rounds: rounds.length,
    wallet: {
      calls,
      callsPerSecond: Math.round(calls / (walletMs / 1000)),
      serverCpuMsPerCall: per(c0.server, c1.server, calls),
      databaseCpuMsPerCall: per(c0.db, c1.db, calls),
    },
    records: {
      applied,
      recordsPerSecond: Math.round(applied / (recordsMs / 1000)),
      serverCpuMsPerRecord: per(c1.server, c2.server, applied),
      databaseCpuMsPerRecord: per(c1.db, c2.db, applied),
    },
  };
}

async function ingest(server: RunningServer, dbUrl: string) {
  const run = `ing-${Date.now()}`;
  await playRounds(server, await ingestRounds(dbUrl, `${run}w`, 500), INGEST_CONCURRENCY); // warm-up (not counted)
  const rounds = await ingestRounds(dbUrl, run, INGEST_ROUNDS);
  const cpu0 = serverCpuMs(server.pid);
  const db0 = databaseCpuMs(dbUrl);
  const { outcome, ms } = await playRounds(server, rounds, INGEST_CONCURRENCY);
  const serverCpuMsPerBet = +((serverCpuMs(server.pid) - cpu0) / Math.max(1, outcome.betsApplied)).toFixed(3);
  const databaseCpuMsPerBet = +((databaseCpuMs(dbUrl) - db0) / Math.max(1, outcome.betsApplied)).toFixed(3);
  const apart = await breakdown(server, dbUrl, await ingestRounds(dbUrl, `${run}s`, Math.min(2000, INGEST_ROUNDS)));
  // what the database holds of the run: its rounds, their player seats, the wallet's entries
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const prefix = `${run}-%`;
    const db = (
      await client.query(
        `
      SELECT (SELECT count(*) FROM game_round WHERE round_id LIKE $1) AS rounds,
        (SELECT count(*) FROM game_bet b JOIN game_round r ON r.id = b.round AND r.ended_at = b.at WHERE r.round_id LIKE $1 AND NOT b.bot) AS bets,
        (SELECT count(*) FILTER (WHERE delta < 0) || '/' || count(*) FILTER (WHERE delta > 0) FROM ledger_entry WHERE actor = $2 AND ref LIKE $1 AND reason LIKE 'game.%') AS entries`,
        [prefix, `app:${APP.appId}`],
      )
    ).rows[0];
    const [debits, credits] = String(db.entries).split('/').map(Number);
    const wins = rounds.filter((r) => r.win > 0).length;
    const seconds = ms / 1000;
    return {
      rounds: rounds.length,
      concurrency: INGEST_CONCURRENCY,
      roundBatch: ROUND_BATCH,
      eventsCalls: outcome.eventsCalls,
      walletCalls: outcome.debited + outcome.credited + outcome.refused,
      seconds: +seconds.toFixed(2),
      betsPerSecond: Math.round(outcome.betsApplied / seconds),
      walletCallsPerSecond: Math.round((outcome.debited + outcome.credited) / seconds),
      serverCpuMsPerBet,
      databaseCpuMsPerBet,
      // bets a second the machine's two cores could carry at this CPU cost, were they free
      twoCoreCeiling: serverCpuMsPerBet + databaseCpuMsPerBet > 0 ? Math.round(2000 / (serverCpuMsPerBet + databaseCpuMsPerBet)) : null,
      betsApplied: outcome.betsApplied,
      refused: outcome.refused,
      roundsRejected: outcome.roundRejected,
      inDatabase: { rounds: Number(db.rounds), playerBets: Number(db.bets), debits, credits, expectedCredits: wins },
      allApplied: outcome.betsApplied === rounds.length && Number(db.rounds) === rounds.length && debits === rounds.length && credits === wins,
      breakdown: apart,
    };
  } finally {
    await client.end();
  }
}

/** Every round of the generated range and of the run against the wallet (domains/games/reconcile.ts). */
async function roundReconcile(dbUrl: string) {
  const { openDatabase } = await import('../apps/server/src/db/open.ts');
  const { reconcileRounds } = await import('../apps/server/src/domains/games/reconcile.ts');
  const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 1 });
  const t0 = performance.now();
  try {
    const r = await reconcileRounds(database.db, { from: new Date(Date.now() - 91 * DAY_MS), to: new Date(Date.now() + 60_000), limit: 10 });
    return { rounds: r.rounds, differences: r.differences.length, first: r.differences.slice(0, 3), seconds: Math.round((performance.now() - t0) / 1000) };
  } finally {
    await database.close();
  }
}

/** BENCH_STEPS=dashboard,ingest runs only those steps (default: every step). */
const STEPS = process.env.BENCH_STEPS ? new Set(process.env.BENCH_STEPS.split(',')) : undefined;

export async function gamesBench(pgUrl: string) {
  const shape = gameShape(BETS);
  // BENCH_GAMES_DB names the database; BENCH_REUSE=1 keeps it when it holds data of this size (lib/database.ts)
  const name = process.env.BENCH_GAMES_DB ?? 'console_bench_games';
  const { url: dbUrl, reuse } = await benchDatabase(pgUrl, name, firstValueIs('SELECT bets FROM bench_games_data', 'bets', BETS));

  // demo accounts without the simulated demo players (the bulk data stands in for them)
  const server = await startServer({ DATABASE_URL: dbUrl, DEMO: '1', DEMO_PLAYERS: '0' });
  const results: Record<string, unknown> = { bets: BETS, days: 90, ...shape };
  try {
    const owner = new pg.Client({ connectionString: dbUrl });
    await owner.connect();
    await owner.query('INSERT INTO platform_application (app_id, name, secret) VALUES ($1, $1, $2) ON CONFLICT DO NOTHING', [
      APP.appId,
      sealAppSecret(APP.secret, APP.appId),
    ]);
    if (!reuse) {
      console.log(`generating ${BETS} bets over 90 days (${shape.players} players) …`);
      const data: GameDataShape = await generateGameData(dbUrl, { bets: BETS, uidBase: UID_BASE, appId: APP.appId, templates: TEMPLATES });
      await owner.query(
        'CREATE TABLE bench_games_data (bets bigint NOT NULL, generated_at timestamptz NOT NULL, seconds integer NOT NULL, shape jsonb NOT NULL)',
      );
      await owner.query('INSERT INTO bench_games_data VALUES ($1, now(), $2, $3)', [BETS, data.seconds, JSON.stringify(data)]);
      Object.assign(results, {
        generateSeconds: data.seconds,
        rounds: data.rounds,
        botSeats: data.botSeats,
        ledgerEntries: data.ledgerEntries,
        walletCalls: data.walletCalls,
        rollupCheck: data.rollupCheck,
        verifiedSample: data.verifiedSample,
      });
    } else {
      console.log(`reusing ${name}: ${BETS} bets`);
      results.reused = true;
    }
    await owner.end();
    results.loadAverage = loadavg().map((l) => +l.toFixed(2));
    const step = async (key: string, run: () => Promise<unknown>) => {
      if (STEPS && !STEPS.has(key)) return;
      try {
        results[key] = await run();
      } catch (error) {
        results[key] = { error: (error as Error).message };
      }
      console.log(key, JSON.stringify(results[key]));
    };
    await step('dashboard', () => dashboard(server, dbUrl));
    await step('betlog', async () => betlog(server, await apiLogin(server.url, 'admin'), dbUrl));
    await step('ingest', () => ingest(server, dbUrl));
    await step('reconcile', () => reconcileStep(dbUrl));
    await step('roundReconcile', () => roundReconcile(dbUrl));
  } finally {
    await server.stop();
  }
  results.loadAverageAfter = loadavg().map((l) => +l.toFixed(2));
  return results;
}

/** The figures against their targets, one line each. */
export function gamesSummary(r: Record<string, any>): string[] {
  const d = r.dashboard ?? {};
  const dash = (who: string) =>
    d[who]?.p95ms !== undefined
      ? `  game dashboard, 90 days, as ${who}: p95 ${d[who].p95ms} ms (target ≤ 100), p50 ${d[who].p50ms} ms over ${d[who].calls} calls (${d.games} games), server CPU ${d[who].serverCpuMsPerCall} ms a call; one call alone ${d[who].aloneMedianMs} ms, the raw aggregate of one game ${d[who].rawAggregateMs} ms; totals ${d[who].matchesRaw ? 'equal the raw rows' : 'DIFFER from the raw rows'}`
      : `  game dashboard as ${who}: ${JSON.stringify(d[who] ?? d)}`;
  const b = r.betlog ?? {};
  const i = r.ingest ?? {};
  return [
    `games (bench/games.ts): ${r.bets} bets over 90 days, ${r.players} players${r.generateSeconds !== undefined ? `, generated in ${r.generateSeconds} s` : ''}`,
    ...(r.dashboard ? [dash('admin'), dash('partner')] : []),
    ...(r.betlog
      ? [
          b.firstPage?.p95ms !== undefined
            ? `  a player's betlog page: p95 ${b.firstPage.p95ms} ms (target ≤ 20), p50 ${b.firstPage.p50ms} ms, server CPU ${b.firstPage.serverCpuMsPerCall} ms; next page p95 ${b.nextPage?.p95ms ?? '-'} ms (16 clients); 4 clients p95 ${b.fourClients?.p95ms ?? '-'} ms, p50 ${b.fourClients?.p50ms ?? '-'} ms; one client alone p95 ${b.alone?.p95ms ?? '-'} ms, p50 ${b.alone?.p50ms ?? '-'} ms`
            : `  betlog: ${JSON.stringify(b)}`,
        ]
      : []),
    ...(r.ingest
      ? i.betsPerSecond !== undefined
        ? [
            `  bets ingested: ${i.betsPerSecond}/s (target ≥ 10,000): ${i.betsApplied} of ${i.rounds} fully applied in ${i.seconds} s (${i.walletCallsPerSecond} wallet calls/s at ${i.concurrency} in flight, records in ${i.eventsCalls} events calls); CPU a bet: server ${i.serverCpuMsPerBet} ms + PostgreSQL ${i.databaseCpuMsPerBet} ms (two free cores: about ${i.twoCoreCeiling ?? '?'}/s); all in the database: ${i.allApplied}`,
            `    apart: wallet calls ${i.breakdown?.wallet?.callsPerSecond}/s, CPU ${i.breakdown?.wallet?.serverCpuMsPerCall} + ${i.breakdown?.wallet?.databaseCpuMsPerCall} ms a call; round records ${i.breakdown?.records?.recordsPerSecond}/s, CPU ${i.breakdown?.records?.serverCpuMsPerRecord} + ${i.breakdown?.records?.databaseCpuMsPerRecord} ms a record`,
          ]
        : [`  ingest: ${JSON.stringify(i)}`]
      : []),
    ...(r.reconcile ? [`  ledger reconciliation: ${JSON.stringify(r.reconcile)}`] : []),
    ...(r.roundReconcile ? [`  rounds against the wallet: ${JSON.stringify(r.roundReconcile)}`] : []),
    ...(r.rollupCheck?.differences?.length ? [`  roll-up cells DIFFERING from the raw rows: ${r.rollupCheck.differences.join('; ')}`] : []),
    ...(r.verifiedSample?.failed ? [`  generated rounds FAILING verification: ${r.verifiedSample.failed} of ${r.verifiedSample.rounds}`] : []),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { playersBenchUrl } = await import('./players.ts');
  const results = await gamesBench(playersBenchUrl());
  console.log(JSON.stringify(results, null, 2));
  console.log(gamesSummary(results).join('\n'));
}
