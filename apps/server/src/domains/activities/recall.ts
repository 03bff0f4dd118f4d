/**
 * The facts of callbackactivity and pwaguide (docs/decisions/034-recall-and-pwa-facts.md):
 *   - the platform events `player.recall` {uid, friendUid, channel?} and `player.pwaLogin`
 *     {uid, deviceId} (docs/api/platform.md), applied after the call's other events by
 *     recall_events_apply (migration 053) with the events call's per-event contract;
 *   - the engine's 'recalls' fact (the recalls a player sent and the ones sent to it, each with
 *     the friend's last login before it, its return and the rounds since) and 'pwa' fact (the
 *     first login from the installed web app), read per player through indexes.
 */
import { RECALL_ROUNDS_CAP, type Facts, type Recall } from '@console/activities';
import type { PlatformEventResult } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { resultsOf, type ResultRow } from '../platform/alongside';
import { withRetry } from '../platform/retry';

export const RECALL_EVENT_TYPES = ['player.recall', 'player.pwaLogin'] as const;

interface Prepared {
  id: string;
  type: string;
  at: string;
  data: unknown;
  error?: unknown;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** jsonb refuses unpaired surrogates (an id, a channel, a device id): U+FFFD instead, as the other appliers store them. */
const wellFormed = (_key: string, value: unknown) => (typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value);

/** A call's recall and installed-app login events (valid, first of their id), in one statement; one result each, in order. */
export async function applyRecallEvents(db: Db, appId: string, events: readonly Prepared[], now: Date): Promise<PlatformEventResult[]> {
  const json = JSON.stringify(
    events.map((e) => ({ id: e.id, type: e.type, at: e.at, data: e.data })),
    wellFormed,
  );
  const { rows } = await withRetry(() =>
    sql<ResultRow>`SELECT r_status, r_code, r_message FROM recall_events_apply(${appId}::text, ${json}::jsonb, ${now}::timestamptz)`.execute(db),
  );
  return resultsOf(events, rows, 'recall_events_apply');
}

/** Most recalls the fact lists for one player in each role (the newest). */
const RECALLS_LIMIT = 200;

/**
 * Recalls in [from, to) with their facts, one query: `player_recall` by `uid` (the player's
 * recalls) or by `friend_uid` (the recalls of the player) on their (…, at, id) indexes; for each,
 * the friend's last login before it (registration when none) and first login after it
 * (player_login_uid_idx), whether a later recall of the friend came before that return (then this
 * one is not credited), and the friend's first rounds since the return (distinct rounds of
 * game_bet_uid_idx, each at its first bet, at most RECALL_ROUNDS_CAP), and whether friend and recaller
 * share a device (one person, two accounts: the link pays nothing).
 */
async function recallRows(db: Db, column: 'uid' | 'friend_uid', uid: number, from: Date, to: Date): Promise<Recall[]> {
  const rows = (
    await sql<{
      uid: number;
      friend_uid: number;
      at: Date | string;
      last_seen: Date | string;
      returned_at: Date | string | null;
      credited: boolean;
      same_device: boolean | null;
      rounds: string[] | null;
    }>`
    SELECT r.uid, r.friend_uid, r.at, coalesce(s.at, f.registered_at) AS last_seen, b.at AS returned_at,
      coalesce(f.login_device, f.register_device) = coalesce(rc.login_device, rc.register_device) AS same_device,
      NOT EXISTS (SELECT 1 FROM player_recall o WHERE o.friend_uid = r.friend_uid AND (o.at, o.id) > (r.at, r.id) AND o.at < coalesce(b.at, ${to})) AS credited,
      (SELECT json_agg(x.at ORDER BY x.at) FROM (
        SELECT min(g.at) AS at FROM (SELECT g.round, g.at FROM game_bet g WHERE g.uid = r.friend_uid AND g.at >= b.at AND g.at < ${to}
          ORDER BY g.at, g.id LIMIT ${RECALL_ROUNDS_CAP * 10}) g
        GROUP BY g.round ORDER BY 1 LIMIT ${RECALL_ROUNDS_CAP}) x) AS rounds
    FROM player_recall r JOIN player f ON f.uid = r.friend_uid JOIN player rc ON rc.uid = r.uid
    LEFT JOIN LATERAL (SELECT max(l.at) AS at FROM player_login l WHERE l.uid = r.friend_uid AND l.at < r.at) s ON true
    LEFT JOIN LATERAL (SELECT min(l.at) AS at FROM player_login l WHERE l.uid = r.friend_uid AND l.at > r.at AND l.at < ${to}) b ON true
    WHERE ${sql.ref(`r.${column}`)} = ${uid} AND r.at >= ${from} AND r.at < ${to}
    ORDER BY r.at DESC, r.id DESC LIMIT ${RECALLS_LIMIT}`.execute(db)
  ).rows;
  return rows.reverse().map((r) => ({
    recallerUid: r.uid,
    friendUid: r.friend_uid,
    at: new Date(r.at),
    lastSeen: new Date(r.last_seen),
    returnedAt: r.returned_at === null ? null : new Date(r.returned_at),
    credited: r.credited,
    rounds: (r.rounds ?? []).map((at) => new Date(at)),
    sameDevice: r.same_device === true,
  }));
}

/** The 'recalls' fact (callbackactivity): the player's recalls as the recaller and the recalls of the player, in [from, to). */
export async function recallsOf(db: Db, uid: number, from: Date, to: Date): Promise<Pick<Facts, 'recalls' | 'recalled'>> {
  const [recalls, recalled] = await Promise.all([recallRows(db, 'uid', uid, from, to), recallRows(db, 'friend_uid', uid, from, to)]);
  return { recalls, recalled };
}

/** The 'pwa' fact (pwaguide): the player's first login from the installed web app in [from, to) (player_pwa_login_uid_idx). */
export async function pwaLoginOf(db: Db, uid: number, from: Date, to: Date): Promise<Facts['pwaLogin']> {
  const r = (
    await sql<{ at: Date | string; device_id: string }>`SELECT at, device_id FROM player_pwa_login
    WHERE uid = ${uid} AND at >= ${from} AND at < ${to} ORDER BY at, id LIMIT 1`.execute(db)
  ).rows[0];
  return r ? { at: new Date(r.at), deviceId: r.device_id } : null;
}
