/**
 * /agentmanager (business, secadmin; an optional module, CONSOLE_OPTIONAL_MODULES=agentmanager)
 * (docs/api/agentmanager.md, decision 023): wholesalers and their movements, the agent
 * tree, one agent's report and the monthly host report. The operations exist only when the
 * catalogue has the module: switched off, its URLs are unknown (404), like its screens.
 */
import { findScreen } from '@console/catalog';
import {
  hostReportMonth,
  DISTRIBUTION_KINDS,
  WHOLESALER_STATUSES,
  agentWeekRow,
  distributeBody,
  distributionItem,
  hostReportRow,
  monthCloseBody,
  queryInt,
  stockBody,
  treeNode,
  wholesalerCreateBody,
  wholesalerItem,
  wholesalerStatusBody,
  wholesalerUpdateBody,
  type AgentWeekRow,
  type WholesalerItem,
  text,
} from '@console/schemas';
import { z } from 'zod';
import { dateRange, defineList, eqEnum, eqInt, listOperations, sortBy } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { tableOperations } from '../../reports/summary';
import { consoleDay } from '@console/time';
import { agentWeeks, closeMonth, hostReport, months } from './reports';
import { agentPage, inviteePage } from './tree';
import { createWholesaler, distributionMoves, distributionRow, move, setWholesalerStatus, updateWholesaler, wholesalers } from './wholesale';

const BASE = '/agentmanager';
const tags = ['agentmanager'];
const ok = (data: unknown) => ({ code: 200, data });
const answer = (data: z.ZodType) => z.object({ code: z.literal(200), data });
const page = (item: z.ZodType) => answer(z.object({ items: z.array(item), nextCursor: z.string().nullable() }));
const cursorParams = {
  cursor: z
    .string()
    .regex(/^\d{0,10}$/, { message: 'Must be a cursor from the previous page' })
    .optional(),
  pageSize: queryInt(1, 500).optional(),
};
const optionalInt = (min: number) => queryInt(min, 2_147_483_647).optional();

export const distributionLogs = defineList({
  url: `/api${BASE}/distributionlogs`,
  name: 'agentmanager.distributionlogs',
  screen: `${BASE}/distributionlogs`,
  tags,
  paging: 'keyset',
  summary:
    'Every distribution movement (stock bought, chips handed to a player, stock returned), newest first: filters wholesaler, uid (player), kind, partner, at',
  from: distributionMoves,
  partner: 'partner',
  id: 'id',
  filters: {
    wholesaler: eqInt('wholesaler', 1),
    uid: eqInt('uid', 1),
    kind: eqEnum('kind', DISTRIBUTION_KINDS),
    partner: eqInt('partner', 0),
    at: dateRange('at'),
  },
  sorts: { at: sortBy.time('at'), amount: sortBy.int('amount') },
  defaultSort: { key: 'at', order: 'descend' },
  item: distributionItem,
  row: distributionRow,
});

