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
import { applyRoundEvents } from '../games/rounds';
import { applyProviderRoundEvents, PROVIDER_ROUND } from '../providers/rounds';
import { applyTableGameEvents, TABLE_EVENT_TYPES } from '../table-games/events';
import { applySmsResults, SMS_RESULT } from '../app-settings/sms';
import { applyAlongside, resultsOf, type ResultRow } from './alongside';
import { applyRecallEvents, RECALL_EVENT_TYPES } from '../activities/recall';

interface Prepared {
  id: string;
  type: string;
  at: string;
  data: unknown;
  error?: { code: number; message: string };
}

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
  return `[${events
    .map((e) => {
      const json = JSON.stringify(e, wellFormed);
      // a refused event's data is kept for the record only: when jsonb cannot hold it, an empty object is
      return e.error && UNSTORABLE.test(json) ? JSON.stringify({ ...e, data: {} }, wellFormed) : json;
    })
    .join(',')}]`;
}

/** The uids whose balance row (money events) or player row (logins, profile changes) a call changes. */
const BALANCE_KEYS: Record<string, readonly string[]> = {
  'chips.transferred': ['fromUid', 'toUid'],
  'coindealer.sold': ['dealerUid', 'toUid'],
  'gift.sent': ['fromUid', 'toUid'],
  'safe.deposit': ['uid'],
  'safe.withdraw': ['uid'],
  'emote.used': ['uid'],
};
const PLAYER_KEYS: Record<string, readonly string[]> = { 'player.login': ['uid'], 'player.profile': ['uid'], 'player.phoneBound': ['uid'] };

export function rowsToLock(events: readonly Prepared[]): { balances: number[]; players: number[] } {
  const balances = new Set<number>();
  const players = new Set<number>();
  for (const e of events) {
    if (e.error) continue;
    const data = e.data as Record<string, number>;
    if (Object.hasOwn(BALANCE_KEYS, e.type)) for (const key of BALANCE_KEYS[e.type]) if (data[key] !== undefined) balances.add(data[key]);
    if (Object.hasOwn(PLAYER_KEYS, e.type)) for (const key of PLAYER_KEYS[e.type]) players.add(data[key]);
  }
  const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);
  return { balances: sorted(balances), players: sorted(players) };
}

const is =
  (...types: readonly string[]) =>
  (type: string) =>
    types.includes(type);

export async function applyEvents(db: Db, appId: string, events: readonly PlatformEventInput[], now: Date): Promise<PlatformEventResult[]> {
  // player.recall and player.pwaLogin last of all, after the players of the call exist (activities/recall.ts)
  return applyAlongside(
    events.map(prepareEvent),
    is(...RECALL_EVENT_TYPES),
    (rest) => applyPlatform(db, appId, rest, now),
    (recalls) => applyRecallEvents(db, appId, recalls, now),
  );
}

function applyPlatform(db: Db, appId: string, prepared: Prepared[], now: Date): Promise<PlatformEventResult[]> {
  // Some types are applied by their own domain after the rest of the call (alongside.ts), outermost last:
  // provider.round records (JILI and others; providers/rounds.ts), then the table-game events, game.reported and
  // jackpot.won (table-games/events.ts), then sms.result delivery reports after the codes they report on
  // (app-settings/sms.ts), then game.round records, which move no money, set-based after the events of
  // platform_events_apply (games/rounds.ts; docs/decisions/011-game-rounds.md).
  return applyAlongside(
    prepared,
    is(PROVIDER_ROUND),
    (a) =>
      applyAlongside(
        a,
        is(...TABLE_EVENT_TYPES),
        (b) =>
          applyAlongside(
            b,
            is(SMS_RESULT),
            (c) =>
              applyAlongside(
                c,
                is('game.round'),
                (others) => applyOthers(db, appId, others, now),
                (rounds) => applyRoundEvents(db, appId, rounds, now),
              ),
            (results) => applySmsResults(db, appId, results, now),
          ),
        (tableEvents) => applyTableGameEvents(db, appId, tableEvents, now),
      ),
    (providerRounds) => applyProviderRoundEvents(db, appId, providerRounds, now),
  );
}

async function applyOthers(db: Db, appId: string, prepared: Prepared[], now: Date): Promise<PlatformEventResult[]> {
  const json = toJson(prepared);
  const lock = rowsToLock(prepared);
  const { rows } = await withRetry(() =>
    sql<ResultRow>`
    SELECT r_status, r_code, r_message FROM platform_events_apply(${appId}::text, ${json}::jsonb, ${now}::timestamptz,
      ${lock.balances}::integer[], ${lock.players}::integer[])`.execute(db),
  );
  return resultsOf(prepared, rows, 'platform_events_apply');
}
