/**
 * A broadcast to a large segment on PostgreSQL: the preview's count and time, the send's
 * delivery time, and the process memory (RSS, heap) while the job runs — it holds one chunk of
 * 2,000 uids at a time, so memory stays flat whatever the segment's size. Runs only with
 * MESSAGES_SCALE_PLAYERS (e.g. 1000000) and TEST_DATABASE_URL:
 *   MESSAGES_SCALE_PLAYERS=1000000 TEST_DATABASE_URL=postgres://… npx vitest run --project unit apps/server/src/domains/messages/scale.test.ts
 * Figures: docs/decisions/016-messages.md.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { startMessageJobs } from './jobs';

const PLAYERS = Number(process.env.MESSAGES_SCALE_PLAYERS ?? 0);
const postgres = databases().filter((d) => d.kind === 'postgres');

describe.skipIf(!PLAYERS || postgres.length === 0).each(postgres)('a broadcast to a large segment on $kind', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
    const started = Date.now();
    // players as the platform would have them: a quarter inactive for 10+ days, one in 30 paying
    await sql`INSERT INTO player (uid, name, register_ip, register_device, registered_at, last_login_at, vip, partner)
      SELECT g, 'P' || g, '10.0.0.1', 'd' || g, now() - interval '60 days',
        now() - ((g % 40) || ' days')::interval, g % 8, (g % 5 = 0)::int
      FROM generate_series(1, ${PLAYERS}) AS g`.execute(t.database.owner);
    await sql`ANALYZE player`.execute(t.database.owner);
    console.log(`inserted ${PLAYERS} players in ${Date.now() - started} ms`);
  }, 600_000);
  afterAll(async () => t?.close());

  it('previews, sends and delivers with memory held flat', async () => {
    const token = await t.loginAs('secadmin');
    const segment = { kind: 'segment', segment: { inactiveDays: 10 } };
    let at = Date.now();
    const preview = await t.post('/api/messages/broadcast/preview', { target: segment, attachment: { currency: 'bean', amount: 100 } }, token);
    const previewMs = Date.now() - at;
    expect(preview.status).toBe(200);
    const expected = preview.body.data.players as number;
    at = Date.now();
    const sent = await t.post('/api/messages/broadcast/send', { target: segment, titleEn: 'We miss you, {name}', contentEn: '<p>{amount} for you</p>',
      attachment: { currency: 'bean', amount: 100 }, expiresInDays: 7 }, token);
    const sendMs = Date.now() - at;
    expect(sent.body.data.planned).toBe(expected);
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => { const m = process.memoryUsage(); peakRss = Math.max(peakRss, m.rss); peakHeap = Math.max(peakHeap, m.heapUsed); }, 100);
    at = Date.now();
    await startMessageJobs(t.database.db, () => new Date(t.clock.now));
    const deliverMs = Date.now() - at;
    clearInterval(sampler);
    const row = await t.database.db.selectFrom('message_send').select(['status', 'delivered']).where('id', '=', sent.body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', delivered: expected });
    const mb = (n: number) => Math.round(n / 1_048_576);
    console.log(JSON.stringify({
      players: PLAYERS, reached: expected, previewMs, sendMs, deliverMs, perSecond: Math.round(expected / (deliverMs / 1000)),
      rssBeforeMb: mb(before.rss), rssPeakMb: mb(peakRss), heapBeforeMb: mb(before.heapUsed), heapPeakMb: mb(peakHeap),
    }));
  }, 1_800_000);
});
