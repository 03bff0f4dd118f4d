/**
 * Batch send of chips or cash: check the operator's text (every problem with its line
 * number, nothing written) and create the batch (its lines stored, credited later by the
 * worker, worker.ts). docs/api/issuing.md.
 */
import { describeLineError, lineError, parseBatchText, type BatchCheck, type BatchLineError, type BatchSendBody, type IssueBatch } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { IssueCurrency } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { OperationNote } from '../../http/operation';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import { allowance, dailyLimitExceeded, type Issuer } from './limits';
import { toIssueBatch } from './view';

export type Staff = Issuer & ScopedSubject;

/** Rows per INSERT of batch lines (4 parameters each, well under PostgreSQL's 65 535). */
const INSERT_ROWS = 2_000;

/** The uids of `uids` that are players the account may see. */
async function knownUids(db: Db, user: ScopedSubject, uids: number[]): Promise<Set<number>> {
  if (uids.length === 0) return new Set();
  const rows = await db
    .selectFrom('player')
    .select('uid')
    .where(sql<boolean>`uid = ANY(string_to_array(${uids.join(',')}, ',')::integer[])`)
    .where(ownPartnerFilter(user, 'partner'))
    .execute();
  return new Set(rows.map((r) => r.uid));
}

export interface CheckedBatch extends Omit<BatchCheck, 'errors'> {
  errors: BatchLineError[];
  parsed: { line: number; uid: number; amount: number }[];
}

/** Parses and checks the text against the players and today's allowance; writes nothing. */
export async function checkBatch(db: Db, user: Staff, currency: IssueCurrency, body: BatchSendBody, now: Date): Promise<CheckedBatch> {
  const { lines, errors } = parseBatchText(body.text);
  const known = await knownUids(
    db,
    user,
    lines.map((l) => l.uid),
  );
  const unknown: BatchLineError[] = lines.filter((l) => !known.has(l.uid)).map((l) => lineError(l.line, 'unknownUid'));
  const all = [...errors, ...unknown].sort((a, b) => a.line - b.line);
  const valid = lines.filter((l) => known.has(l.uid));
  const total = valid.reduce((sum, l) => sum + l.amount, 0);
  const today = await allowance(db, user, currency, now);
  return {
    ok: all.length === 0,
    errors: all,
    lines: valid.length,
    players: new Set(valid.map((l) => l.uid)).size,
    total,
    allowance: today,
    fits: total > 0 && total <= today.remaining,
    parsed: valid,
  };
}

/** The answer of validate (the parsed lines stay on the server). */
export function checkAnswer({ parsed: _parsed, ...check }: CheckedBatch): BatchCheck {
  return check;
}

/** At most this many line problems are named in a 400 message (validate lists them all). */
const NAMED_PROBLEMS = 5;

export function linesRefused(errors: BatchLineError[]): ApiError {
  const named = errors.slice(0, NAMED_PROBLEMS).map(describeLineError).join('; ');
  const more = errors.length > NAMED_PROBLEMS ? `; and ${errors.length - NAMED_PROBLEMS} more` : '';
  return new ApiError(400, `text: ${named}${more}`);
}

export interface CreateContext {
  db: Db;
  user: Staff;
  now: Date;
  note: OperationNote;
}

/**
 * Stores the batch and its lines in the caller's (audited) transaction: 400 when a line is
 * wrong, 409 when the total is over what the account may still issue today. The daily limit
 * is charged line by line when the worker credits them, so concurrent batches can never
 * pass it together; this check only refuses what cannot fit from the start.
 */
export async function createBatch({ db, user, now, note }: CreateContext, currency: IssueCurrency, body: BatchSendBody): Promise<IssueBatch> {
  const check = await checkBatch(db, user, currency, body, now);
  if (!check.ok) throw linesRefused(check.errors);
  if (!check.fits) throw dailyLimitExceeded(check.allowance);
  const batch = await db
    .insertInto('issue_batch')
    .values({ currency, created_by: user.username, created_at: now, reason: body.reason.trim(), lines: check.lines, total: check.total })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (let i = 0; i < check.parsed.length; i += INSERT_ROWS) {
    await db
      .insertInto('issue_batch_line')
      .values(check.parsed.slice(i, i + INSERT_ROWS).map((l) => ({ batch_id: batch.id, line_no: l.line, uid: l.uid, amount: l.amount })))
      .execute();
  }
  const view = toIssueBatch(batch);
  note.target = `issue_batch:${batch.id}`;
  note.after = {
    id: view.id,
    currency,
    reason: view.reason,
    lines: view.lines,
    players: check.players,
    total: view.total,
    allowance: check.allowance,
  };
  return view;
}
