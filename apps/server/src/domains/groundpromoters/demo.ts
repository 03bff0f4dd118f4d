/**
 * Demo data of /groundpromoters (issue 9). Nothing before the players exist (the demo
 * promoter's share code is set with the accounts; the population registers about 5% of the
 * players with it). After the history, staff act through the real API: the default settings
 * saved once and a Cebu override, the ground promoter placed in Cebu under the province
 * promoter; the records are derived (qualified, duplicates voided with the device or IP named,
 * pending, expired), then half of the qualified ones are paid and one pending is voided by hand.
 * When no promoter player qualified in the history (a small one), one pending player with a bound
 * phone tops up ₱100 through the signed recharge calls, so there is a record to pay.
 * Deterministic; run again it pays nothing twice (records already paid are final).
 */
import { sql } from 'kysely';
import { buildApp } from '../../app';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { injectCarrier, SignedClient } from '../../simulator/transport';
import { DEFAULT_GP_SETTING } from './settings';

/** Nothing before the players exist. */
export async function seedGroundPromoters(_db: Db): Promise<void> {}

/** The demo's platform application (seed/demo.ts DEMO_APP). */
const DEMO_APP = { appId: 'demo-app', secret: 'demo-platform-secret' } as const;
const HAND_VOID_REASON = 'Registered at a promoter booth twice (staff check)';

export async function seedGroundPromoterActivity(db: Db, config: ServerConfig, password: string, end: number): Promise<Record<string, number>> {
  let at = end - 2 * 3_600_000;
  const server = await buildApp({ db, config: { ...config, now: () => at, webDist: undefined }, batchWorker: false });
  try {
    const call = async (method: 'GET' | 'POST', url: string, body: unknown, token?: string) => {
      const res = await server.inject({
        method, url, ...(method === 'POST' ? { payload: body as object } : { query: body as Record<string, string> }),
        headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...(token ? { 'x-token': token } : {}) },
      });
      return JSON.parse(res.body) as { code: number; accessToken?: string; data?: { items?: { id: number; status: string }[] } };
    };
    const business = (await call('POST', '/api/login', { username: 'business', password })).accessToken!;
    const first = (await db.selectFrom('gp_setting').select('province').executeTakeFirst()) === undefined;
    if (first) {
      await call('POST', '/api/groundpromoters/settings/save', { province: '', setting: DEFAULT_GP_SETTING }, business);
      await call('POST', '/api/groundpromoters/settings/save', { province: 'Cebu', setting: { ...DEFAULT_GP_SETTING, bounty: 2_500, sharePercent: 3.5 } }, business);
      await call('POST', '/api/groundpromoters/promoters/save', { username: 'groundpromoter', province: 'Cebu', leader: 'provincepromoter' }, business);
    }
    at += 5 * 60_000;
    // a small history may have no promoter player who qualified: the earliest pending one with a
    // bound phone tops up ₱100 by GCash (the app's signed order and the channel's paid callback) an
    // hour after registering, so the screens show a record to pay
    await call('GET', '/api/groundpromoters/records', { status: 'pending', pageSize: '1' }, business);
    const done = await db.selectFrom('gp_record').select('id').where('status', 'in', ['qualified', 'paid']).executeTakeFirst();
    if (!done) {
      const r = (await sql<{ uid: number; registered_at: Date | string }>`
        SELECT r.uid, r.registered_at FROM gp_record r JOIN player p ON p.uid = r.uid
        WHERE r.status = 'pending' AND p.phone_bound_at IS NOT NULL AND r.registered_at < ${new Date(at - 2 * 3_600_000)}
        ORDER BY r.registered_at, r.uid LIMIT 1`.execute(db)).rows[0];
      if (r) {
        const now = at;
        const requestId = `demo-gp-${r.uid}`;
        const client = new SignedClient(injectCarrier(server), { ...DEMO_APP, now: () => at, setClock: (t) => { at = t; }, attempts: 1 });
        await client.payment({ op: 'recharge', requestId, uid: Number(r.uid), productId: 'php100', channel: 'gcash', price: 10_000, os: 'android',
          callbacks: [{ after: 70_000, status: 'paid', amount: 10_000, channelOrderId: `GCASH-${requestId.toUpperCase()}` }] }, new Date(r.registered_at).getTime() + 3_600_000);
        at = now;
      }
    }
    const qualified = (await call('GET', '/api/groundpromoters/records', { status: 'qualified', pageSize: '500', sort: 'id', order: 'ascend' }, business)).data?.items ?? [];
    // done once: the staff's work (a payment, or the hand-voided record) is there. A small history may
    // have no record to pay (half of one is none), so a payment alone cannot say it
    const staffWork = await db.selectFrom('gp_record').select('id')
      .where((eb) => eb.or([eb('status', '=', 'paid'), eb('reason', '=', HAND_VOID_REASON)])).executeTakeFirst();
    if (!staffWork) {
      // half of them (rounded down): some stay qualified for a reviewer to pay
      for (const record of qualified.slice(0, Math.floor(qualified.length / 2))) await call('POST', '/api/groundpromoters/records/pay', { id: record.id }, business);
      const pending = (await call('GET', '/api/groundpromoters/records', { status: 'pending', pageSize: '1', sort: 'id', order: 'ascend' }, business)).data?.items ?? [];
      if (pending[0]) await call('POST', '/api/groundpromoters/records/void', { id: pending[0].id, reason: HAND_VOID_REASON }, business);
    }
  } finally {
    await server.close();
  }
  const rows = await db.selectFrom('gp_record').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
