/**
 * Redemption codes in the demo: after the simulated history, through the real calls
 * (seed/demo-console.ts: an app whose clock moves):
 *   - the demo `business` account creates four batches on /activities/cdkcodemanage (POST …/batches/create,
 *     operation log): a welcome pack of one-use codes for new players, a universal code for a
 *     fiesta weekend that has ended, a streamer giveaway of 30 one-use codes, and a test batch
 *     with the wrong amount that it disables a quarter of an hour later;
 *   - players' apps redeem codes through the signed platform call (POST
 *     /api/platform/activities/cdkcode/redeem) minutes after their first login of a day in the
 *     last 14 days (or after registering, for the welcome pack): a stable share of each day's
 *     players, each code of a one-use batch handed to one player in turn. Some are refused, as
 *     the console's rules say: the fiesta code after its weekend (`Code has expired`), a
 *     giveaway code another viewer already used (`Code is used up`), a mistyped code
 *     (`Unknown code`), a leaked code of the disabled batch (`Code is disabled`), a second
 *     account on a device or phone already rewarded.
 * Deterministic (shares of uid and day; the k-th attempt at a one-use batch types its k-th code);
 * run again, the batches are found by name and every redemption answers the first
 * (`repeated`): nothing is paid twice.
 */
import { dayOf, dayStart } from '@console/activities';
import { sql } from 'kysely';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { isoInConsoleZone } from '../../http/time';
import { openDemoConsole, share } from '../../seed/demo-console';
import { formatCode } from './codes';
import { DAY_OFFSET } from '../../db/console-day';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Days of the history in which players redeem codes. */
const DAYS = 14;

interface DemoBatch {
  key: 'welcome' | 'fiesta' | 'giveaway' | 'test';
  name: string;
  kind: 'unique' | 'universal';
  quantity: number;
  amount: number;
  /** Days from the start of the last day of the history (GMT+08:00), and hours into that day. */
  created: [day: number, hour: number];
  start: number;
  end: number;
  /** Disabled this many minutes after it was created. */
  disabledAfter?: number;
}

export const DEMO_CDK_BATCHES: readonly DemoBatch[] = [
  { key: 'welcome', name: 'Welcome pack: ₱20 for new players', kind: 'unique', quantity: 500, amount: 2_000, created: [-20, 10], start: -20, end: 10 },
  { key: 'fiesta', name: 'Fiesta weekend code', kind: 'universal', quantity: 150, amount: 500, created: [-13, 16], start: -12, end: -8 },
  { key: 'giveaway', name: 'Streamer giveaway (live show)', kind: 'unique', quantity: 30, amount: 5_000, created: [-6, 11], start: -6, end: 8 },
  { key: 'test', name: 'Test batch (wrong amount)', kind: 'unique', quantity: 10, amount: 100_000, created: [-6, 11.1], start: -6, end: 8, disabledAfter: 15 },
];

export interface CdkTraffic {
  batches: number;
  disabled: number;
  attempts: number;
  redeemed: number;
  /** Answered with the first redemption (a seed run again). */
  repeated: number;
  /** Refusals by message ('Code has expired'). */
  refused: Record<string, number>;
}

