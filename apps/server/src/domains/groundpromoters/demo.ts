/**
 * Demo data of /groundpromoters. Nothing before the players exist (the demo
 * promoter's share code is set with the accounts; the population registers about 5% of the
 * players with it). After the history, staff act through the real API: the default settings
 * saved once and a Cebu override, the ground promoter placed in Cebu under the province
 * promoter; the records are derived (qualified, duplicates voided with the device or IP named,
 * pending, expired), then half of the qualified ones are paid and one pending is voided by hand.
 * When no promoter player qualified in the history (a small one), one pending player with a bound
 * phone tops up ₱100 through the signed recharge calls, so there is a record to pay. Then partner 1's
 * own booth (`seedPartnerBooth`): the population's promoter players are all the platform's.
 * Deterministic; run again it pays nothing twice (records already paid are final).
 */
import { sql } from 'kysely';
import { buildApp } from '../../app';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { openDemoConsole, share } from '../../seed/demo-console';
import { bringInNewcomers, NEWCOMER_UIDS, type Newcomer } from '../../seed/demo-newcomers';
import { injectCarrier, SignedClient } from '../../simulator/transport';
import { DEFAULT_GP_SETTING } from './settings';
import { startOfDayMs } from '@console/time';

/** The demo's platform application (seed/demo.ts DEMO_APP). */
const DEMO_APP = { appId: 'demo-app', secret: 'demo-platform-secret' } as const;
const HAND_VOID_REASON = 'Registered at a promoter booth twice (staff check)';

export async function seedGroundPromoterActivity(db: Db, config: ServerConfig, password: string, end: number): Promise<Record<string, unknown>> {
  let at = end - 2 * 3_600_000;
  const server = await buildApp({ db, config: { ...config, now: () => at, webDist: undefined }, batchWorker: false });
  try {
    const call = async (method: 'GET' | 'POST', url: string, body: unknown, token?: string) => {
      const res = await server.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: body as object } : { query: body as Record<string, string> }),
        headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...(token ? { 'x-token': token } : {}) },
      });
      return JSON.parse(res.body) as { code: number; accessToken?: string; data?: { items?: { id: number; status: string }[] } };
    };
    const business = (await call('POST', '/api/login', { username: 'business', password })).accessToken!;
    const first = (await db.selectFrom('gp_setting').select('province').executeTakeFirst()) === undefined;
    if (first) {
      await call('POST', '/api/groundpromoters/settings/save', { province: '', setting: DEFAULT_GP_SETTING }, business);
      await call(
        'POST',
        '/api/groundpromoters/settings/save',
        { province: 'Cebu', setting: { ...DEFAULT_GP_SETTING, bounty: 2_500, sharePercent: 3.5 } },
        business,
      );
      await call('POST', '/api/groundpromoters/promoters/save', { username: 'groundpromoter', province: 'Cebu', leader: 'provincepromoter' }, business);
    }
    at += 5 * 60_000;
    // a small history may have no promoter player who qualified: the earliest pending one with a
    // bound phone tops up ₱100 by GCash (the app's signed order and the channel's paid callback) an
    // hour after registering, so the screens show a record to pay
    await call('GET', '/api/groundpromoters/records', { status: 'pending', pageSize: '1' }, business);
    const done = await db.selectFrom('gp_record').select('id').where('status', 'in', ['qualified', 'paid']).executeTakeFirst();
    if (!done) {
      const r = (
        await sql<{ uid: number; registered_at: Date | string }>`
        SELECT r.uid, r.registered_at FROM gp_record r JOIN player p ON p.uid = r.uid
        WHERE r.status = 'pending' AND p.phone_bound_at IS NOT NULL AND r.registered_at < ${new Date(at - 2 * 3_600_000)}
        ORDER BY r.registered_at, r.uid LIMIT 1`.execute(db)
      ).rows[0];
      if (r) {
        const now = at;
        const requestId = `demo-gp-${r.uid}`;
        const client = new SignedClient(injectCarrier(server), {
          ...DEMO_APP,
          now: () => at,
          setClock: (t) => {
            at = t;
          },
          attempts: 1,
        });
        await client.payment(
          {
            op: 'recharge',
            requestId,
            uid: r.uid,
            productId: 'php100',
            channel: 'gcash',
            price: 10_000,
            os: 'android',
            callbacks: [{ after: 70_000, status: 'paid', amount: 10_000, channelOrderId: `GCASH-${requestId.toUpperCase()}` }],
          },
          new Date(r.registered_at).getTime() + 3_600_000,
        );
        at = now;
      }
    }
    const qualified =
      (await call('GET', '/api/groundpromoters/records', { status: 'qualified', pageSize: '500', sort: 'id', order: 'ascend' }, business)).data?.items ?? [];
    // done once: the staff's work (a payment, or the hand-voided record) is there. A small history may
    // have no record to pay (half of one is none), so a payment alone cannot say it
    const staffWork = await db
      .selectFrom('gp_record')
      .select('id')
      .where((eb) => eb.or([eb('status', '=', 'paid'), eb('reason', '=', HAND_VOID_REASON)]))
      .executeTakeFirst();
    if (!staffWork) {
      // half of them (rounded down): some stay qualified for a reviewer to pay
      for (const record of qualified.slice(0, Math.floor(qualified.length / 2)))
        await call('POST', '/api/groundpromoters/records/pay', { id: record.id }, business);
      const pending =
        (await call('GET', '/api/groundpromoters/records', { status: 'pending', pageSize: '1', sort: 'id', order: 'ascend' }, business)).data?.items ?? [];
      if (pending[0]) await call('POST', '/api/groundpromoters/records/void', { id: pending[0].id, reason: HAND_VOID_REASON }, business);
    }
  } finally {
    await server.close();
  }
  const booth = await seedPartnerBooth(db, config, password, end);
  const rows = await db
    .selectFrom('gp_record')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();
  return { ...Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])), ...booth };
}

