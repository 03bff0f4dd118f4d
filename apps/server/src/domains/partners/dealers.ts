/**
 * Coin dealers: the platform's (partner 0, /platmanager/coinediter, stock loaded through
 * a requested → approved workflow out of issuance) and each partner's (/partnermanager/coinbusiness,
 * stock handed from the partner's cloud chips). A dealer sells to a player within its daily limit
 * (a guarded update of coin_dealer_day): the dealer's stock → the player's chips, one coin_sale row.
 */
import { conflict, forbidden, notFound } from '../../http/api-error';
import type { Db } from '../../db/open';
import { partnerScope } from '../../plugins/partner-scope';
import { accountToPlayer, issuanceAccount, moveBetweenAccounts } from '../ledger/accounts';
import { actorOf, CHIP, dealerAccount, DEFAULTS, moveKey, mustBeActive, mustOwn, partnerAccount, profileOf, readDefaults, REASONS, type Ctx } from './service';
import { consoleDay } from '@console/time';

export interface DealerRow {
  id: number;
  partner: number;
  name: string;
  uid: number | null;
  price_bp: number;
  daily_limit: number;
  status: 'active' | 'frozen';
}

export async function dealerOf(db: Db, ctx: Pick<Ctx, 'user'>, id: number, lock = false): Promise<DealerRow> {
  let q = db.selectFrom('coin_dealer').select(['id', 'partner', 'name', 'uid', 'price_bp', 'daily_limit', 'status']).where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(`Dealer ${id} not found`);
  mustOwn(ctx.user, row.partner, `Dealer ${id}`);
  return { ...row, daily_limit: row.daily_limit };
}

/** Screens: a platform dealer (partner 0) on /platmanager, a partner's on /partnermanager. */
export function mustBeScreenOf(dealer: DealerRow, platform: boolean): void {
  if (platform !== (dealer.partner === 0)) throw notFound(`Dealer ${dealer.id} not found`);
}

const view = (d: DealerRow) => ({ id: d.id, partner: d.partner, name: d.name, uid: d.uid, priceBp: d.price_bp, dailyLimit: d.daily_limit, status: d.status });

export async function createDealer(ctx: Ctx, partner: number, body: { name: string; uid?: number; priceBp?: number; dailyLimit?: number }) {
  const { db, now } = ctx;
  let priceBp = body.priceBp;
  let dailyLimit = body.dailyLimit;
  if (partner > 0) {
    const p = await profileOf(db, partner);
    priceBp ??= p.dealer_price_bp;
    dailyLimit ??= p.dealer_daily_limit;
  } else {
    const d = (await readDefaults(db)) ?? DEFAULTS;
    priceBp ??= d.dealerPriceBp;
    dailyLimit ??= d.dealerDailyLimit;
  }
  if (body.uid !== undefined) {
    const player = await db.selectFrom('player').select(['uid', 'partner']).where('uid', '=', body.uid).executeTakeFirst();
    if (!player || (partner > 0 && player.partner !== partner)) throw notFound(`Player ${body.uid} not found`);
  }
  if (await db.selectFrom('coin_dealer').select('id').where('partner', '=', partner).where('name', '=', body.name).executeTakeFirst()) {
    throw conflict(`A dealer named ${body.name} exists already`);
  }
  const row = await db
    .insertInto('coin_dealer')
    .values({
      partner,
      name: body.name,
      uid: body.uid ?? null,
      price_bp: priceBp,
      daily_limit: dailyLimit,
      created_by: ctx.user.username,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'partner', 'name', 'uid', 'price_bp', 'daily_limit', 'status'])
    .executeTakeFirstOrThrow();
  const dealer = { ...row, daily_limit: row.daily_limit };
  await dealerAccount(db, dealer);
  Object.assign(ctx.note, { target: `coin_dealer:${dealer.id}`, before: null, after: view(dealer) });
  return view(dealer);
}

