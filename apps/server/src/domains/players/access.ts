/**
 * The player a staff account may act on: partner accounts reach only their own partner's
 * players; any other uid is a 404, the same answer as a uid that does not exist.
 */
import type { Db } from '../../db/open';
import type { PlayerRow } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';

export const playerNotFound = (uid: number | string) => notFound(`Player ${uid} not found`);

/** The player row, if the caller's partner scope reaches it; `lock` takes its row lock (in a transaction). */
export async function findPlayer(db: Db, user: ScopedSubject, uid: number, lock = false): Promise<PlayerRow> {
  const row = await db
    .selectFrom('player')
    .selectAll()
    .where('uid', '=', uid)
    .where(ownPartnerFilter(user, 'partner'))
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) throw playerNotFound(uid);
  return row;
}
