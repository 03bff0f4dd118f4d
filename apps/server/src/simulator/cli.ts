/**
 * `npm run simulate -- [options]`: plays a realistic game platform against a console's
 * platform API, signed as an application (contract "Platform API").
 *
 *   backfill (default)  --players 2000 --days 30: history up to now (events carry past `at`);
 *                       deterministic for --seed; a second start sends nothing (--force resends,
 *                       which the console answers as duplicates)
 *   --live --rate 50    now, about that many actions (events, wallet calls, the apps' calls:
 *                       activities, remote configuration, announcements, inbox, message reads and
 *                       claims, SMS routes) a second, until Ctrl-C (or --seconds N)
 *
 * Other options: --url http://127.0.0.1:8080, --app demo-app, --secret demo-platform-secret,
 * --seed and --uid-base (backfill: 1 and 1000000, players 1000001… apart from the demo seed's;
 * live: the demo seed's population, 20261122 and 100000), --end <ISO time> (backfill; default
 * the current hour),
 * --partners 1,2 (partners that exist; "none" for all partner 0), --share-codes SL1001,GP1001,
 * --concurrency 8 (wallet calls in flight).
 */
import { parseArgs } from 'node:util';
import { runBackfill } from './backfill';
import { runLive } from './live';
import { DEMO_POPULATION, DEMO_SHARE_CODES } from './population';
import { activitySummary, appProgress, appSummary, summary } from './report';
import { httpCarrier, SignedClient } from './transport';

const HOUR = 3_600_000;

function fail(message: string): never {
  console.error(`simulate: ${message}`);
  process.exit(2);
}

function whole(name: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) fail(`--${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  return Number(raw);
}

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    app: { type: 'string', default: 'demo-app' },
    secret: { type: 'string', default: 'demo-platform-secret' },
    players: { type: 'string', default: '2000' },
    days: { type: 'string', default: '30' },
    seed: { type: 'string' },
    'uid-base': { type: 'string' },
    end: { type: 'string' },
    partners: { type: 'string', default: '1,2' },
    'share-codes': { type: 'string', default: `${DEMO_SHARE_CODES.sales},${DEMO_SHARE_CODES.groundpromoter}` },
    concurrency: { type: 'string', default: '8' },
    live: { type: 'boolean', default: false },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string' },
    force: { type: 'boolean', default: false },
  },
  strict: true,
});

const seed = whole('seed', values.seed ?? String(values.live ? DEMO_POPULATION.seed : 1), 0, 2 ** 32 - 1);
const uidBase = whole('uid-base', values['uid-base'] ?? String(values.live ? DEMO_POPULATION.uidBase : 1_000_000), 0, 2_000_000_000);
const concurrency = whole('concurrency', values.concurrency, 1, 256);
const partners = values.partners === 'none' ? [] : values.partners.split(',').map((p) => whole('partners', p.trim(), 1, 2 ** 31 - 1));
const [sales, groundpromoter] = values['share-codes'].split(',');
if (!sales || !groundpromoter) fail('--share-codes needs two codes: sales,groundpromoter');
const shareCodes = { sales, groundpromoter };
const client = new SignedClient(httpCarrier(values.url), {
  appId: values.app,
  secret: values.secret,
  onRetry: (path, attempt, reason) => console.error(`  retry ${attempt} of ${path}: ${reason}`),
});

try {
  if (values.live) {
    const rate = whole('rate', values.rate, 1, 100_000);
    const controller = new AbortController();
    process.on('SIGINT', () => {
      console.log('\nstopping: settling open sittings…');
      controller.abort();
    });
    console.log(`live against ${values.url} as ${values.app}: about ${rate} actions/s, seed ${seed}, uids from ${uidBase + 1} (Ctrl-C stops)`);
    let lastPrint = 0;
    const result = await runLive({
      transport: client,
      seed,
      rate,
      uidBase,
      partners,
      shareCodes,
      concurrency,
      signal: controller.signal,
      seconds: values.seconds ? whole('seconds', values.seconds, 1, 10_000_000) : undefined,
      onTick: (p) => {
        if (p.seconds - lastPrint < 5) return;
        lastPrint = p.seconds;
        console.log(
          `  ${p.seconds.toFixed(0)} s: ${p.actions} actions (${(p.actions / p.seconds).toFixed(1)}/s), ${p.players} players, ${p.seated} seated; ${appProgress(p.app)}`,
        );
      },
    });
    console.log(summary(result.stats, result.actions, result.ms, client.retries));
    console.log(activitySummary(result.activities));
    console.log(appSummary(result.app));
  } else {
    const players = whole('players', values.players, 1, 10_000_000);
    const days = whole('days', values.days, 1, 3650);
    const end = values.end ? Date.parse(values.end) : Math.floor(Date.now() / HOUR) * HOUR;
    if (!Number.isFinite(end)) fail(`--end is not a time: ${values.end}`);
    console.log(
      `backfill against ${values.url} as ${values.app}: ${players} players (uids ${uidBase + 1}…), ${days} days up to ${new Date(end).toISOString()}, seed ${seed}`,
    );
    const started = Date.now();
    const result = await runBackfill({
      transport: client,
      seed,
      players,
      days,
      end,
      uidBase,
      partners,
      shareCodes,
      concurrency,
      force: values.force,
      onDay: (p) => {
        const seconds = (Date.now() - started) / 1000;
        console.log(`  day ${p.day}/${p.days}: ${p.actions} actions, ${p.stats.calls} calls, ${(p.actions / seconds).toFixed(0)} actions/s`);
      },
    });
    if (result.skipped) {
      console.log(`already there: player ${uidBase + players} exists, nothing sent (--force sends the same ids again)`);
    } else {
      console.log(summary(result.stats, result.actions, result.ms, client.retries));
      console.log(
        'note: wallet calls carry no time (contract), so the console stamps their ledger entries now; the demo seed plays in process and moves the clock instead',
      );
    }
  }
} catch (error) {
  fail((error as Error).message);
}