export async function updateDealer(ctx: Ctx, platform: boolean, body: { id: number; name?: string; priceBp?: number; dailyLimit?: number }) {
  const before = await dealerOf(ctx.db, ctx, body.id, true);
  mustBeScreenOf(before, platform);
  if (
    body.name !== undefined &&
    body.name !== before.name &&
    (await ctx.db.selectFrom('coin_dealer').select('id').where('partner', '=', before.partner).where('name', '=', body.name).executeTakeFirst())
  ) {
    throw conflict(`A dealer named ${body.name} exists already`);
  }
  await ctx.db
    .updateTable('coin_dealer')
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.priceBp !== undefined ? { price_bp: body.priceBp } : {}),
      ...(body.dailyLimit !== undefined ? { daily_limit: body.dailyLimit } : {}),
      updated_at: ctx.now,
    })
    .where('id', '=', body.id)
    .execute();
  const after = await dealerOf(ctx.db, ctx, body.id);
  Object.assign(ctx.note, { target: `coin_dealer:${body.id}`, before: view(before), after: view(after) });
  return view(after);
}

export async function freezeDealer(ctx: Ctx, platform: boolean, id: number, frozen: boolean, reason: string) {
  const before = await dealerOf(ctx.db, ctx, id, true);
  mustBeScreenOf(before, platform);
  const status = frozen ? 'frozen' : 'active';
  if (before.status === status) throw conflict(`Dealer ${id} is ${status} already`);
  await ctx.db.updateTable('coin_dealer').set({ status, updated_at: ctx.now }).where('id', '=', id).execute();
  Object.assign(ctx.note, { target: `coin_dealer:${id}`, before: { status: before.status }, after: { status, reason } });
  return { id, status };
}

/** A partner hands stock to one of its dealers (partner account → dealer account), or takes it back (`back`). */
export async function handStock(ctx: Ctx, id: number, amount: number, back: boolean, key?: string) {
  const dealer = await dealerOf(ctx.db, ctx, id, true);
  mustBeScreenOf(dealer, false);
  const p = await profileOf(ctx.db, dealer.partner, true);
  if (!back) {
    mustBeActive(p);
    if (dealer.status !== 'active') throw conflict(`Dealer ${id} is frozen`);
  }
  const [partner, stock] = [await partnerAccount(ctx.db, dealer.partner), await dealerAccount(ctx.db, dealer)];
  const move = await moveBetweenAccounts(ctx.db, back ? stock.id : partner.id, back ? partner.id : stock.id, amount, {
    reason: back ? REASONS.fromDealer : REASONS.toDealer,
    ref: `coin_dealer:${id}`,
    actor: actorOf(ctx.user),
    key: moveKey(back ? 'unstock' : 'stock', ctx.user, key),
    at: ctx.now,
  });
  // partnerBalance, as give and reclaim name it: a `partner` field is a partner's id everywhere (the partner wall reads it)
  const balances =
    move.balances && (back ? { stock: move.balances[0], partnerBalance: move.balances[1] } : { partnerBalance: move.balances[0], stock: move.balances[1] });
  Object.assign(ctx.note, { target: `coin_dealer:${id}`, before: null, after: { amount, back, applied: move.applied, ...balances } });
  return { applied: move.applied, ...balances };
}

/**
 * A dealer sells `amount` chips to a player: active dealer (and partner), the player one of the
 * dealer's partner (any player for a platform dealer), within the day's limit; the stock moves to
 * the player's chips and the sale is recorded, all in the caller's transaction. A key seen before
 * answers the first sale.
 */
