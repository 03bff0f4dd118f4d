/**
 * The platform's side of app-settings (docs/api/appsettings.md), played through the signed
 * platform API:
 *   - an app fetches its remote configuration (GET /api/platform/appsettings) and fetches it
 *     again with the ETag it got: the second answer is a 304;
 *   - verification codes: for each, the platform asks which provider to use (GET
 *     /api/platform/sms/route), sends the code through it (event sms.sent) and reports the
 *     provider's delivery result seconds later (event sms.result). Providers deliver 93–99%;
 *     Semaphore has a bad evening (19:00–23:00 on the third day: 65% fail), so the console
 *     skips it once its failures pass the limit and Movider carries +63 until it recovers.
 * The demo seed plays a week of codes in process (`playDemoSms`: app.inject on an app built
 * for it, its clock at each code's moment); `playSms` takes any signed caller.
 */
import { defaultConfig, type ServerConfig } from '../config';
import type { Db } from '../db/open';
import { Rng, seedOf } from './rng';
import { sign } from './transport';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface SignedCall {
  (method: 'GET' | 'POST', path: string, payload: string, at: number, headers?: Record<string, string>): Promise<{ status: number; body: string; etag?: string }>;
}

export interface SmsPlayStats { configs: number; notModified: number; routed: number; unrouted: number; sent: number; delivered: number; failed: number; rerouted: number }

const PURPOSES = [['login', 45], ['register', 25], ['bind', 18], ['reset', 12]] as const;
/** Abroad: Singapore, Malaysia, the US, Hong Kong, the UAE (OFWs and travellers). */
const ABROAD = [['65', 30], ['60', 20], ['1', 20], ['852', 15], ['971', 15]] as const;

/** The chance a provider's code fails at a moment (Semaphore's bad evening on day 3 of the window). */
function failChance(provider: string, at: number, start: number): number {
  const day = Math.floor((at - start) / DAY);
  const hour = new Date(at + 8 * HOUR).getUTCHours();
  if (provider === 'Semaphore') return day === 2 && hour >= 19 && hour < 23 ? 0.65 : 0.03;
  if (provider === 'Movider') return 0.05;
  if (provider === 'Infobip') return 0.07;
  return 0.01;
}

const FAIL_PERCENT: Record<string, number> = { Semaphore: 3, Movider: 5, Infobip: 7 };
const REASONS = ['Carrier rejected', 'Handset unreachable', 'Timeout'] as const;

/**
 * The delivery report of a code the backfill's players get (behaviour.ts): drawn from the code
 * itself, not from the run's random source, so the rest of a seeded run stays as it was.
 */
export function smsReport(code: string, provider: string): { after: number; data: { result: 'delivered' | 'failed'; reason?: string } } {
  const n = Number(code) || 0;
  const failed = (n % 1000) / 10 < (FAIL_PERCENT[provider] ?? 1);
  return { after: (2 + (n % 37)) * 1000, data: failed ? { result: 'failed', reason: REASONS[n % REASONS.length]! } : { result: 'delivered' } };
}

