/**
 * §4 charisma cash-out (issued / unissued): charisma, which players receive with gifts, is
 * converted into withdrawable pesos at CHARISMA_PER_CENTAVO by finance in two steps, four
 * eyes again: one reviewer records the request (unissued: nothing moves yet), another issues
 * it (issued: charisma out, pesos in, one ledger step with an idempotency key per request).
 * The player then cashes the pesos out like any other withdrawable balance.
 */
import type { CharismaItem, CharismaRequestBody } from '@console/schemas';
import type { Db } from '../../db/open';
import { conflict, notFound } from '../../http/api-error';
import { isoInConsoleZone } from '../../http/time';
import type { OperationNote } from '../../http/operation';
import { ownPartnerFilter } from '../../plugins/partner-scope';
import type { SessionUser } from '../auth/sessions';
import { postAll } from '../ledger/ledger';
import { findPlayer } from '../players/access';

/** 100 charisma = ₱1 (100 centavos): one charisma per centavo. */
export const CHARISMA_PER_CENTAVO = 1;
export const CHARISMA_REASONS = { out: 'charisma.cashout', in: 'charisma.payout' } as const;

interface Ctx {
  db: Db;
  user: SessionUser;
  now: Date;
  note: OperationNote;
}

type Row = {
  id: number;
  uid: number;
  partner: number;
  charisma: number;
  amount: number;
  status: 'unissued' | 'issued';
  requested_by: string;
  requested_at: Date;
  issued_by: string | null;
  issued_at: Date | null;
};

const item = (r: Row): CharismaItem => ({
  id: r.id,
  uid: r.uid,
  partner: r.partner,
  charisma: r.charisma,
  amount: r.amount,
  status: r.status,
  requestedBy: r.requested_by,
  requestedAt: isoInConsoleZone(r.requested_at),
  issuedBy: r.issued_by,
  issuedAt: isoInConsoleZone(r.issued_at),
});

export async function requestCharisma({ db, user, now, note }: Ctx, body: CharismaRequestBody): Promise<CharismaItem> {
  const player = await findPlayer(db, user, body.uid);
  note.target = `player:${body.uid}`;
  const balance = await db.selectFrom('player_balance').select('charisma').where('uid', '=', body.uid).executeTakeFirstOrThrow();
  if (balance.charisma < body.charisma) throw conflict(`Player ${body.uid} has ${balance.charisma} charisma, fewer than ${body.charisma}`);
  const amount = Math.floor(body.charisma / CHARISMA_PER_CENTAVO);
  if (amount < 1) throw conflict('Too little charisma to convert');
  const row = await db
    .insertInto('charisma_cashout')
    .values({
      uid: body.uid,
      partner: player.partner,
      charisma: body.charisma,
      amount,
      requested_by: user.username,
      requested_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  note.after = item(row);
  return item(row);
}

export async function issueCharisma({ db, user, now, note }: Ctx, id: number): Promise<CharismaItem> {
  const row = await db.selectFrom('charisma_cashout').selectAll().where('id', '=', id).where(ownPartnerFilter(user, 'partner')).forUpdate().executeTakeFirst();
  if (!row) throw notFound(`Charisma cash-out ${id} not found`);
  note.target = `charismaCashout:${id}`;
  note.before = { status: row.status };
  if (row.status === 'issued') throw conflict(`Charisma cash-out ${id} is already issued (by ${row.issued_by})`);
  if (row.requested_by === user.username) throw conflict(`Charisma cash-out ${id} needs a second reviewer: you requested it`);
  const common = { uid: row.uid, ref: `charisma:${id}`, actor: `staff:${user.username}`, at: now };
  await postAll(db, [
    { ...common, currency: 'charisma', delta: -row.charisma, reason: CHARISMA_REASONS.out, key: `charisma:${id}:out` },
    { ...common, currency: 'withdrawable', delta: row.amount, reason: CHARISMA_REASONS.in, key: `charisma:${id}:in` },
  ]);
  const updated = await db
    .updateTable('charisma_cashout')
    .set({ status: 'issued', issued_by: user.username, issued_at: now })
    .where('id', '=', id)
    .where('status', '=', 'unissued')
    .returningAll()
    .executeTakeFirstOrThrow();
  note.after = item(updated);
  return item(updated);
}
