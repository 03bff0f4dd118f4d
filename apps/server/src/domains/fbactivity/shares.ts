/**
 * The Facebook share activity (fbactivity, docs/decisions/029-fbactivity.md): its versioned
 * settings, a player's share (the post link and a screenshot) and the review of §4:
 *
 *   not_reviewed ─approve→ approved ─pay→ success (rewarded through the ledger once)
 *        └──────────reject (a reason)──────┘→ reject
 *
 * Any other transition is a 409 naming the share and the state it is in. Each review step runs
 * in its operation's transaction on the share's row lock (concurrent approvals or pays of one
 * share end in one transition; the others wait and find the new state). A pay also takes one
 * advisory lock for every pay of the activity, so the one-per-device/phone/GCash checks see
 * every earlier reward, and spends the budgets by conditional UPDATEs of one row each.
 */
import { dayOf } from '@console/activities';
import { FB_ACTIVITY_DEFAULTS, fbActivitySettings, type FbActivitySettings, type FbShareRow, type FbShareState } from '@console/schemas';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/open';
import { ApiError, badInput, conflict, notFound } from '../../http/api-error';
import type { OperationNote } from '../../http/operation';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter } from '../../plugins/partner-scope';
import type { SessionUser } from '../auth/sessions';
import { settingsDocument, parseWith, type DocumentConfig } from '../activities/document';
import { alreadyRewarded, ineligible, playerFacts } from '../activities/engine';
import { ledgerError, post } from '../ledger/ledger';
import type { FbShareTable } from './tables';
import { spendBudget } from '../activities/budget';

export const FB_ACTIVITY = 'fbactivity';
export const CONFIG_SCREEN = '/activities/fbactivity';
export const LOGS_SCREEN = '/activities/fblogs';
/** Approve and reject (hidden catalogue route: service, business, admin). */
export const REVIEW_SCREEN = '/activities/fbreview';
/** Pay an approved share (hidden catalogue route: business, admin). */
export const PAY_SCREEN = '/activities/fbpay';
export const CONFIG_KIND = `activities.${FB_ACTIVITY}`;

// ------------------------------------------------------------------------------ settings

export type FbConfig = DocumentConfig<FbActivitySettings>;

/** The one versioned settings document (key 'settings'; history kind activities.fbactivity; stored settings that no longer fit close it). */
export const fbDocument = settingsDocument<FbActivitySettings>({
  key: FB_ACTIVITY,
  parse: parseWith(fbActivitySettings),
  defaults: FB_ACTIVITY_DEFAULTS,
  closed: (d) => ({ ...d, open: false }),
  screen: CONFIG_SCREEN,
  kind: CONFIG_KIND,
  noun: 'Settings',
  restorable: fbActivitySettings,
  historyReads: 'parsed',
  removed: 'delete',
});

/** The settings in force (the defaults until first saved; stored settings that no longer fit close it), their version and when saved. */
export const fbConfig = (db: Db): Promise<FbConfig> => fbDocument.read(db);

export const fbItems = fbDocument.items;

/** After a save or a restore: the version the next shares are submitted under. */
export const recordVersion = fbDocument.recordVersion;

// ------------------------------------------------------------------------------ shares

export type ShareRow = Selectable<FbShareTable>;

const pad = (n: number) => String(n).padStart(2, '0');
/** A date column as 'YYYY-MM-DD' (pg and PGlite read a date as local midnight). */
export const dayText = (v: unknown) => (v instanceof Date ? `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}` : String(v).slice(0, 10));

export function toRow(r: ShareRow & { name?: unknown }): FbShareRow {
  return {
    id: r.id,
    uid: r.uid,
    name: String(r.name ?? ''),
    partner: r.partner,
    day: dayText(r.day),
    seq: r.seq,
    postUrl: r.post_url,
    screenshotUrl: r.screenshot_url,
    state: r.state,
    reason: r.reason,
    currency: r.currency,
    amount: r.amount,
    configVersion: r.config_version,
    appId: r.app_id,
    submittedAt: isoInConsoleZone(r.submitted_at),
    reviewedBy: r.reviewed_by,
    reviewedAt: isoInConsoleZone(r.reviewed_at),
    paidBy: r.paid_by,
    paidAt: isoInConsoleZone(r.paid_at),
    entryId: r.entry_id === null ? null : r.entry_id,
  };
}

/** Whether `at` is inside the activity's dates: null, or why not. */
function outsideDates(s: FbActivitySettings, at: Date): string | null {
  if (s.startAt && at < new Date(s.startAt)) return 'Activity has not started';
  if (s.endAt && at >= new Date(s.endAt)) return 'Activity has ended';
  return null;
}

