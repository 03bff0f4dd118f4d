/**
 * POST /api/platform/events: each event's data is validated here (a failure rejects that event
 * with 400 and a message naming the field), then the whole call goes to the database in one
 * statement, platform_events_apply (migrations 007 and 014), which applies logins, feedback and
 * texts set-based (their effects commute with the rest of the call) and every other event in
 * its own subtransaction in the order sent, and keeps every outcome in platform_event. The
 * call's statement is retried as a whole when PostgreSQL picks it as a deadlock victim.
 */
import { PLATFORM_EVENT_DATA, type PlatformEventInput, type PlatformEventResult } from '@console/schemas';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/open';
import { describeZodError } from '../../http/zod-message';
import { withRetry } from './retry';
import { applyRoundEvents, splitRounds } from '../games/rounds';
import { applyWithProviderRounds } from '../providers/rounds';
import { applyWithTableGameEvents } from '../table-games/events';
import { applyWithSmsResults } from '../app-settings/sms';

interface Prepared { id: string; type: string; at: string; data: unknown; error?: { code: number; message: string } }

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** PostgreSQL's jsonb refuses unpaired surrogates: they become U+FFFD, as pg does for text. */
const wellFormed = (_key: string, value: unknown) => (typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value);
/** What jsonb cannot hold (NUL, unpaired surrogates) in any key or value, as JSON.stringify writes it. */
const UNSTORABLE = /\\u(0000|d[89a-f])/i;

function dataError(error: z.ZodError): string {
  const message = describeZodError(error, 'data');
  return message.startsWith('data:') ? message : `data.${message}`;
}

/** The event as the database receives it: validated data, or the refusal of its data. */
export function prepareEvent(event: PlatformEventInput): Prepared {
  // own keys only: a type named `constructor` or `toString` is just an unknown type
  const schema = Object.hasOwn(PLATFORM_EVENT_DATA, event.type) ? (PLATFORM_EVENT_DATA as Record<string, z.ZodType>)[event.type] : undefined;
  const base = { id: event.id, type: event.type, at: event.at };
  if (!schema) return { ...base, data: event.data, error: { code: 400, message: `type: Unknown event type ${event.type.slice(0, 64)}` } };
  const parsed = schema.safeParse(event.data);
  if (parsed.success) return { ...base, data: parsed.data };
  return { ...base, data: event.data, error: { code: 400, message: dataError(schema.safeParse(event.data, { reportInput: true }).error!) } };
}

function toJson(events: Prepared[]): string {
  return `[${events.map((e) => {
    const json = JSON.stringify(e, wellFormed);
    // a refused event's data is kept for the record only: when jsonb cannot hold it, an empty object is
    return e.error && UNSTORABLE.test(json) ? JSON.stringify({ ...e, data: {} }, wellFormed) : json;
  }).join(',')}]`;
}

/** The uids whose balance row (money events) or player row (logins, profile changes) a call changes. */
const BALANCE_KEYS: Record<string, readonly string[]> = {
  'chips.transferred': ['fromUid', 'toUid'], 'coindealer.sold': ['dealerUid', 'toUid'], 'gift.sent': ['fromUid', 'toUid'],
  'safe.deposit': ['uid'], 'safe.withdraw': ['uid'], 'emote.used': ['uid'],
};
const PLAYER_KEYS: Record<string, readonly string[]> = { 'player.login': ['uid'], 'player.profile': ['uid'], 'player.phoneBound': ['uid'] };

export function rowsToLock(events: readonly Prepared[]): { balances: number[]; players: number[] } {
  const balances = new Set<number>();
  const players = new Set<number>();
  for (const e of events) {
    if (e.error) continue;
    const data = e.data as Record<string, number>;
    if (Object.hasOwn(BALANCE_KEYS, e.type)) for (const key of BALANCE_KEYS[e.type]!) if (data[key] !== undefined) balances.add(data[key]);
    if (Object.hasOwn(PLAYER_KEYS, e.type)) for (const key of PLAYER_KEYS[e.type]!) players.add(data[key]!);
  }
  const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);
  return { balances: sorted(balances), players: sorted(players) };
}

interface Row { r_status: 'applied' | 'rejected' | 'duplicate'; r_code: number | null; r_message: string | null }

export async function applyEvents(db: Db, appId: string, events: readonly PlatformEventInput[], now: Date): Promise<PlatformEventResult[]> {
  // provider.round records (JILI and others) likewise go after the rest (domains/providers/rounds.ts)
  // and then the table-game events, game.reported and jackpot.won (domains/table-games/events.ts)
  return applyWithProviderRounds(db, appId, events.map(prepareEvent), now,
    (prepared) => applyWithTableGameEvents(db, appId, prepared, now,
      // and sms.result delivery reports after the codes they report on (domains/app-settings/sms.ts)
      (rest) => applyWithSmsResults(db, appId, rest, now, (others) => applyPrepared(db, appId, others, now))));
}

async function applyPrepared(db: Db, appId: string, prepared: Prepared[], now: Date): Promise<PlatformEventResult[]> {
  // game.round records move no money: applied set-based beside the SQL function, after the call's
  // other events (domains/games/rounds.ts; docs/decisions/011-game-rounds.md)
  const split = splitRounds(prepared);
  if (split.rounds.length === 0) return applyOthers(db, appId, prepared, now);
  const results = new Array<PlatformEventResult>(prepared.length);
  if (split.others.length > 0) (await applyOthers(db, appId, split.others.map((n) => prepared[n]!), now)).forEach((r, i) => { results[split.others[i]!] = r; });
  const applied = await applyRoundEvents(db, appId, split.rounds.map((n) => ({ n, ...prepared[n]! })), now);
  split.rounds.forEach((n, i) => { results[n] = applied[i]!; });
  for (const [n, first] of split.echoes) results[n] = { ...results[first]!, status: 'duplicate' };
  return results;
}

async function applyOthers(db: Db, appId: string, prepared: Prepared[], now: Date): Promise<PlatformEventResult[]> {
  const json = toJson(prepared);
  const lock = rowsToLock(prepared);
  const { rows } = await withRetry(() => sql<Row>`
    SELECT r_status, r_code, r_message FROM platform_events_apply(${appId}::text, ${json}::jsonb, ${now}::timestamptz,
      ${lock.balances}::integer[], ${lock.players}::integer[])`.execute(db));
  if (rows.length !== prepared.length) throw new Error(`platform_events_apply answered ${rows.length} results for ${prepared.length} events`);
  return rows.map((row, i) => {
    const result: PlatformEventResult = { id: prepared[i]!.id, status: row.r_status };
    if (row.r_code !== null) result.code = row.r_code;
    if (row.r_message !== null) result.message = row.r_message;
    return result;
  });
}
