/**
 * The delivery job of a send: one transaction per chunk, like the batch send
 * (issuing/advance.ts):
 *   1. the send row `FOR UPDATE SKIP LOCKED` while running: one worker (of any process) at a time;
 *   2. the next `chunk` players of its audience after `cursor_uid`, by uid;
 *   3. their `player_message` rows (ON CONFLICT DO NOTHING: a chunk retried writes nothing twice);
 *   4. `cursor_uid`, `delivered`, `advanced_at`, and `done` when the audience is exhausted.
 * Nothing lives in memory: a process that stops mid-send leaves the send running at its
 * cursor, and the next `startMessageJobs` (any process: the message delivery job every 15 s, a
 * send, or a look at its progress) takes it up where the database says it is.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { SegmentConditions } from '@console/schemas';
import { audienceChunk, type Audience } from './sends';

export const CHUNK_PLAYERS = 2_000;
export type StepResult = 'advanced' | 'finished' | 'skipped';

interface LockedSend {
  id: number;
  partner: number;
  uids: number[] | null;
  segment: unknown;
  cursor_uid: number;
  created_at: Date;
}

export async function advanceSend(db: Db, sendId: number, now: Date, chunk = CHUNK_PLAYERS): Promise<StepResult> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<LockedSend>`
      SELECT id, partner, uids, segment, cursor_uid, created_at FROM message_send
      WHERE id = ${sendId} AND status = 'running' FOR UPDATE SKIP LOCKED`.execute(trx);
    const send = rows[0];
    if (!send) return 'skipped';
    const segment = typeof send.segment === 'string' ? (JSON.parse(send.segment) as SegmentConditions) : (send.segment as SegmentConditions | null);
    const audience: Audience = { partner: send.partner, uids: send.uids, segment, at: new Date(send.created_at) };
    const uids = await audienceChunk(trx, audience, send.cursor_uid, chunk);
    let inserted = 0;
    if (uids.length > 0) {
      const { rows: written } = await sql<{ n: number }>`
        WITH w AS (
          INSERT INTO player_message (send_id, uid, created_at)
          SELECT ${sendId}, u, ${now}::timestamptz FROM unnest(string_to_array(${uids.join(',')}, ',')::integer[]) AS u
          ON CONFLICT (send_id, uid) DO NOTHING RETURNING 1)
        SELECT count(*)::integer AS n FROM w`.execute(trx);
      inserted = written[0].n;
    }
    const finished = uids.length < chunk;
    await trx
      .updateTable('message_send')
      .set((eb) => ({
        delivered: eb('delivered', '+', inserted),
        cursor_uid: uids.length > 0 ? uids[uids.length - 1] : send.cursor_uid,
        advanced_at: now,
        ...(finished ? { status: 'done' as const, finished_at: now } : {}),
      }))
      .where('id', '=', sendId)
      .execute();
    return finished ? 'finished' : 'advanced';
  });
}

/** Runs one send to its end (or until another worker holds it). */
export async function runSend(db: Db, sendId: number, now: () => Date): Promise<StepResult> {
  for (;;) {
    const result = await advanceSend(db, sendId, now());
    if (result !== 'advanced') return result;
  }
}

const running = new WeakMap<object, Promise<void>>();
let again = new WeakSet<object>();

/**
 * Delivers every running send, in this process, in the background; a call while a pass runs
 * asks for one more pass. Errors end the pass (logged by the caller's logger when given): the
 * sends stay running at their cursor for the next pass.
 */
export function startMessageJobs(db: Db, now: () => Date, log?: { error(obj: unknown, msg?: string): void }): Promise<void> {
  const current = running.get(db);
  if (current) {
    again.add(db);
    return current;
  }
  let ended = false;
  const end = () => {
    ended = true;
    running.delete(db);
  };
  const pass = (async () => {
    try {
      for (;;) {
        again.delete(db);
        const sends = await db.selectFrom('message_send').select('id').where('status', '=', 'running').orderBy('id').limit(100).execute();
        // one send that fails (logged) leaves it running at its cursor and does not hold up the others
        for (const s of sends) {
          await runSend(db, s.id, now).catch((error: unknown) => {
            log?.error({ err: error, send: s.id }, 'message jobs: a send failed; it stays running');
          });
        }
        // the last look at `again` and the end of the pass in one synchronous step: a call after
        // it starts a pass of its own (were the pass still registered until a later microtask, a
        // send committed in between would mark a pass that no longer looks)
        if (!again.has(db)) {
          end();
          return;
        }
      }
    } catch (error) {
      end();
      log?.error({ err: error }, 'message jobs: a pass failed; the sends stay running');
    }
  })();
  if (!ended) running.set(db, pass);
  return pass;
}

/** Test helper: forget pending "again" marks (a new database per suite). */
export function resetMessageJobs(): void {
  again = new WeakSet();
}
