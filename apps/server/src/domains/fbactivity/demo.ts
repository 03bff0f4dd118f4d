/**
 * The Facebook share activity in the demo: after the simulated history, through the
 * real calls (seed/demo-console.ts):
 *   - the demo `admin` opens the activity on /activities/fbactivity 12 days before the end of the
 *     history (₱5 a share, once a day, a daily and a total budget);
 *   - from then on a stable share of each day's players submit a share from their app (POST
 *     /api/platform/activities/fbactivity/submit: the post's link and a screenshot) minutes after
 *     their first login; a few paste a link the settings do not allow (400, nothing stored);
 *   - the demo `service` account reviews the day's shares the next morning (§4: approve, or
 *     reject with the reason the player sees), and `business` pays the approved ones in the
 *     afternoon (another account than the approver): the reward through the ledger once. A pay
 *     the console refuses (another account on the device already rewarded that day, a budget
 *     spent) is answered by rejecting the share with that reason. Shares of the last day are
 *     still to review, and the morning's approvals of the end's day still to pay.
 * Deterministic; run again, the save is found at its moment, a share submitted is found by its
 * player and moment, and a review step is made only on a share still in the state before it.
 */
import { dayOf, dayStart } from '@console/activities';
import { sql } from 'kysely';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { isoInConsoleZone } from '../../http/time';
import { openDemoConsole, share } from '../../seed/demo-console';
import { CONFIG_KIND } from './shares';
import { DAY_OFFSET } from '../../db/console-day';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Why a reviewer rejects a share (what the player sees). */
export const REJECT_REASONS = [
  'The post is not public: set it to Public and submit again tomorrow',
  'The screenshot does not show the shared post',
  "The link opens another player's post",
  'The post was deleted before the review',
] as const;

/** Days before the end's day the admin opens the activity. */
const OPEN_DAYS = 12;

export interface FbTraffic {
  saves: number;
  submitted: number;
  refused: Record<string, number>;
  approved: number;
  rejected: number;
  paid: number;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '') || 'player';