export async function sell(ctx: Ctx, platform: boolean, body: { dealer: number; uid: number; amount: number; key?: string }) {
  const { db, now } = ctx;
  const dealer = await dealerOf(db, ctx, body.dealer, true);
  mustBeScreenOf(dealer, platform);
  const key = moveKey('sale', ctx.user, body.key);
  if (body.key) {
    const seen = await db.selectFrom('coin_sale').select(['id', 'dealer', 'uid', 'amount']).where('idem_key', '=', key).executeTakeFirst();
    if (seen) {
      if (seen.dealer !== dealer.id || seen.uid !== body.uid || seen.amount !== body.amount) throw conflict('key: Used before for another sale');
      return { sale: seen.id, applied: false };
    }
  }
  if (dealer.status !== 'active') throw conflict(`Dealer ${dealer.id} is frozen`);
  if (dealer.partner > 0) mustBeActive(await profileOf(db, dealer.partner));
  const player = await db.selectFrom('player').select(['uid', 'partner']).where('uid', '=', body.uid).executeTakeFirst();
  if (!player || (dealer.partner > 0 && player.partner !== dealer.partner)) throw notFound(`Player ${body.uid} not found`);
  const day = consoleDay(now);
  await db
    .insertInto('coin_dealer_day')
    .values({ dealer: dealer.id, day })
    .onConflict((oc) => oc.columns(['dealer', 'day']).doNothing())
    .execute();
  const used = await db
    .updateTable('coin_dealer_day')
    .set((eb) => ({ sold: eb('sold', '+', body.amount), sales: eb('sales', '+', 1) }))
    .where('dealer', '=', dealer.id)
    .where('day', '=', day)
    .where((eb) => eb(eb('sold', '+', body.amount), '<=', dealer.daily_limit))
    .returning('sold')
    .executeTakeFirst();
  if (!used) {
    const today = await db.selectFrom('coin_dealer_day').select('sold').where('dealer', '=', dealer.id).where('day', '=', day).executeTakeFirst();
    throw conflict(`Over the daily sell limit: ${Math.max(0, dealer.daily_limit - (today?.sold ?? 0))} chips left today`);
  }
  const stock = await dealerAccount(db, dealer);
  const move = await accountToPlayer(db, stock.id, body.uid, body.amount, {
    reason: REASONS.dealerSold,
    ref: `coin_dealer:${dealer.id}`,
    actor: actorOf(ctx.user),
    key,
    at: now,
  });
  const paid = Math.round((body.amount * dealer.price_bp) / 10_000);
  const sale = await db
    .insertInto('coin_sale')
    .values({
      at: now,
      day,
      dealer: dealer.id,
      partner: dealer.partner,
      uid: body.uid,
      amount: body.amount,
      price_bp: dealer.price_bp,
      paid,
      actor: ctx.user.username,
      idem_key: key,
      account_entry_id: move.entries[0],
      ledger_entry_id: move.entries[1],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  Object.assign(ctx.note, {
    target: `coin_dealer:${dealer.id}`,
    before: null,
    after: { sale: sale.id, uid: body.uid, amount: body.amount, paid, stock: move.balances?.[0] },
  });
  return { sale: sale.id, applied: true, stock: move.balances?.[0] ?? null, soldToday: used.sold };
}

/** A stock load of a platform dealer is asked for; another account approves it. */
export async function requestLoad(ctx: Ctx, dealerId: number, amount: number, note = '') {
  const dealer = await dealerOf(ctx.db, ctx, dealerId);
  mustBeScreenOf(dealer, true);
  if (dealer.status !== 'active') throw conflict(`Dealer ${dealerId} is frozen`);
  const row = await ctx.db
    .insertInto('coin_stock_load')
    .values({ dealer: dealerId, amount, note, requested_by: ctx.user.username, requested_at: ctx.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  Object.assign(ctx.note, { target: `coin_stock_load:${row.id}`, before: null, after: { dealer: dealerId, amount, note, status: 'requested' } });
  return { id: row.id, status: 'requested' };
}

export async function decideLoad(ctx: Ctx, id: number, approve: boolean, note = '') {
  const load = await ctx.db.selectFrom('coin_stock_load').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!load) throw notFound(`Load ${id} not found`);
  if (load.status !== 'requested') throw conflict(`Load ${id} is ${load.status} already`);
  if (load.requested_by === ctx.user.username) throw forbidden('A second account must decide a stock load');
  if (partnerScope(ctx.user) !== null) throw forbidden();
  const status = approve ? 'approved' : 'rejected';
  let balance: number | null = null;
  if (approve) {
    const dealer = await dealerOf(ctx.db, ctx, load.dealer, true);
    if (dealer.status !== 'active') throw conflict(`Dealer ${dealer.id} is frozen`);
    const issuer = await issuanceAccount(ctx.db, CHIP);
    const stock = await dealerAccount(ctx.db, dealer);
    const move = await moveBetweenAccounts(ctx.db, issuer.id, stock.id, load.amount, {
      reason: REASONS.dealerLoad,
      ref: `coin_stock_load:${id}`,
      actor: actorOf(ctx.user),
      key: `partners:load:${id}`,
      at: ctx.now,
    });
    balance = move.balances?.[1] ?? null;
  }
  await ctx.db
    .updateTable('coin_stock_load')
    .set({ status, decided_by: ctx.user.username, decided_at: ctx.now, ...(note ? { note } : {}) })
    .where('id', '=', id)
    .execute();
  Object.assign(ctx.note, { target: `coin_stock_load:${id}`, before: { status: 'requested' }, after: { status, amount: load.amount, stock: balance } });
  return { id, status, stock: balance };
}