function operations(): Operation[] {
  const S = (screen: string) => `${BASE}/${screen}`;
  const W = S('distribution');
  return [
    // ------------------------------------------------------------ distribution (wholesalers)
    ...tableOperations<WholesalerItem>({
      url: `/api${W}`,
      name: 'agentmanager.distribution',
      screen: W,
      summary:
        "Wholesalers with their stock (chips), today's hand-outs against their daily limit, and what they bought, handed out and returned over the range: " +
        'filters partner, status, uid',
      params: { partner: optionalInt(0), status: z.enum(WHOLESALER_STATUSES, { message: 'Must be active or frozen' }).optional(), uid: optionalInt(1) },
      item: wholesalerItem,
      id: 'uid',
      defaultSort: { key: 'uid', order: 'ascend' },
      sorts: ['uid', 'stock', 'distributed', 'today', 'players'],
      load: (db, _user, r, q, now) => wholesalers(db, r, q, now),
    }),
    defineOperation({
      method: 'POST',
      url: `/api${W}/create`,
      name: 'agentmanager.distribution.create',
      screen: W,
      tags,
      audit: true,
      body: wholesalerCreateBody,
      response: answer(z.object({ uid: z.number() })),
      summary:
        'Makes an agent a wholesaler (price per 100 chips in centavos, daily hand-out limit, 0 none) with an empty stock; 404 not an agent, 409 already one',
      handler: async (ctx) => ok(await createWholesaler(ctx, ctx.body)),
    }),
    defineOperation({
      method: 'POST',
      url: `/api${W}/update`,
      name: 'agentmanager.distribution.update',
      screen: W,
      tags,
      audit: true,
      body: wholesalerUpdateBody,
      response: answer(z.object({ uid: z.number() })),
      summary: "Overwrites a wholesaler's price, daily limit and note, with a reason; 404 unknown",
      handler: async (ctx) => ok(await updateWholesaler(ctx, ctx.body)),
    }),
    defineOperation({
      method: 'POST',
      url: `/api${W}/status`,
      name: 'agentmanager.distribution.status',
      screen: W,
      tags,
      audit: true,
      body: wholesalerStatusBody,
      response: answer(z.object({ uid: z.number(), status: z.string() })),
      summary: 'Freezes (no movement) or unfreezes a wholesaler, with a reason; 409 when already so',
      handler: async (ctx) => ok(await setWholesalerStatus(ctx, ctx.body.uid, ctx.body.status, ctx.body.reason)),
    }),
    defineOperation({
      method: 'POST',
      url: `/api${W}/stock`,
      name: 'agentmanager.distribution.stock',
      screen: W,
      tags,
      audit: true,
      body: stockBody,
      response: answer(distributionItem),
      summary:
        "Buys stock from the wholesaler's partner's cloud chips (partner 0: issued); the same requestId answers the first movement; 409 frozen, " +
        'insufficient cloud chips, or a requestId used for another movement',
      handler: async (ctx) =>
        ok(await move(ctx, { kind: 'stock', uid: ctx.body.uid, amount: ctx.body.amount, requestId: ctx.body.requestId, reason: ctx.body.reason })),
    }),
    defineOperation({
      method: 'POST',
      url: `/api${W}/distribute`,
      name: 'agentmanager.distribution.distribute',
      screen: W,
      tags,
      audit: true,
      body: distributeBody,
      response: answer(distributionItem),
      summary:
        "Hands chips from the wholesaler's stock to a player of its partner (its tier under the wholesaler recorded); 409 frozen, insufficient stock, " +
        "daily limit, another partner's player; 404 unknown player",
      handler: async (ctx) =>
        ok(
          await move(ctx, {
            kind: 'distribute',
            uid: ctx.body.uid,
            player: ctx.body.player,
            amount: ctx.body.amount,
            requestId: ctx.body.requestId,
            reason: ctx.body.reason,
          }),
        ),
    }),
    defineOperation({
      method: 'POST',
      url: `/api${W}/return`,
      name: 'agentmanager.distribution.return',
      screen: W,
      tags,
      audit: true,
      body: stockBody,
      response: answer(distributionItem),
      summary: "Returns unsold stock to the partner's cloud chips; 409 frozen or insufficient stock",
      handler: async (ctx) =>
        ok(await move(ctx, { kind: 'return', uid: ctx.body.uid, amount: ctx.body.amount, requestId: ctx.body.requestId, reason: ctx.body.reason })),
    }),
    // ------------------------------------------------------------ distributionlogs
    ...listOperations(distributionLogs),
    // ------------------------------------------------------------ preview (agent tree)
    defineOperation({
      method: 'GET',
      url: `/api${S('preview')}`,
      name: 'agentmanager.preview',
      screen: S('preview'),
      tags,
      query: z.strictObject({
        ...cursorParams,
        uid: optionalInt(1),
        partner: optionalInt(0),
        status: z.enum(['active', 'suspended'], { message: 'Must be active or suspended' }).optional(),
        name: text(64).optional(),
      }),
      response: page(treeNode),
      summary:
        'Agents by uid, a page at a time (cursor), each with its T1 and T2 invitee counts and sub-agents: filters uid, partner, status, name (substring)',
      handler: async ({ db, query: q }) =>
        ok(await agentPage(db, { uid: q.uid, partner: q.partner, status: q.status, name: q.name || undefined }, q.cursor, q.pageSize ?? 20)),
    }),
    defineOperation({
      method: 'GET',
      url: `/api${S('preview')}/invitees`,
      name: 'agentmanager.preview.invitees',
      screen: S('preview'),
      tags,
      query: z.strictObject({ ...cursorParams, uid: queryInt(1, 2_147_483_647) }),
      response: page(treeNode),
      summary: "A node's direct invitees by uid, a page at a time (an agent's T1; a T1's are the agent's T2); 404 unknown player",
      handler: async ({ db, query: q }) => ok(await inviteePage(db, q.uid, q.cursor, q.pageSize ?? 20)),
    }),
    // ------------------------------------------------------------ report (one agent)
    ...tableOperations<AgentWeekRow>({
      url: `/api${S('report')}`,
      name: 'agentmanager.report',
      screen: S('report'),
      summary: "One agent's settled weeks whose Monday is in the range: invitees, rake, rebate, paid, carry, hand-outs; no uid: no rows; 404 unknown agent",
      params: { uid: optionalInt(1) },
      item: agentWeekRow,
      id: 'week',
      defaultSort: { key: 'week', order: 'descend' },
      sorts: ['week', 't1Rake', 'rebate', 'paid'],
      load: async (db, _user, r, q) => (q.uid === undefined ? [] : agentWeeks(db, q.uid as number, r)),
    }),
    // ------------------------------------------------------------ hostreport (monthly)
    defineOperation({
      method: 'GET',
      url: `/api${S('hostreport')}`,
      name: 'agentmanager.hostreport',
      screen: S('hostreport'),
      tags,
      query: z.strictObject({
        ...cursorParams,
        month: monthCloseBody.shape.month.optional(),
        partner: optionalInt(0),
        agent: optionalInt(1),
      }),
      response: page(hostReportRow),
      summary:
        "Every agent's month (default the current one) by uid, a page at a time: from the rows written when it was closed, or computed now while it is open; filters partner, agent",
      handler: async ({ db, query: q, now }) =>
        ok(await hostReport(db, q.month ?? consoleDay(now).slice(0, 7), { partner: q.partner, agent: q.agent }, q.cursor, q.pageSize ?? 50)),
    }),
    defineOperation({
      method: 'GET',
      url: `/api${S('hostreport')}/months`,
      name: 'agentmanager.hostreport.months',
      screen: S('hostreport'),
      tags,
      response: answer(z.array(hostReportMonth)),
      summary: 'The last 12 months, newest first, with who closed each and when',
      handler: async ({ db, now }) => ok(await months(db, now)),
    }),
    defineOperation({
      method: 'POST',
      url: `/api${S('hostreport')}/close`,
      name: 'agentmanager.hostreport.close',
      screen: S('hostreport'),
      tags,
      audit: true,
      body: monthCloseBody,
      response: answer(z.object({ month: z.string(), agents: z.number() })),
      summary: "Closes a month: every agent's row is written once and never changes; 409 not over yet, closed already, or one of its weeks not settled",
      handler: async (ctx) => ok(await closeMonth(ctx, ctx.body.month, ctx.body.note)),
    }),
  ];
}

/** Empty when the module is off (the catalogue has no /agentmanager). */
export const agentManagerOperations: Operation[] = findScreen(BASE) ? operations() : [];
export const agentManagerPlatformOperations: PlatformOperation[] = [];
