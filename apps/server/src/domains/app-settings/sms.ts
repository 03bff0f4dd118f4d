/**
 * SMS: the routing call the platform asks before sending a code, the delivery results it reports
 * (event `sms.result`, beside platform_events_apply), smsconfig's one document, and the log
 * (/remoteconfig/sms/smslogs) over sms_log, which the `sms.sent` event already fills
 * (migrations 005, 014, 020): this domain adds the result columns (031), never a second log.
 * The log shows a code masked to its last two digits, in the list and in the export: a staff
 * member reading a live code could sign in as the player (docs/decisions/017-app-settings.md).
 */
import { smsLogItem, smsRouteAnswer, smsRouteQuery, smsSettingsBody, SMS_RESULTS, type PlatformEventResult } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { conflict, notFound } from '../../http/api-error';
import { custom, dateRange, defineList, eqText, listOperations, sortBy, type FilterBuilder } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import { definePlatformOperation } from '../../http/platform-operation';
import { isoInConsoleZone } from '../../http/time';
import { saveItem, versionOperations } from '../../settings/versions';
import { resultsOf, type ResultRow } from '../platform/alongside';
import { withRetry } from '../platform/retry';
import { globalProviders, localProviders, SCREENS, smsSettings, smsSettingsItems } from './kinds';
import { route, type ProviderStats } from './sms-route';

// ------------------------------------------------------------------------------------ routing

/** Each provider's results (delivered or failed) among the codes it sent in the window. */
export async function providerStats(db: Db, providers: readonly string[], since: Date): Promise<Map<string, ProviderStats>> {
  if (providers.length === 0) return new Map();
  const rows = await db
    .selectFrom('sms_log')
    .select(['provider'])
    .select((eb) => [eb.fn.count<string>('result').as('results'), sql<string>`count(*) FILTER (WHERE result = 'failed')`.as('failed')])
    .where('provider', 'in', [...new Set(providers)])
    .where('at', '>=', since)
    .groupBy('provider')
    .execute();
  return new Map(rows.map((r) => [r.provider, { results: Number(r.results), failed: Number(r.failed) }]));
}

export async function routeSms(db: Db, country: string, purpose: string, now: Date) {
  const [settings, local, global] = await Promise.all([smsSettings(db), localProviders.enabledDocs(db), globalProviders.enabledDocs(db)]);
  const ids = [...local, ...global].map((p) => p.id);
  const stats = await providerStats(db, ids, new Date(now.getTime() - settings.windowMinutes * 60_000));
  const chosen = route({ settings, local, global, country, purpose, stats });
  if (!chosen.ok && chosen.why === 'none') throw notFound(`No SMS provider serves +${country} for ${purpose}`);
  if (!chosen.ok) throw conflict(`Every SMS provider for +${country} (${purpose}) fails more than ${settings.failureLimitPercent}% of its results`);
  const p = chosen.provider;
  return { provider: p.id, name: p.name, rank: p.rank, countryCode: p.countryCode, scope: chosen.scope, fallback: chosen.fallback, skipped: chosen.skipped };
}

export const smsPlatform = [
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/sms/route',
    name: 'platform.sms.route',
    scope: 'config.read',
    summary:
      'Which provider sends a code to this number for this purpose: domestic numbers (smsconfig) by localconfig, others by globalconfig; ' +
      'by country code and rank, skipping a provider failing over the limit in the window; 404 none serves it, 409 all failing (no fallback)',
    query: smsRouteQuery,
    response: z.object({ code: z.literal(200), data: smsRouteAnswer }),
    handler: async ({ db, query, now }) => ({ code: 200, data: await routeSms(db, query.country, query.purpose, now) }),
  }),
];

// ------------------------------------------------------------------------------------ sms.result events

export const SMS_RESULT = 'sms.result';

interface Prepared {
  id: string;
  type: string;
  at: string;
  data: unknown;
  error?: unknown;
}

export async function applySmsResults(db: Db, appId: string, events: readonly Prepared[], now: Date): Promise<PlatformEventResult[]> {
  const json = JSON.stringify(events.map((e) => ({ id: e.id, at: e.at, data: e.data })));
  const { rows } = await withRetry(() =>
    sql<ResultRow>`SELECT r_status, r_code, r_message FROM sms_results_apply(${appId}::text, ${json}::jsonb, ${now}::timestamptz)`.execute(db),
  );
  return resultsOf(events, rows, 'sms_results_apply');
}