/** 400 naming the field unless the link's host is one the settings allow (exactly, case-insensitive). */
function checkHost(field: string, url: string, hosts: readonly string[]): void {
  const host = new URL(url).hostname.toLowerCase();
  if (!hosts.includes(host)) throw badInput(field, `Host ${host} is not an allowed link host (${hosts.join(', ')})`);
}

export interface SubmitInput {
  appId: string;
  uid: number;
  postUrl: string;
  screenshotUrl: string;
  now: Date;
}

/**
 * A player's share: the post link on an allowed host (400 naming postUrl), the activity open and
 * within its dates, the player eligible and under the daily limit (409 with the reason); a new
 * share in not_reviewed with the reward the settings promise now.
 */
export async function submitShare(trx: Db, input: SubmitInput): Promise<FbShareRow> {
  const { uid, now } = input;
  // one submission of a player at a time (every server process): the daily count holds
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`activity:${FB_ACTIVITY}:${uid}`}))`.execute(trx);
  const [cfg, player] = await Promise.all([fbConfig(trx), playerFacts(trx, uid)]);
  if (!player) throw notFound(`Player ${uid} not found`);
  const s = cfg.settings;
  checkHost('postUrl', input.postUrl, s.hosts);
  if (!s.open) throw conflict('Activity is closed');
  const dates = outsideDates(s, now);
  if (dates) throw conflict(dates);
  const blocked = ineligible(player, now);
  if (blocked) throw conflict(blocked);
  const day = dayOf(now);
  const done = (
    await trx
      .selectFrom('fb_share')
      .select(sql<number>`count(*)`.as('n'))
      .where('uid', '=', uid)
      .where('day', '=', day)
      .executeTakeFirstOrThrow()
  ).n;
  if (done >= s.dailyLimit) throw conflict(s.dailyLimit === 1 ? 'Already submitted today' : `Already submitted ${done} times today (the limit)`);
  const row = await trx
    .insertInto('fb_share')
    .values({
      uid,
      partner: player.partner,
      day,
      seq: done + 1,
      post_url: input.postUrl,
      screenshot_url: input.screenshotUrl,
      state: 'not_reviewed',
      currency: s.currency,
      amount: s.amount,
      config_version: cfg.version,
      app_id: input.appId,
      submitted_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRow(row);
}

/** What the player's app shows: the reward, today's count and the player's shares, newest first (50). */
export async function playerShares(db: Db, uid: number, now: Date) {
  const [cfg, player] = await Promise.all([fbConfig(db), playerFacts(db, uid)]);
  if (!player) throw notFound(`Player ${uid} not found`);
  const rows = await db.selectFrom('fb_share').selectAll().where('uid', '=', uid).orderBy('submitted_at', 'desc').orderBy('id', 'desc').limit(50).execute();
  const day = dayOf(now);
  const s = cfg.settings;
  return {
    uid,
    open: s.open && outsideDates(s, now) === null,
    currency: s.currency,
    amount: s.amount,
    dailyLimit: s.dailyLimit,
    submittedToday: rows.filter((r) => dayText(r.day) === day).length,
    items: rows.map((r) => {
      const x = toRow(r);
      return {
        id: x.id,
        day: x.day,
        postUrl: x.postUrl,
        screenshotUrl: x.screenshotUrl,
        state: x.state,
        reason: x.reason,
        currency: x.currency,
        amount: x.amount,
        submittedAt: x.submittedAt,
        paidAt: x.paidAt,
      };
    }),
  };
}

// ------------------------------------------------------------------------------ review

const STATE_WORDS: Record<FbShareState, string> = {
  not_reviewed: 'not reviewed yet',
  approved: 'already approved',
  success: 'already paid (success)',
  reject: 'already rejected',
};

/** The 409 of a transition this state does not allow: names the share and its state. */
export const refused = (share: Pick<ShareRow, 'id' | 'state'>, detail?: string) =>
  conflict(`Share ${share.id} is ${STATE_WORDS[share.state]}${detail ? `: ${detail}` : ''}`);

/** Which actions each state allows (the §4 machine; everything else is a 409). */
export const TRANSITIONS: Record<FbShareState, Partial<Record<ReviewAction, FbShareState>>> = {
  not_reviewed: { approve: 'approved', reject: 'reject' },
  approved: { reject: 'reject', pay: 'success' },
  success: {},
  reject: {},
};
export type ReviewAction = 'approve' | 'reject' | 'pay';

const snapshot = (r: ShareRow) => ({
  state: r.state,
  reason: r.reason,
  reviewedBy: r.reviewed_by,
  paidBy: r.paid_by,
  entryId: r.entry_id === null ? null : r.entry_id,
});

export interface Reviewer {
  db: Db;
  user: SessionUser;
  now: Date;
  note: OperationNote;
}

/** The share under its row lock (in the operation's transaction); 404 outside the caller's partner. */
async function lockShare(r: Reviewer, id: number): Promise<ShareRow> {
  const row = await r.db.selectFrom('fb_share').selectAll().where('id', '=', id).where(ownPartnerFilter(r.user, 'partner')).forUpdate().executeTakeFirst();
  if (!row) throw notFound(`Share ${id} not found`);
  return row;
}

async function step(r: Reviewer, id: number, action: ReviewAction, apply: (share: ShareRow) => Promise<Partial<ShareRow>>): Promise<FbShareRow> {
  r.note.target = `${FB_ACTIVITY}:${id}`;
  const share = await lockShare(r, id);
  const to = TRANSITIONS[share.state][action];
  if (!to) throw refused(share);
  const set = await apply(share);
  const after = await r.db
    .updateTable('fb_share')
    .set({ ...set, state: to, updated_at: r.now } as never)
    .where('id', '=', share.id)
    .where('state', '=', share.state)
    .returningAll()
    .executeTakeFirst();
  // the row lock makes this unreachable; the guard stays so that a missing lock fails loudly
  if (!after) throw refused(share, 'it changed meanwhile');
  r.note.before = snapshot(share);
  r.note.after = snapshot(after);
  return toRow(after);
}

export const approveShare = (r: Reviewer, id: number) => step(r, id, 'approve', async () => ({ reviewed_by: r.user.username, reviewed_at: r.now }));

export const rejectShare = (r: Reviewer, id: number, reason: string) =>
  step(r, id, 'reject', async () => ({ reason, reviewed_by: r.user.username, reviewed_at: r.now }));

/**
 * Pay an approved share: its reward through the ledger once (reason activity.fbactivity,
 * idempotency key activity:fbactivity:<day>:<uid>:s<seq>), recorded in activity_reward with the
 * settings version it was submitted under; 409 (nothing changes, the share stays approved) when
 * its approver pays it, the player is banned / suspended / self-excluded, the player's device,
 * phone or GCash account was rewarded for another player that day, or a budget is spent.
 */
export const payShare = (r: Reviewer, id: number, appId = 'console') =>
  step(r, id, 'pay', async (share) => {
    if (share.reviewed_by === r.user.username) throw refused(share, 'its approver does not pay it (another account pays)');
    const player = await playerFacts(r.db, share.uid);
    if (!player) throw notFound(`Player ${share.uid} not found`);
    const blocked = ineligible(player, r.now);
    if (blocked) throw conflict(blocked);
    // every pay of the activity in turn: the checks below see every earlier reward
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`activity:${FB_ACTIVITY}:pay`}))`.execute(r.db);
    const period = dayText(share.day);
    const tier = `s${share.seq}`;
    const taken = await alreadyRewarded(r.db, player, { activity: FB_ACTIVITY, period, except: share.uid });
    if (taken) throw conflict(taken);
    const { settings: s } = await fbConfig(r.db);
    const amount = share.amount;
    const day = dayOf(r.now);
    const overBudget = await spendBudget(r.db, FB_ACTIVITY, s, amount, day);
    if (overBudget) throw conflict(overBudget);
    let posted;
    try {
      posted = await post(r.db, {
        uid: share.uid,
        currency: share.currency,
        delta: amount,
        reason: `activity.${FB_ACTIVITY}`,
        ref: `activity:${FB_ACTIVITY}:share:${share.id}`,
        actor: `staff:${r.user.username}`,
        key: `activity:${FB_ACTIVITY}:${period}:${share.uid}:${tier}`,
        at: r.now,
      });
    } catch (error) {
      throw ledgerError(error, share.uid);
    }
    try {
      await r.db
        .insertInto('activity_reward')
        .values({
          activity: FB_ACTIVITY,
          period,
          tier,
          uid: share.uid,
          partner: share.partner,
          currency: share.currency,
          amount,
          config_version: share.config_version,
          device: player.device,
          phone: player.phone,
          gcash: player.gcash,
          entry_id: posted.entryId,
          app_id: appId,
          at: r.now,
          day,
        })
        .execute();
    } catch (error) {
      const c = (error as { constraint?: string }).constraint ?? (error as Error)?.message ?? '';
      if (c.includes('activity_reward_device_uq')) throw new ApiError(409, 'Device already rewarded');
      if (c.includes('activity_reward_phone_uq')) throw new ApiError(409, 'Phone already rewarded');
      if (c.includes('activity_reward_gcash_uq')) throw new ApiError(409, 'GCash account already rewarded');
      throw error;
    }
    return { paid_by: r.user.username, paid_at: r.now, entry_id: posted.entryId };
  });

/** The shares with each player's name: what the share log lists. */
export const sharesWithNames = (db: Db) => db.selectFrom('fb_share as s').leftJoin('player as p', 'p.uid', 's.uid').selectAll('s').select('p.name');