/** `days` days of codes ending at `end`, `perDay` a day (evening-heavy), and two configuration fetches. */
export async function playSms(call: SignedCall, o: { end: number; days: number; perDay: number; seed?: number }): Promise<SmsPlayStats> {
  const rng = new Rng(seedOf('appsettings-sms', o.seed ?? 1, o.end));
  const stats: SmsPlayStats = { configs: 0, notModified: 0, routed: 0, unrouted: 0, sent: 0, delivered: 0, failed: 0, rerouted: 0 };
  const start = Math.floor((o.end - o.days * DAY) / DAY) * DAY;

  const first = await call('GET', '/api/platform/appsettings', 'package=com.demo', start);
  if (first.status === 200) {
    stats.configs += 1;
    const again = await call('GET', '/api/platform/appsettings', 'package=com.demo', start + 1000, { 'if-none-match': first.etag ?? '' });
    if (again.status === 304) stats.notModified += 1;
  }

  const moments: number[] = [];
  for (let d = 0; d < o.days; d++) {
    for (let i = 0; i < o.perDay; i++) {
      // GMT+08:00 hours weighted to the evening peak
      const hour = rng.weighted([[8, 2], [10, 3], [12, 4], [14, 4], [16, 5], [18, 7], [19, 8], [20, 9], [21, 9], [22, 7], [23, 4], [1, 2]]);
      const at = start + d * DAY + (hour - 8) * HOUR + rng.int(0, HOUR - 1);
      if (at < o.end) moments.push(at);
    }
  }
  moments.sort((a, b) => a - b);
  let n = 0;
  for (const at of moments) {
    n += 1;
    const abroad = rng.chance(0.12);
    const country = abroad ? rng.weighted(ABROAD) : '63';
    const number = abroad ? String(rng.int(10_000_000, 99_999_999)) : `9${rng.int(100_000_000, 999_999_999)}`;
    const purpose = rng.weighted(PURPOSES);
    const asked = await call('GET', '/api/platform/sms/route', `country=${country}&number=${number}&purpose=${purpose}`, at);
    if (asked.status !== 200) { stats.unrouted += 1; continue; }
    stats.routed += 1;
    const chosen = JSON.parse(asked.body).data as { provider: string; skipped: unknown[] };
    if (chosen.skipped.length > 0) stats.rerouted += 1;
    const code = String(rng.int(0, 999_999)).padStart(6, '0');
    const failed = rng.chance(failChance(chosen.provider, at, start));
    const phone = { country, number };
    const id = `sms-${o.seed ?? 1}-${start}-${n}`;
    const events = [
      { id: `${id}-sent`, type: 'sms.sent', at: new Date(at).toISOString(), data: { phone, code, provider: chosen.provider, purpose } },
      {
        id: `${id}-result`, type: 'sms.result', at: new Date(at + rng.int(2, 40) * 1000).toISOString(),
        data: { phone, code, provider: chosen.provider, result: failed ? 'failed' : 'delivered', ...(failed ? { reason: rng.pick(['Carrier rejected', 'Handset unreachable', 'Timeout']) } : {}) },
      },
    ];
    const posted = await call('POST', '/api/platform/events', JSON.stringify({ events }), at + 1000);
    if (posted.status === 200) {
      stats.sent += 1;
      if (failed) stats.failed += 1; else stats.delivered += 1;
    }
  }
  return stats;
}

/** The demo seed's codes: in process, signed as demo-app, the app's clock at each call's moment. */
export async function playDemoSms(db: Db, o: { end: number; days: number; perDay: number }, base?: ServerConfig): Promise<SmsPlayStats | null> {
  const application = await db.selectFrom('platform_application').select(['app_id', 'secret']).where('app_id', '=', 'demo-app').executeTakeFirst();
  if (!application) return null;
  const { buildApp } = await import('../app'); // the app imports this domain's seed: loaded when played, not at import
  let clock = o.end;
  const app = await buildApp({ db, config: { ...(base ?? defaultConfig()), now: () => clock, webDist: undefined }, batchWorker: false });
  await app.ready();
  try {
    const call: SignedCall = async (method, path, payload, at, headers = {}) => {
      clock = at;
      const timestamp = String(at);
      const signed = { 'x-app-id': application.app_id, 'x-timestamp': timestamp, 'x-signature': sign(application.secret, timestamp, payload), ...headers };
      const res = await app.inject(method === 'GET'
        ? { method, url: `${path}?${payload}`, headers: signed }
        : { method, url: path, payload, headers: { ...signed, 'content-type': 'application/json' } });
      return { status: res.statusCode, body: res.body, etag: typeof res.headers.etag === 'string' ? res.headers.etag : undefined };
    };
    return await playSms(call, o);
  } finally {
    await app.close();
  }
}