/** Partner 1's own ground promoter (a console account of partner 1) and its share code. */
export const PARTNER_BOOTH = { username: 'boothpromoter', shareCode: 'GP2001', partner: 1, province: 'Davao' } as const;

/**
 * Who registers at partner 1's booth, in order: [share of the booth's days when it registers, phone
 * at registration, phone bound later (hours after), the device of an earlier booth player (index),
 * ₱100 top-ups (hours after registering)]. Qualified (phone and ₱100 within the 7 days), a duplicate
 * device voided (a friend's phone, first come counts), pending, and past its 7 days unqualified
 * when the history is long enough.
 */
const BOOTH_PLAYERS: [number, boolean, number | null, number | null, number[]][] = [
  [0, true, null, null, []],
  [0.15, true, null, null, [1]],
  [0.3, true, null, null, [26]],
  [0.5, false, 2, null, [3]],
  [0.57, true, null, 3, [1]],
  [0.75, true, null, null, []],
  [0.85, true, null, null, [2]],
  [0.93, false, null, null, []],
];

/**
 * Partner 1 runs a booth of its own: the partner account creates its ground promoter's account
 * (share code GP2001, partner 1) on /adminmanager, business places it in its province, players
 * register with the code through the signed platform calls (seed/demo-newcomers.ts) over the last
 * 13 days of the history (its whole length when shorter), some bind a phone and top up ₱100,
 * and the partner pays its earliest qualified record. The demo population's promoter players are all
 * the platform's (partner 0), so without it the partner's GroundpromotersRecords is empty.
 * Run again: the account and the placement are found, the players' calls are answered as
 * duplicates, and a paid record of the booth stops a second payment.
 */
