/**
 * Demo data of partners, cloud chips, coin dealers, bills and transfers, after the
 * simulated history: through this domain's services, each action in its own transaction with
 * its operation-log record, at a moment of the history (the demo staff's accounts; partner 2,
 * which has no console account of its own in the demo, is served by `business`).
 * - the defaults (one version), the profiles of partners 1 and 2 from the start of the history;
 * - cloud chips sold to both partners every week, a partner-1 order left pending;
 * - coin dealers: the simulated dealer players (population.ts DEALER_SLOTS) become the
 *   platform's and each partner's dealers; partners hand them stock weekly, the platform loads
 *   its own through a requested → approved workflow (one load left requested); every day each
 *   dealer sells to a few of its partner's players (the platform's to anyone), within limits;
 * - chips given to and reclaimed from players; transfers, one pending for a second approver;
 * - weekly bills: settled, confirmed, and an adjusted draft (partner 2: one disputed).
 * Deterministic (choices from uids and days; keys from them): a second run changes nothing.
 */
import { sql } from 'kysely';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { saveItem } from '../../settings/versions';
import type { SessionUser } from '../auth/sessions';
import { appendOperationLog } from '../operation-log/chain';
import { adjustBill, createBill, stepBill } from './bills';
import { createDealer, decideLoad, handStock, requestLoad, sell } from './dealers';
import { DEFAULTS, defaultItems, ensureProfile, giveToPlayer, reclaimFromPlayer, requestCloud, sellCloud, type Ctx } from './service';
import { requestTransfer } from './transfers';
import { DEALER_SLOTS, DEMO_POPULATION } from '../../simulator/population';
import { consoleDay, dayStart } from '@console/time';

const HOUR = 3_600_000;
const DONE_NOTE = 'Bank transfer sent, ref BDO-2291';
const DAY = 24 * HOUR;

/** A stable pseudo-random share 0..99 of two numbers. */
const share = (a: number, b: number) => {
  let h = Math.imul((a ^ Math.imul(b, 0x9e3779b9)) >>> 0, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) % 100;
};

