/**
 * The platform's side of app-settings (docs/api/appsettings.md), played through the signed
 * platform API:
 *   - an app fetches its remote configuration (GET /api/platform/appsettings) and fetches it
 *     again with the ETag it got: the second answer is a 304 (`fetchConfig`);
 *   - verification codes: for each, the platform asks which provider to use (GET
 *     /api/platform/sms/route, `routeCode`), sends the code through it (event sms.sent) and
 *     reports the provider's delivery result seconds later (event sms.result). Providers deliver
 *     93–99% (`failChance`); Semaphore has a bad evening (19:00–23:00 on the third day: 65%
 *     fail), so the console skips it once its failures pass the limit and Movider carries +63
 *     until it recovers.
 * The demo seed plays a week of codes in process (`playDemoSms`: app.inject on an app built
 * for it, its clock at each code's moment); `playSms` takes any signed caller. Live mode's apps
 * (app-open.ts) use the same pieces for their players' codes and configuration.
 */
import { defaultConfig, type ServerConfig } from '../config';
import type { Db } from '../db/open';
import { applicationSecret } from '../domains/platform/applications';
import { Rng, seedOf } from './rng';
import { injectCarrier, SignedClient } from './transport';
import type { Phone, SignedCall } from './types';
import { consoleHour } from '@console/time';

export type { SignedCall } from './types';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface SmsPlayStats {
  configs: number;
  notModified: number;
  routed: number;
  unrouted: number;
  sent: number;
  delivered: number;
  failed: number;
  rerouted: number;
}

export const newSmsPlayStats = (): SmsPlayStats => ({ configs: 0, notModified: 0, routed: 0, unrouted: 0, sent: 0, delivered: 0, failed: 0, rerouted: 0 });

const PURPOSES = [
  ['login', 45],
  ['register', 25],
  ['bind', 18],
  ['reset', 12],
] as const;
/** Abroad: Singapore, Malaysia, the US, Hong Kong, the UAE (OFWs and travellers). */
const ABROAD = [
  ['65', 30],
  ['60', 20],
  ['1', 20],
  ['852', 15],
  ['971', 15],
] as const;

/** Percent of a provider's codes that fail on an ordinary day (any other provider: 1%). */
const FAIL_PERCENT: Record<string, number> = { Semaphore: 3, Movider: 5, Infobip: 7 };
/** Why a code failed, as the providers report it. */
export const SMS_FAILURE_REASONS = ['Carrier rejected', 'Handset unreachable', 'Timeout'] as const;

/**
 * The chance a provider's code fails at `at`: its ordinary rate, or 65% for Semaphore during its
 * bad evening (19:00–23:00 GMT+08:00 on the third day of a window that starts at `start`).
 */
export function failChance(provider: string, at?: number, start?: number): number {
  if (provider === 'Semaphore' && at !== undefined && start !== undefined) {
    const day = Math.floor((at - start) / DAY);
    const hour = consoleHour(at);
    if (day === 2 && hour >= 19 && hour < 23) return 0.65;
  }
  return (FAIL_PERCENT[provider] ?? 1) / 100;
}

/**
 * The delivery report of a code (the backfill's players, behaviour.ts; live mode's codes, app-open.ts):
 * drawn from the code itself, not from a run's random source, so the rest of a seeded run stays
 * as it was: failed at the provider's ordinary rate, 2–38 s after the code was sent.
 */
export function smsReport(code: string, provider: string): { after: number; data: { result: 'delivered' | 'failed'; reason?: string } } {
  const n = Number(code) || 0;
  const failed = (n % 1000) / 10 < (FAIL_PERCENT[provider] ?? 1);
  return {
    after: (2 + (n % 37)) * 1000,
    data: failed ? { result: 'failed', reason: SMS_FAILURE_REASONS[n % SMS_FAILURE_REASONS.length] } : { result: 'delivered' },
  };
}

/** The provider the console answers for a code (GET /api/platform/sms/route), counted in `stats`; null when it routes none (404, 409). */
export async function routeCode(
  call: SignedCall,
  phone: Phone,
  purpose: string,
  at: number,
  stats: SmsPlayStats,
): Promise<{ provider: string; skipped: unknown[] } | null> {
  // a leading + is dropped (and would be a space in a query string)
  const asked = await call('GET', '/api/platform/sms/route', `country=${phone.country.replace(/^\+/, '')}&number=${phone.number}&purpose=${purpose}`, at);
  if (asked.status !== 200) {
    stats.unrouted += 1;
    return null;
  }
  stats.routed += 1;
  const chosen = JSON.parse(asked.body).data as { provider: string; skipped: unknown[] };
  if (chosen.skipped.length > 0) stats.rerouted += 1;
  return chosen;
}

