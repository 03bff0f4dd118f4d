/**
 * The Facebook share activity (docs/api/fbactivity.md, docs/decisions/029-fbactivity.md):
 *
 *   GET  /api/activities/fbactivity/configs            settings in force and version        /activities/fbactivity (admin)
 *   POST /api/activities/fbactivity/configs/update     overwrite (400 naming the field); a new version
 *   GET  /api/activities/fbactivity/configs/versions   history (+ /export); POST …/versions/restore
 *   GET  /api/activities/fblogs                        the shares (+ /export)                /activities/fblogs (the module's roles)
 *   POST /api/activities/fblogs/approve                not_reviewed → approved               /activities/fbreview (service, business)
 *   POST /api/activities/fblogs/reject                 not_reviewed | approved → reject      /activities/fbreview
 *   POST /api/activities/fblogs/pay                    approved → success, credits once      /activities/fbpay (business)
 *   POST /api/platform/activities/fbactivity/submit    a player's share
 *   GET  /api/platform/activities/fbactivity           a player's shares with their states
 */
import {
  FB_SHARE_STATES,
  fbActivityConfigAnswer,
  fbActivityConfigUpdateBody,
  fbActivitySettings,
  fbShareAnswer,
  fbShareIdBody,
  fbShareRejectBody,
  fbShareRow,
  fbSubmitBody,
  platformFbAnswer,
  platformFbQuery,
} from '@console/schemas';
import { z } from 'zod';
import { dateRange, defineList, eqEnum, eqInt, listOperations, sortBy } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { configOperations } from '../activities/document';
import {
  approveShare,
  fbDocument,
  LOGS_SCREEN,
  PAY_SCREEN,
  payShare,
  playerShares,
  recordVersion,
  rejectShare,
  REVIEW_SCREEN,
  sharesWithNames,
  submitShare,
  toRow,
  type ShareRow,
} from './shares';

const tags = ['activities'];
const ok = <T>(data: T) => ({ code: 200 as const, data });
const CFG = '/api/activities/fbactivity/configs';
const LOGS = '/api/activities/fblogs';

export const fbShares = defineList({
  url: LOGS,
  name: 'activities.fblogs',
  screen: LOGS_SCREEN,
  tags,
  paging: 'keyset',
  summary: 'The Facebook shares players submitted, newest first: filters state, uid, from/to (submitted)',
  from: sharesWithNames,
  partner: 's.partner',
  id: 's.id',
  filters: { state: eqEnum('s.state', FB_SHARE_STATES), uid: eqInt('s.uid', 1), submitted: dateRange('s.submitted_at') },
  sorts: { submittedAt: sortBy.time('s.submitted_at') },
  defaultSort: { key: 'submittedAt', order: 'descend' },
  item: fbShareRow,
  row: (x) => toRow(x as unknown as ShareRow & { name: unknown }),
});

export const fbActivityOperations: Operation[] = [
  ...configOperations(fbDocument, {
    base: CFG,
    name: 'activities.fbactivity.configs',
    tags,
    schema: fbActivitySettings,
    answer: fbActivityConfigAnswer,
    updateBody: fbActivityConfigUpdateBody,
    summaries: {
      read: "The Facebook share activity's settings in force (version 0: never saved, the defaults)",
      update:
        'Overwrites the settings with the whole document (the screen confirms first); 400 naming the field (settings.endAt: Must be after startAt, ' +
        'settings.amount: Must be more than 0); a new version. Shares already submitted keep the reward they were promised',
    },
    recordVersion,
  }),
  ...listOperations(fbShares),
  defineOperation({
    method: 'POST',
    url: `${LOGS}/approve`,
    name: 'activities.fblogs.approve',
    screen: REVIEW_SCREEN,
    tags,
    audit: true,
    body: fbShareIdBody,
    response: fbShareAnswer,
    summary: 'Not reviewed → approved; 409 naming the share and its state otherwise',
    handler: async ({ db, user, now, note, body }) => ok({ share: await approveShare({ db, user, now, note }, body.id) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${LOGS}/reject`,
    name: 'activities.fblogs.reject',
    screen: REVIEW_SCREEN,
    tags,
    audit: true,
    body: fbShareRejectBody,
    response: fbShareAnswer,
    summary: 'Not reviewed or approved → reject, with the reason the player sees; 409 naming the share and its state otherwise',
    handler: async ({ db, user, now, note, body }) => ok({ share: await rejectShare({ db, user, now, note }, body.id, body.reason) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${LOGS}/pay`,
    name: 'activities.fblogs.pay',
    screen: PAY_SCREEN,
    tags,
    audit: true,
    body: fbShareIdBody,
    response: fbShareAnswer,
    summary:
      'Approved → success: credits the reward through the ledger once (reason activity.fbactivity) under the total and daily budgets and ' +
      'one reward per device, phone and GCash account a day; 409 naming the share and its state (a second pay: is already paid), or why ' +
      '(its approver pays it, Player is banned / suspended / self-excluded, Device / Phone / GCash account already rewarded, Budget exhausted, ' +
      'Daily budget exhausted) with nothing changed',
    handler: async ({ db, user, now, note, body }) => ok({ share: await payShare({ db, user, now, note }, body.id) }),
  }),
];

export const fbActivityPlatformOperations: PlatformOperation[] = [
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/activities/fbactivity/submit',
    name: 'platform.activities.fbactivity.submit',
    scope: 'events',
    summary:
      "A player's Facebook share: the post link (https, on an allowed host: else 400 postUrl) and a screenshot link (https); " +
      'a share in not_reviewed with the reward the settings promise now. 409 with the reason: Activity is closed / has not started / has ended, ' +
      'Already submitted today, Player is banned / suspended / self-excluded; 404 unknown player',
    body: fbSubmitBody,
    response: z.object({ code: z.literal(200), data: z.object({ share: fbShareRow }) }),
    handler: async ({ db, app, body, now }) =>
      ok({
        share: await db
          .transaction()
          .execute((trx) => submitShare(trx, { appId: app.appId, uid: body.uid, postUrl: body.postUrl, screenshotUrl: body.screenshotUrl, now })),
      }),
  }),
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/activities/fbactivity',
    name: 'platform.activities.fbactivity.list',
    scope: 'config.read',
    summary:
      "The activity for a player: open now, the reward, the daily limit and today's count, and the player's shares with their states (newest 50); 404 unknown player",
    query: platformFbQuery,
    response: platformFbAnswer,
    handler: async ({ db, query, now }) => ok(await playerShares(db, query.uid, now)),
  }),
];
