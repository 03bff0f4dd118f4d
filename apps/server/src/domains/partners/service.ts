/**
 * Partners and cloud chips: partner profiles and their defaults, cloud-chip orders and
 * sales (issuance → partner), chips handed to and reclaimed from players, the stop-loss. Every
 * balance change goes through the account ledger (domains/ledger/accounts.ts) in the
 * operation's transaction, with an idempotency key; every staff change fills the operation's
 * log note. A partner account reaches only its own partner: another partner's rows are 404.
 * docs/decisions/019-account-ledger-and-partners.md, docs/api/partners.md.
 */
import { randomUUID } from 'node:crypto';
import type { PartnerDefaults } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { ApiError, conflict, forbidden, notFound } from '../../http/api-error';
import type { OperationNote } from '../../http/operation';
import { partnerScope } from '../../plugins/partner-scope';
import type { SessionUser } from '../auth/sessions';
import { accountToPlayer, ensureAccount, issuanceAccount, moveBetweenAccounts, playerToAccount, type LedgerAccount } from '../ledger/accounts';
import { appendOperationLog } from '../operation-log/chain';
import type { VersionedItems } from '../../settings/versions';
import { partnerDefaults as defaultsSchema } from '@console/schemas';
import { consoleDay } from '@console/time';

export const CHIP = 'chip';
/** Reasons of the partners' movements (account_entry.reason and the player's ledger_entry.reason). */
export const REASONS = {
  cloudSold: 'cloud.sold',
  toPlayer: 'partner.to_player',
  fromPlayer: 'partner.from_player',
  toDealer: 'partner.to_dealer',
  fromDealer: 'partner.from_dealer',
  transfer: 'partner.transfer',
  adjust: 'partner.adjust',
  dealerLoad: 'dealer.load',
  dealerSold: 'dealer.sold',
} as const;

export const DEFAULTS: PartnerDefaults = {
  deposit: 500_000_000,
  rakeSharePct: 60,
  cloudPriceBp: 9000,
  transferThreshold: 10_000_000,
  dealerDailyLimit: 20_000_000,
  dealerPriceBp: 10_000,
};

export interface Ctx {
  db: Db;
  user: SessionUser;
  now: Date;
  note: OperationNote;
  ip?: string;
}

export const actorOf = (user: { username: string }) => `staff:${user.username}`;

/** An idempotency key of a staff movement: the client's (per account), else a fresh one. */
export const moveKey = (kind: string, user: { username: string }, key?: string) => `partners:${kind}:${key ? `${user.username}:${key}` : randomUUID()}`;

/**
 * The partner an operation of /partnermanager acts on: a partner account's own (naming another is
 * a 404, as if it did not exist); others name one, or act on their own account's partner.
 */
export function partnerFor(user: SessionUser, partner: number | undefined): number {
  const scope = partnerScope(user);
  if (scope !== null) {
    if (partner !== undefined && partner !== scope) throw notFound(`Partner ${partner} not found`);
    return scope;
  }
  if (partner !== undefined) return partner;
  if (user.partner > 0) return user.partner;
  throw new ApiError(400, 'partner: Required');
}

/** 404 unless a partner account may see rows of this partner. */
export function mustOwn(user: SessionUser, partner: number, what: string): void {
  const scope = partnerScope(user);
  if (scope !== null && scope !== partner) throw notFound(`${what} not found`);
}

export interface Profile {
  partner: number;
  name: string;
  status: 'active' | 'suspended';
  status_reason: string;
  deposit: number;
  rake_share_bp: number;
  cloud_price_bp: number;
  transfer_threshold: number;
  dealer_daily_limit: number;
  dealer_price_bp: number;
  created_at: Date;
}

/** A partner's profile, locked for the transaction when `lock`; 404 when there is none. */
export async function profileOf(db: Db, partner: number, lock = false): Promise<Profile> {
  let q = db
    .selectFrom('partner_profile as f')
    .innerJoin('partner as p', 'p.id', 'f.partner')
    .select([
      'f.partner',
      'p.name',
      'f.status',
      'f.status_reason',
      'f.deposit',
      'f.rake_share_bp',
      'f.cloud_price_bp',
      'f.transfer_threshold',
      'f.dealer_daily_limit',
      'f.dealer_price_bp',
      'f.created_at',
    ])
    .where('f.partner', '=', partner);
  if (lock) q = q.forUpdate('f');
  let row = await q.executeTakeFirst();
  if (!row && (await db.selectFrom('partner').select('id').where('id', '=', partner).executeTakeFirst())) {
    // a partner made before its profile existed (the accounts seed's 1 and 2): the defaults, from now
    await ensureProfile(db, partner, new Date());
    row = await q.executeTakeFirst();
  }
  if (!row) throw notFound(`Partner ${partner} not found`);
  return row;
}

