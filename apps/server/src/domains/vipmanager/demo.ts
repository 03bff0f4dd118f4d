/**
 * VIP batch sends in the demo: after the VIP levels' history (domains/vip/demo.ts),
 * through /vipmanager/vipsend's own calls (seed/demo-console.ts):
 *   - five days before the end of the history the demo `business` account sends the VIPs a
 *     weekend gift by level: it pastes the list, validates it (one line names a player who is no
 *     VIP: the batch-send rule refuses it, `notVip`), drops that line and creates the batch;
 *   - two days before the end the `partner` account (partner 1) sends its own VIPs a birthday
 *     bonus; a partner's batch is seen by its partner's accounts.
 * Each batch is credited by the batch worker's own step in process (finishBatches), at its
 * moment, as the demo's other batch sends are. Deterministic (the VIPs as the levels' history
 * left them, by level and uid); run again, a send whose operation-log record exists (account,
 * operation, moment) is not sent again.
 */
import { dayOf, dayStart } from '@console/activities';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { openDemoConsole } from '../../seed/demo-console';
import { finishBatches } from '../../simulator/in-process-staff';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The weekend gift by VIP level (centavos): level 1 ₱20 … level 5 and above ₱300. */
const GIFT = [0, 2_000, 5_000, 10_000, 20_000, 30_000];

export interface VipSendTraffic {
  batches: number;
  lines: number;
  total: number;
  refusedLines: number;
}

export async function seedVipSendActivity(db: Db, config: ServerConfig, password: string, end: number): Promise<VipSendTraffic> {
  const out: VipSendTraffic = { batches: 0, lines: 0, total: 0, refusedLines: 0 };
  const vips = await db
    .selectFrom('player')
    .select(['uid', 'vip', 'partner'])
    .where('vip', '>=', 1)
    .where('status', '=', 'active')
    .orderBy('vip', 'desc')
    .orderBy('uid')
    .execute();
  if (vips.length === 0) return out;
  const base = dayStart(dayOf(new Date(end - 1))).getTime();
  const nonVip = await db.selectFrom('player').select('uid').where('vip', '=', 0).where('status', '=', 'active').orderBy('uid').executeTakeFirst();
  const sends = [
    {
      by: 'business',
      at: base - 5 * DAY + 15 * HOUR,
      reason: 'VIP weekend gift by level',
      lines: vips.slice(0, 60).map((v) => [v.uid, GIFT[Math.min(v.vip, GIFT.length - 1)]] as const),
      // a uid the VIP list of the screen had, whose level has dropped since: refused by validate, left out of the batch
      stray: nonVip ? nonVip.uid : undefined,
    },
    {
      by: 'partner',
      at: base - 2 * DAY + 11 * HOUR + 20 * MINUTE,
      reason: 'Club VIP birthday bonus',
      lines: vips
        .filter((v) => v.partner === 1)
        .slice(0, 8)
        .map((v) => [v.uid, 8_800] as const),
      stray: undefined,
    },
  ];
  const c = await openDemoConsole(db, config, password);
  try {
    for (const s of sends) {
      if (s.at >= end || s.lines.length === 0) continue;
      const done = await db
        .selectFrom('operation_log')
        .select('id')
        .where('username', '=', s.by)
        .where('operation', '=', 'vipmanager.vipsend.create')
        .where('at', '=', new Date(s.at))
        .executeTakeFirst();
      if (done) continue;
      const text = (lines: readonly (readonly [number, number])[]) => ['uid,amount', ...lines.map(([uid, amount]) => `${uid},${amount}`)].join('\n');
      if (s.stray !== undefined) {
        c.at(s.at - 3 * MINUTE);
        const check = await c.staff(s.by, 'POST', '/api/vipmanager/vipsend/validate', { text: text([...s.lines, [s.stray, GIFT[1]]]), reason: s.reason });
        if (check.status !== 200) throw new Error(`demo vipsend: validate: ${check.status} ${String(check.body.message)}`);
        out.refusedLines += (check.body.data.errors as { code: string }[]).filter((e) => e.code === 'notVip').length;
      }
      c.at(s.at);
      const res = await c.staff(s.by, 'POST', '/api/vipmanager/vipsend/create', { text: text(s.lines), reason: s.reason });
      if (res.status !== 200) throw new Error(`demo vipsend: ${s.reason}: ${res.status} ${String(res.body.message)}`);
      await finishBatches(db, s.at);
      out.batches += 1;
      out.lines += s.lines.length;
      out.total += s.lines.reduce((n, [, amount]) => n + amount, 0);
    }
  } finally {
    await c.close();
  }
  return out;
}