/** Activity after the simulated history (players, rounds, payments exist); returns figures for the seed log. */
export async function seedPartnerActivity(db: Db, _config: ServerConfig, _password: string, end: number): Promise<Record<string, number>> {
  const figures = { actions: 0, refused: 0, sales: 0, bills: 0, dealers: 0 };
  const first = await db
    .selectFrom('player')
    .select((eb) => eb.fn.min('registered_at').as('at'))
    .executeTakeFirst();
  if (!first?.at) return figures;
  const start = Math.floor(new Date(first.at).getTime() / DAY) * DAY;
  // the last action of a finished seed: a run again changes nothing
  if (await db.selectFrom('cloud_order').select('id').where('note', '=', DONE_NOTE).executeTakeFirst()) return figures;
  const accounts = await db.selectFrom('console_account').select(['id', 'username', 'name', 'roles', 'partner']).execute();
  const user = (username: string, partner?: number): SessionUser => {
    const a = accounts.find((x) => x.username === username);
    if (!a) throw new Error(`demo partners: no account ${username}`);
    return {
      accountId: a.id,
      username: a.username,
      name: a.name,
      avatar: '',
      telephone: '',
      roles: a.roles,
      partner: partner ?? a.partner,
      bind2fa: false,
      mustBind: false,
      signedInAt: 0,
      tokenHash: '',
    };
  };
  const [admin, secadmin, business, partner1] = [user('admin'), user('secadmin'), user('business', 1), user('partner')];
  const business2 = user('business', 2);

  /** One staff action in its own transaction with its operation-log record; a refusal (4xx) is counted and skipped. */
  const act = async (who: SessionUser, operation: string, at: number, fn: (ctx: Ctx) => Promise<unknown>): Promise<unknown> => {
    try {
      return await db.transaction().execute(async (trx) => {
        const ctx: Ctx = { db: trx, user: who, now: new Date(at), note: { target: '', before: null, after: null }, ip: '127.0.0.1' };
        const result = await fn(ctx);
        await appendOperationLog(
          trx,
          {
            username: who.username,
            partner: who.partner,
            operation,
            target: ctx.note.target,
            result: 'ok',
            status: 200,
            message: '',
            before: ctx.note.before,
            after: ctx.note.after,
            ip: '127.0.0.1',
          },
          new Date(at),
        );
        figures.actions += 1;
        return result;
      });
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode && (error as { statusCode: number }).statusCode < 500) {
        figures.refused += 1;
        return undefined;
      }
      throw error;
    }
  };

  // defaults and profiles, once
  if (!(await db.selectFrom('partner_default').select('id').executeTakeFirst())) {
    await act(admin, 'platmanager.defalutediter.save', start + 9 * HOUR, (ctx) => saveItem(ctx, defaultItems, '', 'update', () => ({ ...DEFAULTS })));
  }
  for (const partner of [1, 2]) await ensureProfile(db, partner, new Date(start));

  // dealers: the simulated dealer players
  const slotOwner = [0, 1, 2];
  const dealerPlayers = await db
    .selectFrom('player')
    .select(['uid', 'name', 'partner'])
    .where(sql<boolean>`(uid - ${sql.lit(DEMO_POPULATION.uidBase + 1)}) % 400 IN (${sql.join(DEALER_SLOTS.map((s) => sql.lit(s)))})`)
    .orderBy('uid')
    .limit(9)
    .execute();
  for (const p of dealerPlayers) {
    const slot = DEALER_SLOTS.indexOf(((p.uid - DEMO_POPULATION.uidBase - 1) % 400) as (typeof DEALER_SLOTS)[number]);
    const partner = slotOwner[slot];
    if (p.partner !== partner) continue;
    const name = `${p.name} coins`.slice(0, 64);
    if (await db.selectFrom('coin_dealer').select('id').where('partner', '=', partner).where('name', '=', name).executeTakeFirst()) continue;
    const who = partner === 0 ? admin : partner === 1 ? partner1 : business2;
    await act(who, partner === 0 ? 'platmanager.coinediter.create' : 'partnermanager.coinbusiness.create', start + DAY + 10 * HOUR, (ctx) =>
      createDealer(ctx, partner, { name, uid: p.uid, dailyLimit: partner === 0 ? 5_000_000 : 3_000_000 }),
    );
    figures.dealers += 1;
  }
  const dealers = await db.selectFrom('coin_dealer').select(['id', 'partner', 'uid']).orderBy('id').execute();
  const playersOf = new Map<number, number[]>();
  for (const partner of [0, 1, 2]) {
    const rows = await db.selectFrom('player').select('uid').where('partner', '=', partner).orderBy('uid').limit(400).execute();
    playersOf.set(
      partner,
      rows.map((r) => r.uid),
    );
  }

  const days = Math.max(1, Math.floor((end - start) / DAY));
  for (let d = 1; d < days; d++) {
    const dayStart = start + d * DAY;
    if (d % 7 === 1) {
      await act(admin, 'platmanager.partnerediter.sell', dayStart + 9 * HOUR, (ctx) => sellCloud(ctx, 1, 20_000_000, `Wire PH-${d}`, `demo-1-${d}`));
      await act(admin, 'platmanager.partnerediter.sell', dayStart + 9 * HOUR + 60_000, (ctx) => sellCloud(ctx, 2, 10_000_000, `Wire PH2-${d}`, `demo-2-${d}`));
      for (const dealer of dealers.filter((x) => x.partner > 0)) {
        const who = dealer.partner === 1 ? partner1 : business2;
        await act(who, 'partnermanager.coinbusiness.stock', dayStart + 11 * HOUR, (ctx) =>
          handStock(ctx, dealer.id, 2_500_000, false, `demo-${dealer.id}-${d}`),
        );
      }
      for (const dealer of dealers.filter((x) => x.partner === 0)) {
        const at = dayStart + 10 * HOUR;
        const done = await db
          .selectFrom('coin_stock_load')
          .select('id')
          .where('dealer', '=', dealer.id)
          .where('requested_at', '=', new Date(at))
          .executeTakeFirst();
        if (done) continue;
        const load = (await act(admin, 'platmanager.coinediter.loads.request', at, (ctx) =>
          requestLoad(ctx, dealer.id, 6_000_000, `Week ${Math.ceil(d / 7)} stock`),
        )) as { id: number } | undefined;
        if (load && d + 7 < days) await act(secadmin, 'platmanager.coinediter.loads.decide', at + 2 * HOUR, (ctx) => decideLoad(ctx, load.id, true));
      }
    }
    // every day, each dealer sells to a few players
    for (const dealer of dealers) {
      const pool = (playersOf.get(dealer.partner) ?? []).filter((uid) => uid !== dealer.uid);
      if (pool.length === 0) continue;
      const who = dealer.partner === 0 ? admin : dealer.partner === 1 ? partner1 : business2;
      const count = 1 + (share(dealer.id, d) % 3);
      for (let i = 0; i < count; i++) {
        const uid = pool[(share(dealer.id * 31 + i, d) * 7 + d * 13 + i) % pool.length];
        const amount = (5 + (share(uid, d + i) % 20)) * 10_000;
        const r = await act(
          who,
          `${dealer.partner === 0 ? 'platmanager.coinediter' : 'partnermanager.coinbusiness'}.sell`,
          dayStart + (12 + i) * HOUR + dealer.id * 60_000,
          (ctx) => sell(ctx, dealer.partner === 0, { dealer: dealer.id, uid, amount, key: `demo-${dealer.id}-${d}-${i}` }),
        );
        if (r) figures.sales += 1;
      }
    }
    // partner 1 hands chips to a player and takes some back now and then
    const p1 = playersOf.get(1) ?? [];
    if (p1.length > 0 && d % 3 === 0) {
      const uid = p1[(d * 17) % p1.length];
      await act(partner1, 'partnermanager.partnerCoinLogs.give', dayStart + 15 * HOUR, (ctx) =>
        giveToPlayer(ctx, 1, uid, 100_000, 'Club tournament prize', `demo-give-${d}`),
      );
      if (d % 6 === 0) {
        await act(partner1, 'partnermanager.partnerCoinLogs.reclaim', dayStart + 17 * HOUR, (ctx) =>
          reclaimFromPlayer(ctx, 1, uid, 40_000, 'Prize paid twice', `demo-reclaim-${d}`),
        );
      }
    }
  }

  // weekly bills over whole weeks that have ended
  const weeks = Math.floor((days - 1) / 7);
  for (let w = 0; w < weeks; w++) {
    const from = consoleDay(new Date(start + (1 + w * 7) * DAY));
    const to = consoleDay(new Date(start + (7 + w * 7) * DAY));
    const created = new Date(start + (8 + w * 7) * DAY + 10 * HOUR).getTime();
    if (created > end) continue;
    for (const partner of [1, 2]) {
      if (await db.selectFrom('partner_bill').select('id').where('partner', '=', partner).where('period_from', '=', dayStart(from)).executeTakeFirst())
        continue;
      const who = partner === 1 ? business : business2;
      const bill = (await act(who, 'partnermanager.partnersum.create', created, (ctx) => createBill(ctx, partner, from, to))) as { id: number } | undefined;
      if (!bill) continue;
      figures.bills += 1;
      const latest = w === weeks - 1;
      if (latest) {
        await act(who, 'partnermanager.partnersum.adjust', created + HOUR, (ctx) =>
          adjustBill(
            ctx,
            bill.id,
            partner === 1 ? 150_000 : -50_000,
            partner === 1 ? 'Compensation: table server outage on the 3rd' : 'Duplicate dealer top-up reversed',
          ),
        );
        continue;
      }
      await act(partner === 1 ? partner1 : business2, 'partnermanager.partnersum.step', created + 2 * HOUR, (ctx) => stepBill(ctx, bill.id, 'confirm'));
      if (w < weeks - 2) await act(who, 'partnermanager.partnersum.step', created + DAY, (ctx) => stepBill(ctx, bill.id, 'settle', 'Paid by bank transfer'));
      else if (partner === 2)
        await act(business2, 'partnermanager.partnersum.step', created + DAY, (ctx) =>
          stepBill(ctx, bill.id, 'dispute', 'Rake share figure questioned by the partner'),
        );
    }
  }
  const lastDay = start + (days - 1) * DAY;
  // transfers: one done at once, one large awaiting a second approver; an order left pending
  if (!(await db.selectFrom('partner_transfer').select('id').where('partner', '=', 1).executeTakeFirst())) {
    const own = await db.selectFrom('ledger_account').select('id').where('kind', '=', 'partner').where('owner', '=', '1').executeTakeFirst();
    const stock = await db.selectFrom('ledger_account').select('id').where('kind', '=', 'dealer').where('partner', '=', 1).orderBy('id').executeTakeFirst();
    if (own && stock) {
      await act(partner1, 'partnermanager.accounttransfer.request', lastDay + 10 * HOUR, (ctx) =>
        requestTransfer(ctx, 1, { kind: 'account', from: own.id, to: stock.id, amount: 2_000_000, reason: 'Top-up before the weekend' }),
      );
      await act(partner1, 'partnermanager.accounttransfer.request', lastDay + 11 * HOUR, (ctx) =>
        requestTransfer(ctx, 1, {
          kind: 'account',
          from: own.id,
          to: stock.id,
          amount: 15_000_000,
          reason: 'Stock for the provincial tournament',
        }),
      );
    }
    await act(partner1, 'partnermanager.partnerCoinLogs.buy', lastDay + 12 * HOUR, (ctx) => requestCloud(ctx, 1, 30_000_000, DONE_NOTE));
  }

  return figures;
}
