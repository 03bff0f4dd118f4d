// The broadcast benchmark : a personal message with an attachment
// of beans to a segment of BENCH_BROADCAST_PLAYERS players (default 1,000,000) on PostgreSQL, in
// a database of its own with bulk-made players (bench/lib/messages-data.ts: the segment
// `inactiveDays: 10` plus a quarter as many active players outside it). Measures, against the
// real server process and through the staff calls the broadcast screen makes (as secadmin):
//   1. the preview (POST /api/messages/broadcast/preview): its count, against the players
//      generated in the segment, and its time (median of BENCH_BROADCAST_PREVIEWS calls, default 5);
//   2. the send (POST /api/messages/broadcast/send): the call's time (the send stored, its
//      operation-log record written), then its job's progress polled as the screen does
//      (GET /api/messages/broadcast/progress, every BENCH_BROADCAST_POLL_MS, default 500) until
//      done: the time from the send to done as the polls saw it, the job's own (finished − created), players
//      delivered a second, each poll's latency;
//   3. memory: the server process's RSS (from /proc) sampled every 100 ms from before the send to
//      done, its peak, and its value as delivery passed each tenth of the audience (flat when the
//      job holds one chunk at a time, whatever the audience's size);
//   4. afterwards, the database: one player_message per player of the segment, none outside it.
// A benchmark, not a test: it asserts nothing and prints what it measured (and what it found wrong).
import { loadavg } from 'node:os';
import pg from 'pg';
import { mb, rssKb } from './lib/proc.ts';
import { benchDatabase, firstValueIs } from './lib/database';
import { percentile, postJson, staffGet } from './lib/http.ts';
import { apiLogin, startServer, type RunningServer } from '../e2e/harness.ts';
import { BROADCAST_SEGMENT, generateMessagePlayers, messagePlayerShape } from './lib/messages-data.ts';

const SEGMENT = Number(process.env.BENCH_BROADCAST_PLAYERS ?? 1_000_000);
const PREVIEWS = Number(process.env.BENCH_BROADCAST_PREVIEWS ?? 5);
const POLL_MS = Number(process.env.BENCH_BROADCAST_POLL_MS ?? 500);
const UID_BASE = 10_000_000;
const TITLE = 'Bench: we miss you, {name}';
const ATTACHMENT = { currency: 'bean', amount: 100 } as const;

/** A staff POST; the answer's data, or an error naming the path. */
async function staffPost(url: string, token: string, path: string, body: unknown) {
  const { status, body: answer } = await postJson(url + path, JSON.stringify(body), { 'x-token': token });
  if (answer.code !== 200) throw new Error(`${path}: ${status} ${answer.message}`);
  return answer.data;
}