export function mustBeActive(p: Profile): void {
  if (p.status !== 'active') throw conflict(`Partner ${p.partner} is suspended${p.status_reason ? `: ${p.status_reason}` : ''}`);
}

export const partnerAccount = (db: Db, partner: number) => ensureAccount(db, 'partner', String(partner), partner, CHIP);
export const dealerAccount = (db: Db, dealer: { id: number; partner: number }) => ensureAccount(db, 'dealer', String(dealer.id), dealer.partner, CHIP);

const profileView = (p: Profile) => ({
  id: p.partner,
  name: p.name,
  status: p.status,
  statusReason: p.status_reason,
  deposit: Number(p.deposit),
  rakeSharePct: p.rake_share_bp / 100,
  cloudPriceBp: p.cloud_price_bp,
  transferThreshold: Number(p.transfer_threshold),
  dealerDailyLimit: Number(p.dealer_daily_limit),
  dealerPriceBp: p.dealer_price_bp,
});

// ---------------------------------------------------------------- defaults (versioned)

export async function readDefaults(db: Db, lock = false): Promise<PartnerDefaults | null> {
  let q = db.selectFrom('partner_default').select('doc').where('id', '=', 1);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? (row.doc as PartnerDefaults) : null;
}

export const defaultItems: VersionedItems<PartnerDefaults> = {
  screen: '/platmanager/defalutediter',
  kind: 'defalutediter',
  noun: 'Partner defaults',
  read: (db) => readDefaults(db, true),
  write: async (db, _key, doc, now) => {
    const value = JSON.stringify(doc ?? DEFAULTS);
    await db
      .insertInto('partner_default')
      .values({ id: 1, doc: value, updated_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ doc: value, updated_at: now }))
      .execute();
  },
  restorable: defaultsSchema,
};

// ---------------------------------------------------------------- partners