// ------------------------------------------------------------------------------------ smslogs

/** `123456` → `••••56`: the last two digits, enough to match a player's complaint, not to use the code. */
export const maskCode = (code: string) => (code.length <= 2 ? '•'.repeat(code.length) : `${'•'.repeat(code.length - 2)}${code.slice(-2)}`);

const digits = (min: number, max: number) => z.string().regex(new RegExp(`^\\d{${min},${max}}$`), { message: `Must be ${min} to ${max} digits` });

const phone: FilterBuilder = () => ({
  params: { country: digits(1, 4).optional(), phone: digits(4, 15).optional() },
  where: (v) => {
    if (v.phone !== undefined) return sql<SqlBool>`phone_number = ${v.phone} AND phone_country = ${v.country}`;
    return v.country !== undefined ? sql<SqlBool>`phone_country = ${v.country}` : undefined;
  },
  check: (v) => (v.phone !== undefined && v.country === undefined ? { param: 'country', message: 'Required with the phone number' } : undefined),
});

const RESULT_FILTER = [...SMS_RESULTS, 'pending'] as const;

export const smsLogList = defineList({
  url: `/api${SCREENS.smslogs}`,
  name: 'remoteconfig.sms.smslogs',
  screen: SCREENS.smslogs,
  tags: ['appsettings'],
  summary:
    'Every code sent (event sms.sent) with its delivery result (event sms.result), newest first; the code masked to its last two digits. ' +
    'Filters: country (alone, or with phone), provider, purpose, result (delivered, failed, pending), from/to',
  paging: 'keyset',
  from: (db) =>
    db
      .selectFrom('sms_log')
      .select(['id', 'at', 'phone_country', 'phone_number', 'code', 'provider', 'purpose', 'result', 'result_at', 'result_reason', 'app_id']),
  partner: null,
  id: 'id',
  filters: {
    phone,
    provider: eqText('provider', 64),
    purpose: eqText('purpose', 64),
    at: dateRange('at'),
    result: custom(z.enum(RESULT_FILTER, { message: 'Must be delivered, failed or pending' }), (v) =>
      v === 'pending' ? sql<SqlBool>`result IS NULL` : sql<SqlBool>`result = ${v}`,
    ),
  },
  sorts: { at: sortBy.time('at') },
  defaultSort: { key: 'at', order: 'descend' },
  item: smsLogItem,
  row: (r) => ({
    id: r.id,
    at: isoInConsoleZone(r.at),
    phoneCountry: r.phone_country,
    phoneNumber: r.phone_number,
    code: maskCode(r.code),
    provider: r.provider,
    purpose: r.purpose,
    result: (r.result as string | null) ?? 'pending',
    resultAt: r.result_at ? isoInConsoleZone(r.result_at) : null,
    reason: r.result_reason ?? '',
    appId: r.app_id,
  }),
});

// ------------------------------------------------------------------------------------ staff operations

const settingsAnswer = z.object({ code: z.literal(200), data: smsSettingsBody });

export const smsOperations: Operation[] = [
  ...listOperations(smsLogList),
  defineOperation({
    method: 'GET',
    url: `/api${SCREENS.smsconfig}`,
    name: 'remoteconfig.sms.smsconfig.get',
    screen: SCREENS.smsconfig,
    tags: ['appsettings'],
    summary: 'The SMS routing rules in force: domestic country code, failure limit (percent), window (minutes), minimum results, fallback',
    response: settingsAnswer,
    handler: async ({ db }) => ({ code: 200, data: await smsSettings(db) }),
  }),
  defineOperation({
    method: 'POST',
    url: `/api${SCREENS.smsconfig}/save`,
    name: 'remoteconfig.sms.smsconfig.save',
    screen: SCREENS.smsconfig,
    tags: ['appsettings'],
    audit: true,
    body: smsSettingsBody,
    response: settingsAnswer,
    summary: 'Overwrites the SMS routing rules (a new version)',
    handler: async ({ db, user, now, note, body }) => {
      const saved = await saveItem({ db, user, now, note }, smsSettingsItems, '', 'update', () => body);
      return { code: 200, data: saved.doc };
    },
  }),
  ...versionOperations(smsSettingsItems, { base: `/api${SCREENS.smsconfig}/versions`, name: 'remoteconfig.sms.smsconfig.versions', tags: ['appsettings'] }),
];