async function broadcast(server: RunningServer, dbUrl: string, expected: number) {
  const token = await apiLogin(server.url, 'secadmin');
  const target = { kind: 'segment', segment: BROADCAST_SEGMENT };
  // the preview, as the screen asks before the send button is enabled (first call not counted)
  await staffPost(server.url, token, '/api/messages/broadcast/preview', { target, attachment: ATTACHMENT });
  const previewTimes: number[] = [];
  let preview: { players: number; exposure: number } = { players: 0, exposure: 0 };
  for (let i = 0; i < PREVIEWS; i++) {
    const t0 = performance.now();
    preview = await staffPost(server.url, token, '/api/messages/broadcast/preview', { target, attachment: ATTACHMENT });
    previewTimes.push(performance.now() - t0);
  }

  // the server's memory from before the send to done
  const rssBefore = rssKb(server.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssKb(server.pid));
  }, 100);
  const byTenth: (number | null)[] = Array(10).fill(null);
  const polls: number[] = [];
  const t0 = performance.now();
  let sent: { id: number; planned: number };
  let sendMs = 0;
  let last: { status: string; planned: number; delivered: number; createdAt?: string; finishedAt?: string | null } = {
    status: 'running',
    planned: 0,
    delivered: 0,
  };
  try {
    sent = await staffPost(server.url, token, '/api/messages/broadcast/send', {
      target,
      titleEn: TITLE,
      titleZh: '测试：{name}，我们想你了',
      contentEn: '<p>{amount} beans for you, {name}. Come back and play!</p>',
      attachment: ATTACHMENT,
      expiresInDays: 7,
    });
    sendMs = performance.now() - t0;
    for (;;) {
      const p0 = performance.now();
      last = await staffGet(server.url, token, '/api/messages/broadcast/progress', { id: String(sent.id) });
      polls.push(performance.now() - p0);
      const tenth = Math.min(9, Math.floor((last.delivered / Math.max(1, last.planned)) * 10));
      for (let k = 0; k <= tenth; k++) byTenth[k] ??= rssKb(server.pid);
      if (last.status !== 'running') break;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    clearInterval(sampler);
  }
  const doneSeconds = (performance.now() - t0) / 1000;
  // the job's own duration, from the send's stored times (the polls see it to within POLL_MS)
  const jobSeconds = last.finishedAt && last.createdAt ? (Date.parse(last.finishedAt) - Date.parse(last.createdAt)) / 1000 : doneSeconds;
  rssPeak = Math.max(rssPeak, rssKb(server.pid));

  // what the database holds: one message per player of the segment, none outside it
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  let inDatabase;
  try {
    const row = (
      await client.query(
        `
      SELECT count(*) AS messages, count(DISTINCT m.uid) AS players,
        count(*) FILTER (WHERE coalesce(p.last_login_at, p.registered_at) > now() - interval '10 days') AS outside
      FROM player_message m JOIN player p ON p.uid = m.uid WHERE m.send_id = $1`,
        [sent.id],
      )
    ).rows[0];
    inDatabase = { messages: Number(row.messages), players: Number(row.players), outsideSegment: Number(row.outside) };
  } finally {
    await client.end();
  }

  const rssTenths = byTenth.map((k) => (k === null ? null : mb(k)));
  const seen = rssTenths.filter((x): x is number => x !== null);
  return {
    segment: BROADCAST_SEGMENT,
    attachment: ATTACHMENT,
    preview: {
      players: preview.players,
      expected,
      matches: preview.players === expected,
      exposure: preview.exposure,
      medianMs: percentile(previewTimes, 50),
      runsMs: previewTimes.map(Math.round),
    },
    send: {
      id: sent.id,
      planned: sent.planned,
      callMs: Math.round(sendMs),
      status: last.status,
      delivered: last.delivered,
      secondsToDone: +doneSeconds.toFixed(1),
      jobSeconds: +jobSeconds.toFixed(2),
      deliveredPerSecond: Math.round(last.delivered / Math.max(0.001, jobSeconds)),
      progressCalls: polls.length,
      progressP50ms: percentile(polls, 50),
      progressP95ms: percentile(polls, 95),
    },
    memory: {
      serverRssBeforeMB: mb(rssBefore),
      serverRssPeakMB: mb(rssPeak),
      growthMB: mb(rssPeak - rssBefore),
      // RSS at the first poll past each tenth of the audience (tenths passed between two polls share that poll's sample)
      serverRssByTenthMB: rssTenths,
      firstToLastTenthMB: seen.length >= 2 ? seen[seen.length - 1] - seen[0] : null,
    },
    inDatabase,
    allDelivered:
      last.status === 'done' &&
      last.delivered === expected &&
      inDatabase.messages === expected &&
      inDatabase.players === expected &&
      inDatabase.outsideSegment === 0,
  };
}