/**
 * GET /api/platform/appsettings for a package (and the player the app runs for), with
 * If-None-Match naming the ETag kept in `etags` for that package: a 200 (counted in `configs`)
 * keeps its ETag, a 304 (`notModified`) means the app's copy is current. Returns the status.
 */
/**
 * A GET an app repeats with the ETag it kept for `key` (its package) as If-None-Match: 200 keeps
 * the new ETag, 304 means unchanged. Returns the status.
 */
export async function conditionalGet(call: SignedCall, path: string, query: string, at: number, etags: Map<string, string>, key: string): Promise<number> {
  const known = etags.get(key);
  const answer = await call('GET', path, query, at, known ? { 'if-none-match': known } : {});
  if (answer.status === 200 && answer.etag) etags.set(key, answer.etag);
  return answer.status;
}

export async function fetchConfig(
  call: SignedCall,
  pkg: string,
  at: number,
  etags: Map<string, string>,
  stats: SmsPlayStats,
  who: { uid?: number; deviceId?: string; ip?: string } = {},
): Promise<number> {
  const query = [
    `package=${encodeURIComponent(pkg)}`,
    ...Object.entries(who)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`),
  ].join('&');
  const status = await conditionalGet(call, '/api/platform/appsettings', query, at, etags, pkg);
  if (status === 200) stats.configs += 1;
  else if (status === 304) stats.notModified += 1;
  return status;
}

/** `days` days of codes ending at `end`, `perDay` a day (evening-heavy), and two configuration fetches. */
export async function playSms(call: SignedCall, o: { end: number; days: number; perDay: number; seed?: number }): Promise<SmsPlayStats> {
  const rng = new Rng(seedOf('appsettings-sms', o.seed ?? 1, o.end));
  const stats = newSmsPlayStats();
  const start = Math.floor((o.end - o.days * DAY) / DAY) * DAY;

  const etags = new Map<string, string>();
  if ((await fetchConfig(call, 'com.demo', start, etags, stats)) === 200) await fetchConfig(call, 'com.demo', start + 1000, etags, stats);

  const moments: number[] = [];
  for (let d = 0; d < o.days; d++) {
    for (let i = 0; i < o.perDay; i++) {
      // GMT+08:00 hours weighted to the evening peak
      const hour = rng.weighted([
        [8, 2],
        [10, 3],
        [12, 4],
        [14, 4],
        [16, 5],
        [18, 7],
        [19, 8],
        [20, 9],
        [21, 9],
        [22, 7],
        [23, 4],
        [1, 2],
      ]);
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
    const phone = { country, number };
    const chosen = await routeCode(call, phone, purpose, at, stats);
    if (!chosen) continue;
    const code = String(rng.int(0, 999_999)).padStart(6, '0');
    const failed = rng.chance(failChance(chosen.provider, at, start));
    const id = `sms-${o.seed ?? 1}-${start}-${n}`;
    const events = [
      { id: `${id}-sent`, type: 'sms.sent', at: new Date(at).toISOString(), data: { phone, code, provider: chosen.provider, purpose } },
      {
        id: `${id}-result`,
        type: 'sms.result',
        at: new Date(at + rng.int(2, 40) * 1000).toISOString(),
        data: { phone, code, provider: chosen.provider, result: failed ? 'failed' : 'delivered', ...(failed ? { reason: rng.pick(SMS_FAILURE_REASONS) } : {}) },
      },
    ];
    const posted = await call('POST', '/api/platform/events', JSON.stringify({ events }), at + 1000);
    if (posted.status === 200) {
      stats.sent += 1;
      if (failed) stats.failed += 1;
      else stats.delivered += 1;
    }
  }
  return stats;
}

/** The demo seed's codes: in process, signed as demo-app, the app's clock at each call's moment. */
export async function playDemoSms(db: Db, o: { end: number; days: number; perDay: number }, base?: ServerConfig): Promise<SmsPlayStats | null> {
  const application = await applicationSecret(db, 'demo-app');
  if (!application) return null;
  const { buildApp } = await import('../app'); // the app imports this domain's seed: loaded when played, not at import
  let clock = o.end;
  const app = await buildApp({ db, config: { ...(base ?? defaultConfig()), now: () => clock, webDist: undefined }, batchWorker: false });
  await app.ready();
  try {
    const client = new SignedClient(injectCarrier(app), {
      appId: 'demo-app',
      secret: application.secret,
      now: () => clock,
      setClock: (at) => {
        clock = at;
      },
    });
    return await playSms((method, path, payload, at, headers) => client.signed(method, path, payload, at, headers), o);
  } finally {
    await app.close();
  }
}