/** Creates a partner (the next id unless given) with a copy of the defaults and its cloud-chip account. */
export async function createPartner(ctx: Ctx, body: { id?: number; name: string }) {
  const { db, now } = ctx;
  await sql`SELECT pg_advisory_xact_lock(hashtext('partners:create'))`.execute(db);
  const id =
    body.id ??
    Number(
      (
        await db
          .selectFrom('partner')
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirst()
      )?.m ?? 0,
    ) + 1;
  if (await db.selectFrom('partner').select('id').where('id', '=', id).executeTakeFirst()) throw conflict(`Partner ${id} already exists`);
  const d = (await readDefaults(db)) ?? DEFAULTS;
  await db.insertInto('partner').values({ id, name: body.name }).execute();
  await db
    .insertInto('partner_profile')
    .values({
      partner: id,
      deposit: d.deposit,
      rake_share_bp: Math.round(d.rakeSharePct * 100),
      cloud_price_bp: d.cloudPriceBp,
      transfer_threshold: d.transferThreshold,
      dealer_daily_limit: d.dealerDailyLimit,
      dealer_price_bp: d.dealerPriceBp,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await partnerAccount(db, id);
  const after = profileView(await profileOf(db, id));
  Object.assign(ctx.note, { target: `partner:${id}`, before: null, after });
  return after;
}

/** A partner without a profile (the demo's partners 1 and 2 come from the accounts seed) gets one from the defaults. */
export async function ensureProfile(db: Db, partner: number, now: Date): Promise<void> {
  const d = (await readDefaults(db)) ?? DEFAULTS;
  await db
    .insertInto('partner_profile')
    .values({
      partner,
      deposit: d.deposit,
      rake_share_bp: Math.round(d.rakeSharePct * 100),
      cloud_price_bp: d.cloudPriceBp,
      transfer_threshold: d.transferThreshold,
      dealer_daily_limit: d.dealerDailyLimit,
      dealer_price_bp: d.dealerPriceBp,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('partner').doNothing())
    .execute();
  await partnerAccount(db, partner);
}

export async function updatePartner(ctx: Ctx, body: Partial<PartnerDefaults> & { id: number; name?: string }) {
  const { db, now } = ctx;
  const before = profileView(await profileOf(db, body.id, true));
  if (body.name !== undefined) await db.updateTable('partner').set({ name: body.name }).where('id', '=', body.id).execute();
  const set: Record<string, unknown> = { updated_at: now };
  if (body.deposit !== undefined) set.deposit = body.deposit;
  if (body.rakeSharePct !== undefined) set.rake_share_bp = Math.round(body.rakeSharePct * 100);
  if (body.cloudPriceBp !== undefined) set.cloud_price_bp = body.cloudPriceBp;
  if (body.transferThreshold !== undefined) set.transfer_threshold = body.transferThreshold;
  if (body.dealerDailyLimit !== undefined) set.dealer_daily_limit = body.dealerDailyLimit;
  if (body.dealerPriceBp !== undefined) set.dealer_price_bp = body.dealerPriceBp;
  await db.updateTable('partner_profile').set(set).where('partner', '=', body.id).execute();
  const after = profileView(await profileOf(db, body.id));
  Object.assign(ctx.note, { target: `partner:${body.id}`, before, after });
  return after;
}

export async function setPartnerStatus(ctx: Ctx, id: number, status: 'active' | 'suspended', reason: string) {
  const { db, now } = ctx;
  const p = await profileOf(db, id, true);
  if (p.status === status) throw conflict(`Partner ${id} is ${status} already`);
  if (status === 'active') {
    // the scheduled stop-loss would suspend it again within minutes: the losses must be covered first
    const { loss, deposit, since } = await openLoss(db, id);
    if (deposit > 0 && loss >= deposit) {
      throw conflict(`Partner ${id}: losses of ${loss} chips since ${since} still reach the deposit of ${deposit}; raise the deposit or settle a bill first`);
    }
  }
  await db
    .updateTable('partner_profile')
    .set({ status, status_reason: status === 'suspended' ? reason : '', updated_at: now })
    .where('partner', '=', id)
    .execute();
  Object.assign(ctx.note, { target: `partner:${id}`, before: { status: p.status, reason: p.status_reason }, after: { status, reason } });
  return { id, status };
}

// ---------------------------------------------------------------- the stop-loss

/**
 * A partner's losses over its open period (since the end of its last settled bill, else since it
 * was created): its share of its players' house take (turnover − wins, game_day) when that is
 * negative, as a positive number of chips; 0 when the house won.
 */
export async function openLoss(db: Db, partner: number): Promise<{ loss: number; since: string; rakeShareBp: number; deposit: number; status: string }> {
  const p = await profileOf(db, partner);
  const settled = await db
    .selectFrom('partner_bill')
    .select((eb) => eb.fn.max('period_to').as('to'))
    .where('partner', '=', partner)
    .where('status', '=', 'settled')
    .executeTakeFirst();
  const since = consoleDay(settled?.to ? new Date(settled.to) : new Date(p.created_at));
  const row = await db
    .selectFrom('game_day')
    .select(sql<string>`coalesce(sum(turnover - wins), 0)`.as('take'))
    .where('partner', '=', partner)
    .where('day', '>=', since)
    .executeTakeFirst();
  const share = Math.trunc((Number(row?.take ?? 0) * p.rake_share_bp) / 10_000);
  return { loss: Math.max(0, -share), since, rakeShareBp: p.rake_share_bp, deposit: Number(p.deposit), status: p.status };
}

/** Who the scheduled check (stoploss-job.ts) is in the operation log. */
export const STOPLOSS_ACTOR = { username: 'system:stoploss', partner: 0 } as const;

/**
 * Suspends each active partner whose losses reach its deposit (a deposit of 0: no stop-loss),
 * saying why in the partner's status and in the operation log (operation `partners.stoploss`).
 * Run by the partnerediter button, by a bill's creation and on a schedule in every server
 * process (stoploss-job.ts), so several may check at once: each partner is checked in its own
 * transaction (the caller's when it has one) that claims the partner's row while it is still
 * active (FOR UPDATE SKIP LOCKED: a partner another check holds is that check's to decide), and
 * suspends it and writes the record together. A partner is suspended once, with one record; a
 * check that finds nothing to do changes nothing.
 */
export async function checkStopLoss(
  db: Db,
  actor: { username: string; partner: number },
  now: Date,
  ip = '',
): Promise<{ checked: number; suspended: number[] }> {
  const partners = await db.selectFrom('partner_profile').select('partner').where('status', '=', 'active').orderBy('partner').execute();
  const suspended: number[] = [];
  for (const { partner } of partners) {
    const check = (trx: Db) => stopLossOf(trx, partner, actor, now, ip);
    if (await (db.isTransaction ? check(db) : db.transaction().execute(check))) suspended.push(partner);
  }
  return { checked: partners.length, suspended };
}

async function stopLossOf(trx: Db, partner: number, actor: { username: string; partner: number }, now: Date, ip: string): Promise<boolean> {
  const claimed = await trx
    .selectFrom('partner_profile')
    .select('partner')
    .where('partner', '=', partner)
    .where('status', '=', 'active')
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!claimed) return false;
  const { loss, deposit, since } = await openLoss(trx, partner);
  if (deposit <= 0 || loss < deposit) return false;
  const reason = `Stop-loss: losses of ${loss} chips since ${since} reached the deposit of ${deposit}`;
  await trx.updateTable('partner_profile').set({ status: 'suspended', status_reason: reason, updated_at: now }).where('partner', '=', partner).execute();
  await appendOperationLog(
    trx,
    {
      username: actor.username,
      partner: actor.partner,
      operation: 'partners.stoploss',
      target: `partner:${partner}`,
      result: 'ok',
      status: 200,
      message: reason,
      before: { status: 'active' },
      after: { status: 'suspended', reason, loss, deposit, since },
      ip,
    },
    now,
  );
  return true;
}

// ---------------------------------------------------------------- cloud chips

const costOf = (amount: number, bp: number) => Math.round((amount * bp) / 10_000);

/** A partner asks to buy cloud chips: a pending order at its price, paid when the platform confirms. */
export async function requestCloud(ctx: Ctx, partner: number, amount: number, note = '') {
  const p = await profileOf(ctx.db, partner);
  mustBeActive(p);
  const order = await ctx.db
    .insertInto('cloud_order')
    .values({
      partner,
      amount,
      price_bp: p.cloud_price_bp,
      cost: costOf(amount, p.cloud_price_bp),
      note,
      requested_by: ctx.user.username,
      requested_at: ctx.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  Object.assign(ctx.note, { target: `cloud_order:${order.id}`, before: null, after: { partner, amount, cost: order.cost, status: 'pending' } });
  return { id: Number(order.id), status: order.status, cost: Number(order.cost) };
}

async function payOrder(ctx: Ctx, order: { id: number; partner: number; amount: number }): Promise<{ balance: number | null; entryId: number }> {
  const issuer = await issuanceAccount(ctx.db, CHIP);
  const account = await partnerAccount(ctx.db, order.partner);
  const move = await moveBetweenAccounts(ctx.db, issuer.id, account.id, order.amount, {
    reason: REASONS.cloudSold,
    ref: `cloud_order:${order.id}`,
    actor: actorOf(ctx.user),
    key: `partners:cloud:${order.id}`,
    at: ctx.now,
  });
  await ctx.db
    .updateTable('cloud_order')
    .set({ status: 'paid', decided_by: ctx.user.username, decided_at: ctx.now, entry_id: move.entries[1] })
    .where('id', '=', order.id)
    .execute();
  return { balance: move.balances?.[1] ?? null, entryId: move.entries[1] };
}

/** The platform sells cloud chips to a partner: a paid order and the move issuance → partner. */
export async function sellCloud(ctx: Ctx, partner: number, amount: number, note = '', key?: string) {
  const p = await profileOf(ctx.db, partner, true);
  mustBeActive(p);
  const idem = key ? `${ctx.user.username}:${key}` : null;
  if (idem) {
    const seen = await ctx.db.selectFrom('cloud_order').select(['id', 'partner', 'amount']).where('idem_key', '=', idem).executeTakeFirst();
    if (seen) {
      if (seen.partner !== partner || Number(seen.amount) !== amount) throw conflict('key: Used before for another sale');
      Object.assign(ctx.note, { target: `partner:${partner}`, before: null, after: { order: Number(seen.id), repeated: true } });
      return { order: Number(seen.id), balance: null };
    }
  }
  const order = await ctx.db
    .insertInto('cloud_order')
    .values({
      partner,
      amount,
      price_bp: p.cloud_price_bp,
      cost: costOf(amount, p.cloud_price_bp),
      note,
      requested_by: ctx.user.username,
      requested_at: ctx.now,
      idem_key: idem,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  const paid = await payOrder(ctx, { id: Number(order.id), partner, amount });
  Object.assign(ctx.note, {
    target: `partner:${partner}`,
    before: null,
    after: { order: Number(order.id), amount, cost: costOf(amount, p.cloud_price_bp), balance: paid.balance },
  });
  return { order: Number(order.id), balance: paid.balance };
}

/** The platform confirms a partner's pending order (paid) or cancels it; the partner may cancel its own. */
export async function decideOrder(ctx: Ctx, id: number, pay: boolean, note = '') {
  const order = await ctx.db.selectFrom('cloud_order').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!order) throw notFound(`Order ${id} not found`);
  mustOwn(ctx.user, order.partner, `Order ${id}`);
  if (order.status !== 'pending') throw conflict(`Order ${id} is ${order.status}, not pending`);
  if (pay) {
    if (partnerScope(ctx.user) !== null) throw forbidden('Only the platform confirms a payment');
    mustBeActive(await profileOf(ctx.db, order.partner, true));
    const paid = await payOrder(ctx, { id, partner: order.partner, amount: Number(order.amount) });
    Object.assign(ctx.note, {
      target: `cloud_order:${id}`,
      before: { status: 'pending' },
      after: { status: 'paid', amount: Number(order.amount), balance: paid.balance },
    });
    return { id, status: 'paid' };
  }
  await ctx.db
    .updateTable('cloud_order')
    .set({ status: 'cancelled', decided_by: ctx.user.username, decided_at: ctx.now, note: note || order.note })
    .where('id', '=', id)
    .execute();
  Object.assign(ctx.note, { target: `cloud_order:${id}`, before: { status: 'pending' }, after: { status: 'cancelled', note } });
  return { id, status: 'cancelled' };
}

async function partnerPlayer(db: Db, partner: number, uid: number): Promise<void> {
  const player = await db.selectFrom('player').select(['uid', 'partner']).where('uid', '=', uid).executeTakeFirst();
  if (!player || player.partner !== partner) throw notFound(`Player ${uid} not found`);
}

/** A partner hands cloud chips to one of its players (partner account → the player's chips). */
export async function giveToPlayer(ctx: Ctx, partner: number, uid: number, amount: number, reason: string, key?: string) {
  mustBeActive(await profileOf(ctx.db, partner, true));
  await partnerPlayer(ctx.db, partner, uid);
  const account = await partnerAccount(ctx.db, partner);
  const move = await accountToPlayer(ctx.db, account.id, uid, amount, {
    reason: REASONS.toPlayer,
    ref: reason,
    actor: actorOf(ctx.user),
    key: moveKey('give', ctx.user, key),
    at: ctx.now,
  });
  Object.assign(ctx.note, { target: `player:${uid}`, before: null, after: { partner, amount, reason, applied: move.applied, balances: move.balances } });
  return { applied: move.applied, partnerBalance: move.balances?.[0] ?? null, playerBalance: move.balances?.[1] ?? null };
}

/** A partner takes cloud chips back from one of its players (the player's chips → partner account). */
export async function reclaimFromPlayer(ctx: Ctx, partner: number, uid: number, amount: number, reason: string, key?: string) {
  await profileOf(ctx.db, partner, true);
  await partnerPlayer(ctx.db, partner, uid);
  const account = await partnerAccount(ctx.db, partner);
  const move = await playerToAccount(ctx.db, uid, account.id, amount, {
    reason: REASONS.fromPlayer,
    ref: reason,
    actor: actorOf(ctx.user),
    key: moveKey('reclaim', ctx.user, key),
    at: ctx.now,
  });
  Object.assign(ctx.note, { target: `player:${uid}`, before: null, after: { partner, amount, reason, applied: move.applied, balances: move.balances } });
  return { applied: move.applied, playerBalance: move.balances?.[0] ?? null, partnerBalance: move.balances?.[1] ?? null };
}

/** The partner's accounts (its cloud chips and its dealers' stock), for the transfer form. */
export async function partnerAccounts(db: Db, partner: number): Promise<Array<LedgerAccount & { name: string }>> {
  await partnerAccount(db, partner);
  const rows = await db
    .selectFrom('ledger_account as a')
    .leftJoin('coin_dealer as d', (j) => j.on(sql<boolean>`a.kind = 'dealer' AND a.owner = d.id::text`))
    .select(['a.id', 'a.kind', 'a.owner', 'a.partner', 'a.currency', 'a.balance', 'd.name'])
    .where('a.partner', '=', partner)
    .where('a.kind', 'in', ['partner', 'dealer'])
    .where('a.currency', '=', CHIP)
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    owner: r.owner,
    partner: r.partner,
    currency: r.currency,
    balance: Number(r.balance),
    name: r.kind === 'partner' ? `Partner ${r.owner}` : (r.name ?? `Dealer ${r.owner}`),
  }));
}
