/**
 * /activities/cdkcode (redemption codes): batches of one-use codes or one universal code, and
 * their redemptions. Every role of /activities reads the batches and the redemptions; the
 * roles of the hidden catalogue route /activities/cdkcodemanage (admin, business) create,
 * disable and enable batches and read (and export) the codes themselves. Every change is in the
 * operation log. docs/api/cdkcode.md, docs/decisions/028-cdkcode.md.
 *
 *   GET  /api/activities/cdkcode/batches              batches (+ /export)
 *   POST /api/activities/cdkcode/batches/create       a new batch and its codes (400 naming the field)
 *   POST /api/activities/cdkcode/batches/disable      {id}; …/enable {id}
 *   GET  /api/activities/cdkcode/codes?batch=<id>     a batch's codes, shown XXXX-XXXX-XXXX (+ /export)
 *   GET  /api/activities/cdkcode/redemptions          every redemption (+ /export)
 *   POST /api/platform/activities/cdkcode/redeem      {uid, code}: pays once (signed platform call)
 */
import {
  CDK_KINDS,
  CDK_STATUSES,
  cdkBatchBody,
  cdkBatchIdBody,
  cdkBatchRow,
  cdkCodeRow,
  cdkRedeemAnswer,
  cdkRedeemBody,
  cdkRedemptionRow,
  type CdkBatchRow,
} from '@console/schemas';
import { AsyncLocalStorage } from 'node:async_hooks';
import { z } from 'zod';
import type { QueryRow } from '../../db/schema';
import { badInput, conflict, notFound } from '../../http/api-error';
import { contains, dateRange, defineList, eqEnum, eqInt, listOperations } from '../../http/list';
import { sortBy } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { isoInConsoleZone } from '../../http/time';
import { createBatch, lockedBatch, setBatchStatus } from './batches';
import { formatCode } from './codes';
import { redeem, redeemError } from './redeem';
import { batchCodes, batches, batchFilter, codeFilter, redemptionsWithNames, usedFilter } from './screens';

export const CDK_SCREEN = '/activities/cdkcode';
/** Who creates, disables and enables batches and sees their codes (a hidden catalogue route: admin, business). */
export const CDK_MANAGE_SCREEN = '/activities/cdkcodemanage';
const tags = ['activities'];
const base = '/api/activities/cdkcode';
const iso = (v: unknown) => isoInConsoleZone(v as Date);
const ok = <T>(data: T) => ({ code: 200 as const, data });

/** The request's moment (the injectable clock) while a batch list or its export runs: the rows' state depends on it. */
const listClock = new AsyncLocalStorage<Date>();
const clocked = (ops: Operation[]): Operation[] => ops.map((op) => ({ ...op, handler: (ctx) => listClock.run(ctx.now, () => op.handler(ctx)) }));

/** A batch's row: what the batch list, a new batch and a change of status read (batchColumns). */
type BatchRow = QueryRow<typeof batches>;

/** What a batch is at `now`: disabled, or why its codes do not redeem, or active. */
function stateOf(r: BatchRow, now: Date): CdkBatchRow['state'] {
  if (r.status === 'disabled') return 'disabled';
  if (now < r.start_at) return 'notStarted';
  if (now >= r.end_at) return 'expired';
  if (r.redeemed >= r.quantity) return 'usedUp';
  return 'active';
}

export function toBatchRow(r: BatchRow, now = new Date()): CdkBatchRow {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind,
    quantity: r.quantity,
    currency: r.currency,
    amount: r.amount,
    startAt: isoInConsoleZone(r.start_at),
    endAt: isoInConsoleZone(r.end_at),
    status: r.status,
    state: stateOf(r, now),
    redeemed: r.redeemed,
    createdBy: r.created_by,
    createdAt: isoInConsoleZone(r.created_at),
    updatedBy: r.updated_by,
    updatedAt: r.updated_at ? isoInConsoleZone(r.updated_at) : null,
  };
}

const batchList = defineList({
  url: `${base}/batches`,
  name: 'activities.cdkcode.batches',
  screen: CDK_SCREEN,
  tags,
  paging: 'page',
  summary:
    'Redemption-code batches, newest first, with what they are now (state: active, disabled, notStarted, expired, usedUp) and how many ' +
    'redemptions they paid: filters id, name (substring), kind, status, createdAt (from/to)',
  from: batches,
  partner: null,
  id: 'b.id',
  filters: {
    id: eqInt('b.id', 1),
    name: contains('b.name', 100),
    kind: eqEnum('b.kind', CDK_KINDS),
    status: eqEnum('b.status', CDK_STATUSES),
    createdAt: dateRange('b.created_at'),
  },
  sorts: { id: sortBy.int('b.id'), createdAt: sortBy.time('b.created_at'), redeemed: sortBy.int('b.redeemed'), endAt: sortBy.time('b.end_at') },
  defaultSort: { key: 'id', order: 'descend' },
  item: cdkBatchRow,
  row: (r) => toBatchRow(r, listClock.getStore()),
});