export async function seedFbActivity(db: Db, config: ServerConfig, password: string, end: number): Promise<FbTraffic> {
  const out: FbTraffic = { saves: 0, submitted: 0, refused: {}, approved: 0, rejected: 0, paid: 0 };
  const first = await db
    .selectFrom('player')
    .select(sql<Date | null>`min(registered_at)`.as('at'))
    .executeTakeFirst();
  if (!first?.at) return out;
  const base = dayStart(dayOf(new Date(end - 1))).getTime();
  const openDay = Math.max(base - OPEN_DAYS * DAY, dayStart(dayOf(new Date(first.at))).getTime() + DAY);
  const saveAt = openDay + 9 * HOUR + 40 * MINUTE;
  if (saveAt >= end) return out;
  const c = await openDemoConsole(db, config, password);
  const refuse = (message: string) => {
    out.refused[message] = (out.refused[message] ?? 0) + 1;
  };
  try {
    if (!(await db.selectFrom('config_version').select('id').where('kind', '=', CONFIG_KIND).where('at', '=', new Date(saveAt)).executeTakeFirst())) {
      c.at(saveAt);
      const current = await c.staff('admin', 'GET', '/api/activities/fbactivity/configs');
      const res = await c.staff('admin', 'POST', '/api/activities/fbactivity/configs/update', {
        settings: {
          ...current.body.data.settings,
          open: true,
          currency: 'chip',
          amount: 500,
          dailyLimit: 1,
          totalBudget: 200_000,
          dailyBudget: 10_000,
          startAt: isoInConsoleZone(new Date(openDay + 10 * HOUR)),
          endAt: null,
        },
      });
      if (res.status !== 200) throw new Error(`demo fbactivity: saving the settings: ${res.status} ${String(res.body.message)}`);
      out.saves += 1;
    }

    // the players: each day's first login since the activity opened
    const { rows } = await sql<{ uid: number; name: string; day: string; at: Date | string }>`
      SELECT l.uid, p.name, l.day, l.at FROM (
        SELECT uid, ((at AT TIME ZONE 'UTC') + ${DAY_OFFSET})::date::text AS day, min(at) AS at FROM player_login
        WHERE at >= ${new Date(openDay + 10 * HOUR)} AND at < ${new Date(end)} GROUP BY 1, 2) l JOIN player p ON p.uid = l.uid
      ORDER BY l.day, l.at, l.uid`.execute(db);
    type Step = { at: number; run: () => Promise<void> };
    const steps: Step[] = [];
    const days = new Set<string>();
    for (const r of rows) {
      const dayNo = Math.round(dayStart(r.day).getTime() / DAY);
      if (share(r.uid, dayNo + 31) >= 8) continue;
      days.add(r.day);
      const at = Math.min(new Date(r.at).getTime() + (4 + (share(r.uid, dayNo + 32) % 50)) * MINUTE, dayStart(r.day).getTime() + DAY - MINUTE, end - MINUTE);
      const post = 1_000_000_000 + ((r.uid * 7_919 + dayNo * 104_729) % 1_000_000_000);
      // a few paste a link the settings do not allow (an Instagram post)
      const host = share(r.uid, dayNo + 33) < 6 ? 'www.instagram.com' : share(r.uid, dayNo + 33) < 40 ? 'm.facebook.com' : 'www.facebook.com';
      const postUrl = host === 'www.instagram.com' ? `https://${host}/p/C${post.toString(36)}/` : `https://${host}/${slug(r.name)}/posts/${post}`;
      steps.push({
        at,
        run: async () => {
          if (await db.selectFrom('fb_share').select('id').where('uid', '=', r.uid).where('submitted_at', '=', new Date(at)).executeTakeFirst()) return;
          const res = await c.app('POST', '/api/platform/activities/fbactivity/submit', {
            uid: r.uid,
            postUrl,
            screenshotUrl: `https://img.demo-app.ph/shares/${r.uid}-${r.day.replaceAll('-', '')}.jpg`,
          });
          if (res.status === 200) out.submitted += 1;
          else if (res.status === 400 || res.status === 409) refuse(String(res.body.message));
          else throw new Error(`demo fbactivity: share of ${r.uid}: ${res.status} ${String(res.body.message)}`);
        },
      });
    }
    // the review the next morning, the pay in the afternoon (none yet for the last day's shares)
    const stateOf = async (id: number) => (await db.selectFrom('fb_share').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
    for (const day of days) {
      const reviewAt = dayStart(day).getTime() + DAY + 10 * HOUR + 15 * MINUTE;
      const payAt = dayStart(day).getTime() + DAY + 15 * HOUR;
      if (reviewAt >= end) continue;
      steps.push({
        at: reviewAt,
        run: async () => {
          const shares = await db.selectFrom('fb_share').select(['id', 'uid', 'state']).where('day', '=', day).orderBy('id').execute();
          for (const [k, s] of shares.entries()) {
            if (s.state !== 'not_reviewed') continue;
            c.at(reviewAt + k * 2 * MINUTE);
            const verdict = share(s.id, 34);
            const res =
              verdict < 78
                ? await c.staff('service', 'POST', '/api/activities/fblogs/approve', { id: s.id })
                : await c.staff('service', 'POST', '/api/activities/fblogs/reject', {
                    id: s.id,
                    reason: REJECT_REASONS[verdict % REJECT_REASONS.length],
                  });
            if (res.status !== 200) throw new Error(`demo fbactivity: review of share ${s.id}: ${res.status} ${String(res.body.message)}`);
            if (verdict < 78) out.approved += 1;
            else out.rejected += 1;
          }
        },
      });
      if (payAt >= end) continue;
      steps.push({
        at: payAt,
        run: async () => {
          const shares = await db.selectFrom('fb_share').select(['id', 'state']).where('day', '=', day).where('state', '=', 'approved').orderBy('id').execute();
          for (const [k, s] of shares.entries()) {
            const at = payAt + k * MINUTE;
            c.at(at);
            const res = await c.staff('business', 'POST', '/api/activities/fblogs/pay', { id: s.id });
            if (res.status === 200) {
              out.paid += 1;
              continue;
            }
            if (res.status !== 409 || (await stateOf(s.id)) !== 'approved')
              throw new Error(`demo fbactivity: pay of share ${s.id}: ${res.status} ${String(res.body.message)}`);
            // the console refused it (a device or phone rewarded that day, a budget): the share is rejected with that reason
            refuse(`pay: ${String(res.body.message)}`);
            c.at(at + 20_000);
            const rejected = await c.staff('business', 'POST', '/api/activities/fblogs/reject', {
              id: s.id,
              reason: `Not paid: ${String(res.body.message)}`,
            });
            if (rejected.status !== 200) throw new Error(`demo fbactivity: reject of share ${s.id}: ${rejected.status} ${String(rejected.body.message)}`);
            out.rejected += 1;
          }
        },
      });
    }
    for (const s of steps.sort((x, y) => x.at - y.at)) {
      c.at(s.at);
      await s.run();
    }
  } finally {
    await c.close();
  }
  return out;
}