export async function messagesBench(pgUrl: string) {
  const shape = messagePlayerShape(SEGMENT);
  // BENCH_MESSAGES_DB names the database; BENCH_REUSE=1 keeps its players when they are of this
  // size (lib/database.ts; earlier bench sends' messages are removed).
  const name = process.env.BENCH_MESSAGES_DB ?? 'console_bench_messages';
  const { url: dbUrl, reuse } = await benchDatabase(pgUrl, name, firstValueIs('SELECT segment FROM bench_messages_data', 'segment', SEGMENT));

  // demo accounts without the simulated demo players (the bulk players stand in for them)
  const server = await startServer({ DATABASE_URL: dbUrl, DEMO: '1', DEMO_PLAYERS: '0' });
  const results: Record<string, unknown> = { segmentPlayers: SEGMENT, players: shape.total };
  try {
    const owner = new pg.Client({ connectionString: dbUrl });
    await owner.connect();
    if (!reuse) {
      console.log(`generating ${shape.total} players, ${shape.inSegment} of them inactive for 10 days or more …`);
      const data = await generateMessagePlayers(dbUrl, { segment: SEGMENT, uidBase: UID_BASE });
      await owner.query(
        'CREATE TABLE bench_messages_data (segment bigint NOT NULL, players bigint NOT NULL, generated_at timestamptz NOT NULL, seconds integer NOT NULL)',
      );
      await owner.query('INSERT INTO bench_messages_data VALUES ($1, $2, now(), $3)', [SEGMENT, shape.total, data.seconds]);
      results.generateSeconds = data.seconds;
    } else {
      // the earlier runs' messages out of the table, so that each run writes into the same one
      const { rowCount } = await owner.query("DELETE FROM player_message WHERE send_id IN (SELECT id FROM message_send WHERE title_en LIKE 'Bench:%')");
      await owner.query('VACUUM player_message');
      console.log(`reusing ${name}: ${shape.total} players (${rowCount} earlier bench messages removed)`);
      results.reused = true;
    }
    await owner.end();
    results.loadAverage = loadavg().map((l) => +l.toFixed(2));
    try {
      results.broadcast = await broadcast(server, dbUrl, shape.inSegment);
    } catch (error) {
      results.broadcast = { error: (error as Error).message };
    }
    console.log('broadcast', JSON.stringify(results.broadcast));
  } finally {
    await server.stop();
  }
  results.loadAverageAfter = loadavg().map((l) => +l.toFixed(2));
  return results;
}

/** The figures, one line each. */
export function messagesSummary(r: Record<string, any>): string[] {
  const b = r.broadcast ?? {};
  if (!b.preview) return [`messages (bench/messages.ts): ${JSON.stringify(r)}`];
  const m = b.memory;
  return [
    `messages (bench/messages.ts): a broadcast to a segment of ${b.preview.expected} players (of ${r.players})${r.generateSeconds !== undefined ? `, generated in ${r.generateSeconds} s` : ''}`,
    `  preview: ${b.preview.players} players (${b.preview.matches ? 'the generated segment' : `EXPECTED ${b.preview.expected}`}) in ${b.preview.medianMs} ms (median of ${b.preview.runsMs.length})`,
    `  send: stored in ${b.send.callMs} ms; ${b.send.status} after ${b.send.secondsToDone} s as the progress calls saw it (the job: ${b.send.jobSeconds} s, ${b.send.deliveredPerSecond} players/s); progress calls p50 ${b.send.progressP50ms} ms, p95 ${b.send.progressP95ms} ms over ${b.send.progressCalls}`,
    `  server RSS: ${m.serverRssBeforeMB} MB before, ${m.serverRssPeakMB} MB at peak (+${m.growthMB}); by tenth delivered: ${m.serverRssByTenthMB.map((x: number | null) => x ?? '-').join(' ')} MB`,
    `  in the database: ${b.inDatabase.messages} messages to ${b.inDatabase.players} players, ${b.inDatabase.outsideSegment} outside the segment; all delivered: ${b.allDelivered}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { playersBenchUrl } = await import('./players.ts');
  const results = await messagesBench(playersBenchUrl());
  console.log(JSON.stringify(results, null, 2));
  console.log(messagesSummary(results).join('\n'));
}
