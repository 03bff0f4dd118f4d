// The agents benchmark : a weekly settlement for BENCH_AGENTS agents
// (default 100,000; 0 skips) and BENCH_INVITEES invitees (default 5,000,000; 60% T1, 40% T2) on
// PostgreSQL, in a database of its own with bulk-made rows (players by inviter_uid, agents with a
// rate version, a week of rake in game_player_day for BENCH_ACTIVE_SHARE of the invitees, default
// 0.3, three days each). Measures, against the real server process (its settlement job off):
//   1. the settlement through POST /api/agentcooperation/settlements/run (business, given a
//      partner): the call's time (compute + pay), the lines and statements it wrote, what it paid;
//      the server's peak RSS during the run (from /proc) and PostgreSQL's temp bytes for the database;
//   2. a second run: nothing to do (its time);
//   3. the agent tree page p95: GET /api/agentmanager/preview (H5's, with CONSOLE_OPTIONAL_MODULES=
//      agentmanager; BENCH_TREE_PAGES calls, default 200, 4 in flight, random uids and pages);
//      the agentediter list page p95 beside it.
// A benchmark, not a test: it asserts nothing and prints what it measured.
import pg from 'pg';
import { mb, rssKb } from './lib/proc.ts';
import { benchDatabase } from './lib/database';
import { percentile, postJson, staffGet, timed } from './lib/http.ts';
import { apiLogin, startServer } from '../e2e/harness.ts';
import { addDays, consoleDay, DAY_MS, dayStart, mondayOf } from '@console/time';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 100_000);
const INVITEES = Number(process.env.BENCH_INVITEES ?? 5_000_000);
const ACTIVE = Number(process.env.BENCH_ACTIVE_SHARE ?? 0.3);
const TREE_PAGES = Number(process.env.BENCH_TREE_PAGES ?? 200);
const UID_BASE = 20_000_000;

/** The Monday (GMT+8) of the week before this one. */
function lastWeek(now = Date.now()): string {
  return addDays(mondayOf(consoleDay(now)), -7);
}

async function generate(url: string, week: string) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const made = new Date(dayStart(week).getTime() - 14 * DAY_MS);
    const t1 = Math.round(INVITEES * 0.6);
    const t2 = INVITEES - t1;
    const t0 = performance.now();
    await db.query(`INSERT INTO partner (id, name) VALUES (1, 'Bench one'), (2, 'Bench two') ON CONFLICT DO NOTHING`);
    // agents, then T1 invitees spread over the agents, then T2 invitees over the T1s
    await db.query(
      `INSERT INTO player (uid, name, register_ip, register_device, registered_at, partner)
      SELECT ${UID_BASE} + i, 'Agent ' || i, '10.' || (i >> 16) || '.' || ((i >> 8) & 255) || '.' || (i & 255), 'a-' || i, $1::timestamptz, 1 + i % 2
      FROM generate_series(1, ${AGENTS}) i`,
      [made],
    );
    await db.query(
      `INSERT INTO player (uid, name, register_ip, register_device, registered_at, partner, inviter_uid)
      SELECT ${UID_BASE + AGENTS} + i, 'T1 ' || i, '11.' || (i >> 16) || '.' || ((i >> 8) & 255) || '.' || (i & 255), 't1-' || i, $1::timestamptz,
        1 + (i % ${AGENTS} + 1) % 2, ${UID_BASE} + 1 + i % ${AGENTS}
      FROM generate_series(1, ${t1}) i`,
      [made],
    );
    await db.query(
      `INSERT INTO player (uid, name, register_ip, register_device, registered_at, partner, inviter_uid)
      SELECT ${UID_BASE + AGENTS + t1} + i, 'T2 ' || i, '12.' || (i >> 16) || '.' || ((i >> 8) & 255) || '.' || (i & 255), 't2-' || i, $1::timestamptz,
        1, ${UID_BASE + AGENTS} + 1 + i % ${t1}
      FROM generate_series(1, ${t2}) i`,
      [made],
    );
    await db.query(
      `INSERT INTO agent (uid, partner, name, created_at, created_by, updated_at)
      SELECT uid, partner, name, $1, 'staff:bench', $1 FROM player WHERE uid BETWEEN ${UID_BASE + 1} AND ${UID_BASE + AGENTS}`,
      [made],
    );
    await db.query(
      `INSERT INTO agent_rate (agent, effective_at, rate, t1, t2, recharge, created_by, created_at)
      SELECT uid, $1, 2500, 2000, 500, 0, 'staff:bench', $1 FROM agent`,
      [made],
    );
    // a week of rake: ACTIVE of the invitees play three days of it
    await db.query(
      `INSERT INTO game_player_day (game, day, uid, partner, rounds, bets, turnover, wins, fees, jackpot)
      SELECT 'tongits', $1::date + d, p.uid, p.partner, 5, 5, 50000, 0, 500 + (p.uid % 97) * 10, 0
      FROM player p, generate_series(0, 6, 2) d
      WHERE p.uid > ${UID_BASE + AGENTS} AND (p.uid * 2654435761::bigint) % 1000 < ${Math.round(ACTIVE * 1000)} AND d < 6`,
      [week],
    );
    await db.query('ANALYZE');
    const counts = await db.query(`SELECT (SELECT count(*) FROM player)::int AS players, (SELECT count(*) FROM game_player_day)::int AS rake_rows`);
    return { seconds: +((performance.now() - t0) / 1000).toFixed(1), ...counts.rows[0] };
  } finally {
    await db.end();
  }
}

