/**
 * /partnermanager/accounttransfer: chips between two accounts of one partner (its
 * cloud chips and its dealers' stock), or a player or an agent moved to another partner. A
 * transfer above the partner's threshold (chips moved; for a player its chips, for an agent its
 * accounts' balances) waits for a second account to approve it (four eyes: never the requester).
 */
import type { TransferBody } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { conflict, forbidden, notFound } from '../../http/api-error';
import { getAccount, moveBetweenAccounts, setAccountPartner } from '../ledger/accounts';
import { actorOf, mustOwn, profileOf, REASONS, type Ctx } from './service';

type Row = {
  id: number;
  partner: number;
  kind: 'account' | 'player' | 'agent';
  from_account: number | null;
  to_account: number | null;
  uid: number | null;
  to_partner: number | null;
  amount: number;
  reason: string;
  status: 'pending' | 'done' | 'rejected';
  requested_by: string;
};

async function accountOfPartner(db: Db, id: number, partner: number) {
  const a = await getAccount(db, id);
  if (!a || a.partner !== partner || !['partner', 'dealer'].includes(a.kind) || a.currency !== 'chip') throw notFound(`Account ${id} not found`);
  return a;
}

/** What a move of a player or agent carries (the threshold's measure) and checks that it is the partner's. */
async function subject(db: Db, kind: 'player' | 'agent', uid: number, partner: number): Promise<number> {
  const player = await db
    .selectFrom('player as p')
    .leftJoin('player_balance as b', 'b.uid', 'p.uid')
    .select(['p.partner', 'b.chip'])
    .where('p.uid', '=', uid)
    .executeTakeFirst();
  if (kind === 'player') {
    if (!player || player.partner !== partner) throw notFound(`Player ${uid} not found`);
    return Number(player.chip ?? 0);
  }
  const agent = await db.selectFrom('agent').select(['uid', 'partner']).where('uid', '=', uid).executeTakeFirst();
  if (!agent || agent.partner !== partner) throw notFound(`Agent ${uid} not found`);
  const held = await db
    .selectFrom('ledger_account')
    .select(sql<string>`coalesce(sum(balance), 0)`.as('n'))
    .where('kind', '=', 'agent')
    .where('owner', '=', String(uid))
    .executeTakeFirst();
  return Number(held?.n ?? 0);
}

async function execute(ctx: Ctx, t: Row): Promise<Record<string, unknown>> {
  const { db, now } = ctx;
  if (t.kind === 'account') {
    const move = await moveBetweenAccounts(db, t.from_account!, t.to_account!, t.amount, {
      reason: REASONS.transfer,
      ref: `partner_transfer:${t.id}`,
      actor: actorOf(ctx.user),
      key: `partners:transfer:${t.id}`,
      at: now,
    });
    return { balances: move.balances };
  }
  await profileOf(db, t.to_partner!);
  const uid = t.uid!;
  if (t.kind === 'agent') {
    await db.updateTable('agent').set({ partner: t.to_partner!, updated_at: now }).where('uid', '=', uid).execute();
    const accounts = await db.selectFrom('ledger_account').select('id').where('kind', '=', 'agent').where('owner', '=', String(uid)).execute();
    for (const a of accounts) await setAccountPartner(db, Number(a.id), t.to_partner!);
  }
  await db.updateTable('player').set({ partner: t.to_partner! }).where('uid', '=', uid).execute();
  await db.updateTable('player_balance').set({ partner: t.to_partner! }).where('uid', '=', uid).execute();
  return { uid, partner: t.to_partner };
}

/** Asks for a transfer: done at once up to the threshold, else pending for a second approver. */
export async function requestTransfer(ctx: Ctx, partner: number, body: TransferBody) {
  const { db, now, user } = ctx;
  const profile = await profileOf(db, partner, true);
  let amount: number;
  let values: Partial<Row> = {};
  if (body.kind === 'account') {
    if (body.from === body.to) throw conflict('to: Must be another account');
    const from = await accountOfPartner(db, body.from, partner);
    await accountOfPartner(db, body.to, partner);
    if (from.balance < body.amount) throw conflict('Insufficient balance');
    amount = body.amount;
    values = { from_account: body.from, to_account: body.to };
  } else {
    amount = await subject(db, body.kind, body.uid, partner);
    if (body.toPartner === partner) throw conflict('toPartner: Must be another partner');
    await profileOf(db, body.toPartner);
    values = { uid: body.uid, to_partner: body.toPartner };
  }
  const pending = amount > Number(profile.transfer_threshold);
  const row = await db
    .insertInto('partner_transfer')
    .values({
      partner,
      kind: body.kind,
      amount,
      reason: body.reason,
      status: pending ? 'pending' : 'done',
      requested_by: user.username,
      requested_at: now,
      from_account: values.from_account ?? null,
      to_account: values.to_account ?? null,
      uid: values.uid ?? null,
      to_partner: values.to_partner ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const t = { ...row, id: Number(row.id), amount: Number(row.amount) } as Row;
  const result = pending ? {} : await execute(ctx, t);
  Object.assign(ctx.note, {
    target: `partner_transfer:${t.id}`,
    before: null,
    after: { kind: body.kind, partner, amount, status: t.status, threshold: Number(profile.transfer_threshold), ...values, ...result },
  });
  return { id: t.id, status: t.status, amount };
}

/** A second account approves (the transfer is made) or rejects a pending transfer. */
export async function decideTransfer(ctx: Ctx, id: number, approve: boolean, note = '') {
  const { db, now, user } = ctx;
  const row = await db.selectFrom('partner_transfer').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(`Transfer ${id} not found`);
  mustOwn(user, row.partner, `Transfer ${id}`);
  if (row.status !== 'pending') throw conflict(`Transfer ${id} is ${row.status}, not pending`);
  if (row.requested_by === user.username) throw forbidden('A second account must decide: the requester cannot');
  const t = { ...row, id: Number(row.id), amount: Number(row.amount) } as Row;
  // a player's chips may have grown meanwhile: the approver approved what was asked
  const result = approve ? await execute(ctx, t) : {};
  const status = approve ? 'done' : 'rejected';
  await db.updateTable('partner_transfer').set({ status, decided_by: user.username, decided_at: now, decision_note: note }).where('id', '=', id).execute();
  Object.assign(ctx.note, { target: `partner_transfer:${id}`, before: { status: 'pending' }, after: { status, note, ...result } });
  return { id, status };
}