async function seedPartnerBooth(db: Db, config: ServerConfig, password: string, end: number): Promise<Record<string, unknown>> {
  // the history's first registration (the demo steps' newcomers aside: the booth's plan is the same when run again)
  const first = await db
    .selectFrom('player')
    .select(sql<Date | null>`min(registered_at)`.as('at'))
    .where((eb) => eb.or([eb('uid', '<', NEWCOMER_UIDS.first), eb('uid', '>', NEWCOMER_UIDS.last)]))
    .executeTakeFirst();
  if (!first?.at) return { booth: 0 };
  const HOUR = 3_600_000;
  // the booth opens at 09:00 GMT+8, 13 days before the end or on the history's first day (not before its first player)
  const start = new Date(first.at).getTime();
  const opens = Math.max(startOfDayMs(Math.max(start, end - 13 * 24 * HOUR)) + 9 * HOUR, start + HOUR);
  const last = end - 3 * HOUR;
  if (last - opens < 12 * HOUR) return { booth: 0 };
  const demo = await openDemoConsole(db, config, password);
  try {
    const account = await db.selectFrom('console_account').select('username').where('username', '=', PARTNER_BOOTH.username).executeTakeFirst();
    if (!account) {
      demo.at(opens - HOUR);
      const made = await demo.staff('partner', 'POST', '/api/admin/userinfo/create', {
        username: PARTNER_BOOTH.username,
        password,
        name: 'Demo Partner booth',
        roles: ['groundpromoter'],
        partner: PARTNER_BOOTH.partner,
        shareCode: PARTNER_BOOTH.shareCode,
      });
      if (made.body.code !== 200) throw new Error(`demo booth: ${JSON.stringify(made.body)}`);
    }
    const placed = await db.selectFrom('gp_promoter').select('username').where('username', '=', PARTNER_BOOTH.username).executeTakeFirst();
    if (!placed) {
      demo.at(opens - HOUR / 2);
      await demo.staff('business', 'POST', '/api/groundpromoters/promoters/save', {
        username: PARTNER_BOOTH.username,
        province: PARTNER_BOOTH.province,
        leader: '',
      });
    }
    const span = last - opens;
    const plan: Newcomer[] = BOOTH_PLAYERS.map(([when, phone, boundAfter, deviceOf, topUps], k) => {
      const uid = NEWCOMER_UIDS.booth + k + 1;
      const registerAt = opens + Math.floor(span * when) + share(uid, 3) * 60_000;
      return {
        uid,
        partner: PARTNER_BOOTH.partner,
        shareId: PARTNER_BOOTH.shareCode,
        registerAt,
        phoneAtRegistration: phone,
        ...(boundAfter !== null ? { phoneBoundAt: registerAt + boundAfter * HOUR } : {}),
        ...(deviceOf !== null ? { deviceOf: NEWCOMER_UIDS.booth + deviceOf + 1 } : {}),
        topUps: topUps.map((h) => Math.min(registerAt + h * HOUR, last)),
        sittings: [registerAt + 20 * 60_000],
      };
    });
    const sent = await bringInNewcomers(demo.client, 'demo-booth-p1', plan);
    // the partner pays its booth's earliest qualified record (the others wait for a reviewer)
    const paid = await db.selectFrom('gp_record').select('id').where('promoter', '=', PARTNER_BOOTH.username).where('status', '=', 'paid').executeTakeFirst();
    if (!paid) {
      demo.at(end - 90 * 60_000);
      const list = await demo.staff('partner', 'GET', '/api/groundpromoters/records', {
        status: 'qualified',
        promoter: PARTNER_BOOTH.username,
        pageSize: 1,
        sort: 'registeredAt',
        order: 'ascend',
      });
      const record = (list.body.data?.items ?? [])[0] as { id: number } | undefined;
      if (record) await demo.staff('partner', 'POST', '/api/groundpromoters/records/pay', { id: record.id });
    }
    return { boothPlayers: sent.registered, boothCalls: sent.calls, boothRefused: sent.refused, ...(sent.refused ? { boothRefusals: sent.why } : {}) };
  } finally {
    await demo.close();
  }
}