export async function agentsBench(pgUrl: string) {
  const week = lastWeek();
  const { url } = await benchDatabase(pgUrl, 'console_bench_agents', async () => false);
  // the server makes the schema (and the demo accounts, no players); its settlement job is off
  const server = await startServer(
    {
      DATABASE_URL: url,
      DEMO: '1',
      DEMO_PLAYERS: '0',
      AGENT_SETTLEMENT_JOB: '0',
      AGENT_SETTLEMENT_TIMING: '1',
      CONSOLE_OPTIONAL_MODULES: 'agentmanager',
      LOG_LEVEL: 'warn',
    },
    { startTimeoutMs: 180_000 },
  );
  try {
    const data = await generate(url, week);
    console.log(`agents: ${AGENTS} agents, ${INVITEES} invitees, ${data.rake_rows} rake rows made in ${data.seconds} s`);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`UPDATE console_account SET partner = 1 WHERE username = 'business'`);
    const temp0 = Number((await admin.query('SELECT temp_bytes FROM pg_stat_database WHERE datname = current_database()')).rows[0].temp_bytes);
    const token = await apiLogin(server.url, 'business');

    const rssBefore = rssKb(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssKb(server.pid));
    }, 100);
    const t0 = performance.now();
    const run = await postJson(`${server.url}/api/agentcooperation/settlements/run`, '{}', { 'x-token': token });
    const settleMs = performance.now() - t0;
    clearInterval(sampler);
    const t1 = performance.now();
    const again = await postJson(`${server.url}/api/agentcooperation/settlements/run`, '{}', { 'x-token': token });
    const againMs = performance.now() - t1;
    const temp1 = Number((await admin.query('SELECT temp_bytes FROM pg_stat_database WHERE datname = current_database()')).rows[0].temp_bytes);
    const written = (
      await admin.query(`SELECT (SELECT count(*) FROM agent_rebate_line)::int AS lines, (SELECT count(*) FROM agent_rebate)::int AS statements,
      (SELECT count(*) FROM agent_rebate WHERE entry IS NOT NULL)::int AS paid, (SELECT coalesce(sum(amount), 0) FROM agent_rebate WHERE entry IS NOT NULL)::bigint AS amount,
      (SELECT count(*) FROM account_entry WHERE reason = 'agent.rebate')::int AS entries`)
    ).rows[0];
    await admin.end();
    // each compute step's time, summed per step over the weeks settled (the server's stderr)
    const steps: Record<string, number> = {};
    for (const m of server.log().matchAll(/agent-settlement (\S+) (\d+) ms/g)) steps[m[1]] = (steps[m[1]] ?? 0) + Number(m[2]);

    // the agent tree page (H5's /agentmanager/preview) and the agentediter page
    const sec = await apiLogin(server.url, 'secadmin');
    const pick = (i: number) => String(UID_BASE + 1 + ((i * 7919) % AGENTS));
    let treeMissing = false;
    const tree = await timed(TREE_PAGES, 4, async (i) => {
      try {
        if (i % 2 === 0) await staffGet(server.url, sec, '/api/agentmanager/preview', { pageSize: '20' });
        else await staffGet(server.url, sec, '/api/agentmanager/preview/invitees', { uid: pick(i), pageSize: '20' });
      } catch {
        treeMissing = true;
      }
    });
    const list = await timed(TREE_PAGES, 4, async (i) => {
      await staffGet(server.url, token, '/api/agentcooperation/agents', { page: String(1 + (i % 50)), pageSize: '20' });
    });
    return {
      agents: AGENTS,
      invitees: INVITEES,
      activeShare: ACTIVE,
      week,
      generated: data,
      settlement: {
        status: run.status,
        seconds: +(settleMs / 1000).toFixed(1),
        answer: (run.body as { data?: unknown }).data ?? run.body,
        ...written,
        serverRssMb: { before: mb(rssBefore), peak: mb(rssPeak) },
        postgresTempMb: Math.round((temp1 - temp0) / 1048576),
        stepsMs: steps,
      },
      secondRun: { status: again.status, ms: Math.round(againMs), answer: (again.body as { data?: unknown }).data ?? again.body },
      treePage: { calls: TREE_PAGES, p50: percentile(tree, 50), p95: percentile(tree, 95), failed: treeMissing },
      agentListPage: { calls: TREE_PAGES, p50: percentile(list, 50), p95: percentile(list, 95) },
    };
  } finally {
    await server.stop();
  }
}

export function agentsSummary(r: Awaited<ReturnType<typeof agentsBench>>): string[] {
  const s = r.settlement;
  return [
    `agents (${r.agents} agents, ${r.invitees} invitees, ${Math.round(r.activeShare * 100)}% with rake, week ${r.week}, PostgreSQL):`,
    `  weekly settlement ${s.seconds} s (status ${s.status}): ${s.lines} lines, ${s.statements} statements, ${s.paid} paid (${s.entries} account entries), ₱${(Number(s.amount) / 100).toFixed(2)}`,
    `  server RSS ${s.serverRssMb.before} → peak ${s.serverRssMb.peak} MB; PostgreSQL temp files ${s.postgresTempMb} MB`,
    `  steps (ms, summed over the weeks settled): ${Object.entries(s.stepsMs)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `  second run ${r.secondRun.ms} ms (nothing to do)`,
    `  agent tree page (/agentmanager/preview) p50 ${r.treePage.p50} ms, p95 ${r.treePage.p95} ms${r.treePage.failed ? ' (some calls failed)' : ''}`,
    `  agentediter list page p50 ${r.agentListPage.p50} ms, p95 ${r.agentListPage.p95} ms`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const r = await agentsBench(pgUrl);
  console.log(agentsSummary(r).join('\n'));
  console.log(JSON.stringify(r, null, 2));
}