const codeList = defineList({
  url: `${base}/codes`,
  name: 'activities.cdkcode.codes',
  screen: CDK_MANAGE_SCREEN,
  tags,
  paging: 'keyset',
  fileName: 'cdkcodes',
  summary:
    "The codes of one batch (batch required), shown XXXX-XXXX-XXXX, with their uses: the export hands a batch's codes out. " +
    'Filters batch, used (true: used at least once, false: never)',
  from: batchCodes,
  partner: null,
  id: 'c.id',
  filters: {
    batch: batchFilter,
    used: usedFilter,
  },
  sorts: { id: sortBy.int('c.id') },
  defaultSort: { key: 'id', order: 'ascend' },
  pageSize: 500,
  item: cdkCodeRow,
  row: (r) => ({
    id: r.id,
    batchId: r.batch_id,
    code: formatCode(r.code),
    uses: r.uses,
    maxUses: r.max_uses,
    lastAt: r.last_at ? iso(r.last_at) : null,
  }),
});

const redemptionList = defineList({
  url: `${base}/redemptions`,
  name: 'activities.cdkcode.redemptions',
  screen: CDK_SCREEN,
  tags,
  paging: 'keyset',
  summary: 'Every redemption (one ledger entry each), newest first: filters uid, batch, code (as typed: dashes, spaces and case do not matter), at (from/to)',
  from: redemptionsWithNames,
  partner: 'r.partner',
  id: 'r.id',
  filters: { uid: eqInt('r.uid', 1), batch: eqInt('r.batch_id', 1), code: codeFilter, at: dateRange('r.at') },
  sorts: { at: sortBy.time('r.at') },
  defaultSort: { key: 'at', order: 'descend' },
  item: cdkRedemptionRow,
  row: (r) => ({
    id: r.id,
    uid: r.uid,
    name: r.name ?? '',
    partner: r.partner,
    batchId: r.batch_id,
    batchName: r.batch_name,
    code: formatCode(r.code),
    currency: r.currency,
    amount: r.amount,
    device: r.device ?? null,
    phone: r.phone ?? null,
    gcash: r.gcash ?? null,
    appId: r.app_id,
    at: iso(r.at),
  }),
});

function statusOperation(action: 'disable' | 'enable'): Operation {
  const to = action === 'disable' ? 'disabled' : 'active';
  return defineOperation({
    method: 'POST',
    url: `${base}/batches/${action}`,
    name: `activities.cdkcode.batches.${action}`,
    screen: CDK_MANAGE_SCREEN,
    tags,
    audit: true,
    summary:
      action === 'disable'
        ? 'Disables a batch: its codes answer 409 Code is disabled until enabled again; redemptions already paid stay; 404 unknown batch, 409 already disabled'
        : 'Enables a disabled batch again (its validity still applies); 404 unknown batch, 409 already active',
    body: cdkBatchIdBody,
    response: z.object({ code: z.literal(200), data: cdkBatchRow }),
    handler: async ({ db, user, now, note, body }) => {
      const before = await lockedBatch(db, body.id);
      if (!before) throw notFound(`Batch ${body.id} not found`);
      if (before.status === to) throw conflict(`Batch ${body.id} is already ${to}`);
      const after = await setBatchStatus(db, body.id, to, user.username, now);
      note.target = `cdk_batch:${body.id}`;
      note.before = { status: before.status };
      note.after = { status: to };
      return ok(toBatchRow(after, now));
    },
  });
}

export const cdkcodeOperations: Operation[] = [
  ...clocked(listOperations(batchList)),
  ...listOperations(codeList),
  ...listOperations(redemptionList),
  defineOperation({
    method: 'POST',
    url: `${base}/batches/create`,
    name: 'activities.cdkcode.batches.create',
    screen: CDK_MANAGE_SCREEN,
    tags,
    audit: true,
    summary:
      'Creates a batch: kind unique (quantity one-use codes, ≤ 10,000) or universal (one code, quantity uses, one per account), ' +
      'its reward (currency, amount > 0 in the smallest unit) and validity (startAt, endAt after startAt); codes drawn with crypto ' +
      'randomness, unique across batches. 400 naming the field. Written to the operation log (without the codes)',
    body: cdkBatchBody,
    response: z.object({ code: z.literal(200), data: cdkBatchRow }),
    handler: async ({ db, user, now, note, body }) => {
      const name = body.name.trim();
      if (!name) throw badInput('name', 'Required');
      const row = await createBatch(db, { ...body, name }, user.username, now);
      const id = row.id;
      note.target = `cdk_batch:${id}`;
      note.after = {
        id,
        name,
        kind: body.kind,
        quantity: body.quantity,
        currency: body.currency,
        amount: body.amount,
        startAt: body.startAt,
        endAt: body.endAt,
      };
      return ok(toBatchRow(row, now));
    },
  }),
  statusOperation('disable'),
  statusOperation('enable'),
];

export const cdkcodePlatformOperations: PlatformOperation[] = [
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/activities/cdkcode/redeem',
    name: 'platform.activities.cdkcode.redeem',
    scope: 'events',
    summary:
      "Redeems a code for a player (dashes, spaces and case do not matter): pays the batch's reward through the ledger once (reason " +
      'activity.cdkcode, idempotency key cdkcode:<batch>:<code>:<uid>); the same player and code again answers the first with repeated: true. ' +
      '404 Unknown code (nothing more); 409 with the reason: Code is disabled / not active yet / has expired / is used up, Already redeemed a code ' +
      'of this batch, Device / Phone / GCash account already rewarded, Player is banned / suspended / self-excluded; 404 unknown player',
    body: cdkRedeemBody,
    response: z.object({ code: z.literal(200), data: cdkRedeemAnswer }),
    handler: async ({ db, app, body, now }) => {
      try {
        return ok(await db.transaction().execute((trx) => redeem(trx, { appId: app.appId, uid: body.uid, code: body.code, now })));
      } catch (error) {
        throw redeemError(error);
      }
    },
  }),
];