export async function seedCdkcodeActivity(db: Db, config: ServerConfig, password: string, end: number): Promise<CdkTraffic> {
  const out: CdkTraffic = { batches: 0, disabled: 0, attempts: 0, redeemed: 0, repeated: 0, refused: {} };
  const first = await db
    .selectFrom('player')
    .select(sql<Date | null>`min(registered_at)`.as('at'))
    .executeTakeFirst();
  if (!first?.at) return out;
  const lastDay = dayOf(new Date(end - 1));
  const base = dayStart(lastDay).getTime();
  const moment = (day: number, hour = 0) => base + day * DAY + hour * HOUR;
  const c = await openDemoConsole(db, config, password);
  try {
    // the batches, each created (and the test batch disabled) at its moment on the manage screen
    const ids = new Map<DemoBatch['key'], number>();
    for (const b of DEMO_CDK_BATCHES) {
      const createdAt = moment(...b.created);
      if (createdAt >= end) continue;
      let row = await db.selectFrom('cdk_batch').select(['id', 'status']).where('name', '=', b.name).executeTakeFirst();
      if (!row) {
        c.at(createdAt);
        const res = await c.staff('business', 'POST', '/api/activities/cdkcode/batches/create', {
          name: b.name,
          kind: b.kind,
          quantity: b.quantity,
          currency: 'chip',
          amount: b.amount,
          startAt: isoInConsoleZone(new Date(moment(b.start))),
          endAt: isoInConsoleZone(new Date(moment(b.end))),
        });
        if (res.status !== 200) throw new Error(`demo cdkcode: creating ${b.name}: ${res.status} ${String(res.body.message)}`);
        row = { id: Number(res.body.data.id), status: 'active' };
        out.batches += 1;
      }
      ids.set(b.key, row.id);
      if (b.disabledAfter !== undefined && row.status === 'active' && createdAt + b.disabledAfter * MINUTE < end) {
        c.at(createdAt + b.disabledAfter * MINUTE);
        const res = await c.staff('business', 'POST', '/api/activities/cdkcode/batches/disable', { id: row.id });
        if (res.status !== 200) throw new Error(`demo cdkcode: disabling ${b.name}: ${res.status} ${String(res.body.message)}`);
        out.disabled += 1;
      }
    }
    // the codes as the export hands them out (in id order)
    const codes = new Map<DemoBatch['key'], string[]>();
    for (const [key, id] of ids) {
      codes.set(
        key,
        (await db.selectFrom('cdk_code').select('code').where('batch_id', '=', id).orderBy('id').execute()).map((r) => r.code),
      );
    }
    const spec = (key: DemoBatch['key']) => DEMO_CDK_BATCHES.find((b) => b.key === key)!;

    // the players: each day's first login, and the day's registrations
    const from = Math.max(moment(-(DAYS - 1)), new Date(first.at).getTime());
    const { rows } = await sql<{ uid: number; day: string; at: Date | string; registered: Date | string }>`
      SELECT l.uid, l.day, l.at, p.registered_at AS registered FROM (
        SELECT uid, ((at AT TIME ZONE 'UTC') + ${DAY_OFFSET})::date::text AS day, min(at) AS at FROM player_login
        WHERE at >= ${new Date(from)} AND at < ${new Date(end)} GROUP BY 1, 2) l JOIN player p ON p.uid = l.uid
      ORDER BY l.day, l.at, l.uid`.execute(db);
    type Attempt = { at: number; uid: number; code: string };
    const attempts: Attempt[] = [];
    const next = new Map<DemoBatch['key'], number>();
    /** The next code of a one-use batch: each handed to one player in turn. */
    const take = (key: DemoBatch['key']) => {
      const k = next.get(key) ?? 0;
      next.set(key, k + 1);
      return codes.get(key)?.[k];
    };
    /** Whether the batch's codes were out by then: minutes after its creation (the test batch's once it was disabled). */
    const handedOut = (key: DemoBatch['key'], at: number) => ids.has(key) && at > moment(...spec(key).created) + ((spec(key).disabledAfter ?? 0) + 10) * MINUTE;
    const typed = (code: string, uid: number) => {
      const shown = formatCode(code);
      // some type it as shown, some lower-case or without the dashes (the console normalises it)
      return share(uid, 21) < 20 ? shown.toLowerCase() : share(uid, 21) < 35 ? code : shown;
    };
    const fiestaUsers = new Set<number>();
    let lastGiveaway: string | undefined;
    let leaks = 0;
    for (const r of rows) {
      const dayNo = Math.round(dayStart(r.day).getTime() / DAY);
      const login = new Date(r.at).getTime();
      const time = dayStart(r.day).getTime();
      const at = (salt: number) => Math.min(login + (3 + (share(r.uid, dayNo + salt) % 30)) * MINUTE, time + DAY - MINUTE, end - MINUTE);
      const welcome = spec('welcome');
      const registered = new Date(r.registered).getTime();
      // new players: the welcome pack's code from the registration screen
      if (dayOf(new Date(registered)) === r.day && registered >= moment(welcome.start) && share(r.uid, 11) < 20 && handedOut('welcome', at(12))) {
        const code = take('welcome');
        if (code) attempts.push({ at: at(12), uid: r.uid, code: typed(code, r.uid) });
      }
      // the fiesta code, typed by a share of the weekend's players; a few try it once it has ended
      const fiesta = spec('fiesta');
      const fiestaCode = codes.get('fiesta')?.[0];
      if (fiestaCode && !fiestaUsers.has(r.uid) && handedOut('fiesta', at(14))) {
        const during = time >= moment(fiesta.start) && time < moment(fiesta.end) && share(r.uid, dayNo + 13) < 12;
        const after = time >= moment(fiesta.end) && time < moment(fiesta.end + 3) && share(r.uid, dayNo + 13) < 4;
        if (during || after) {
          fiestaUsers.add(r.uid);
          attempts.push({ at: at(14), uid: r.uid, code: typed(fiestaCode, r.uid) });
        }
      }
      // the giveaway: the show's viewers; once its codes are gone they type one shown on stream (used up), some mistype it
      const giveaway = spec('giveaway');
      if (time >= moment(giveaway.start) && time < moment(giveaway.end) && share(r.uid, dayNo + 15) < 4 && handedOut('giveaway', at(18))) {
        const fresh = share(r.uid, dayNo + 16) < 85 ? take('giveaway') : undefined;
        const code = fresh ?? lastGiveaway;
        if (code) {
          lastGiveaway = code;
          const mistyped = share(r.uid, dayNo + 17) < 8 ? `${code.slice(0, 11)}${code[11] === '2' ? '3' : '2'}` : code;
          attempts.push({ at: at(18), uid: r.uid, code: typed(mistyped, r.uid) });
        }
        // two codes of the test batch leaked before it was disabled: typed once it was
        if (leaks < 2 && share(r.uid, dayNo + 19) < 30 && handedOut('test', at(20))) {
          const code = codes.get('test')?.[leaks];
          leaks += 1;
          if (code) attempts.push({ at: at(20), uid: r.uid, code: typed(code, r.uid) });
        }
      }
    }
    for (const a of attempts.sort((x, y) => x.at - y.at || x.uid - y.uid)) {
      c.at(a.at);
      const res = await c.app('POST', '/api/platform/activities/cdkcode/redeem', { uid: a.uid, code: a.code });
      out.attempts += 1;
      if (res.status === 200 && res.body.data.repeated) out.repeated += 1;
      else if (res.status === 200) out.redeemed += 1;
      else if (res.status === 404 || res.status === 409) out.refused[String(res.body.message)] = (out.refused[String(res.body.message)] ?? 0) + 1;
      else throw new Error(`demo cdkcode: redeeming ${a.code} for ${a.uid}: ${res.status} ${String(res.body.message)}`);
    }
  } finally {
    await c.close();
  }
  return out;
}
