/**
 * /agentcooperation reports and the extra rebate, and /partnermanager/agentgamelogs.
 * Every operation names its catalogue screen; partner accounts see their own partner's agents,
 * invitees, configs and payouts only. A read of the roll-ups older than 30 s starts their
 * refresh in the background; the server's job refreshes them every 5 minutes. docs/api/agentreports.md, docs/decisions/022-agent-reports.md.
 */
import {
  cooperSummary as cooperSummarySchema,
  extraRebateCreateBody,
  extraRebateDoc,
  extraRebateIdBody,
  extraRebateUpdateBody,
  restoreVersionBody,
} from '@console/schemas';
import { z } from 'zod';
import { listOperations, type ListSpec } from '../../http/list';
import { conflict, notFound } from '../../http/api-error';
import { describeZodError } from '../../http/zod-message';
import { defineOperation, type Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { ownsPartner, partnerScope } from '../../plugins/partner-scope';
import { summaryOperation, tableOperations } from '../../reports/summary';
import { reportOperations } from '../../reports/report';
import { versionOf, versionOperations } from '../../settings/versions';
import { cancelConfig, createConfig, EXTRA_CONFIG_SCREEN, extraRebateConfigVersion, extraRebateItems, settleExtraRebates, updateConfig } from './extra-rebate';
import { analyzeConfigs, analyzeParams, analyzeSchema, coinDealerLogList, EXTRA_ANALYZE_SCREEN, extraRebateConfigList, payoutList } from './lists';
import { refreshForRead } from './refresh';
import {
  agentGameLogList,
  agentParam,
  chainOf,
  chainSchema,
  COOPER_DATA_SCREEN,
  COOPER_SEARCH_SCREEN,
  cooperAgentSchema,
  cooperByAgent,
  cooperSummary,
  INVITEE_DATA_SCREEN,
  inviteeParams,
  inviteeSchema,
  inviteesOf,
  periodParam,
  searchParams,
  SHARE_DATA_SCREEN,
  shareByPeriod,
  shareSchema,
} from './reports';

const tags = ['agentcooperation'];
const ok = <T>(data: T) => ({ code: 200 as const, data });

/** Operations that read the roll-ups: start a refresh when they are older than 30 s (refresh.ts). */
function refreshed(ops: Operation[]): Operation[] {
  return ops.map((op) => ({
    ...op,
    // the refresh writes the roll-ups the read then sums: on the primary, never the replica
    reads: undefined,
    handler: async (ctx) => {
      await refreshForRead(ctx.db, ctx.now, (error) => ctx.request.log.warn({ err: error }, 'agent report refresh failed'));
      return op.handler(ctx);
    },
  }));
}

const VERSIONS_BASE = '/api/agentcooperation/extrarebateconfigs/versions';
const versionList = versionOperations(extraRebateItems, { base: VERSIONS_BASE, name: 'agentcooperation.extrarebateconfigs.versions', tags }).filter(
  (op) => !op.url.endsWith('/restore'),
);

const configAnswer = z.object({ code: z.literal(200), data: extraRebateDoc });

export const agentReportOperations: Operation[] = [
  ...refreshed([
    summaryOperation({
      url: '/api/agentcooperation/cooperData',
      name: 'agentcooperation.cooperData',
      screen: COOPER_DATA_SCREEN,
      summary:
        "Agents' figures by day (agents of the reader's scope, or one `agent`): new and active tier-1 invitees, their recharge, tier-1 " +
        "and tier-2 rake, the rates' estimate of the T1/T2 rebate; with totals",
      params: agentParam,
      response: cooperSummarySchema,
      load: (db, user, r, q) => cooperSummary(db, user, r, q),
    }),
    ...tableOperations({
      url: '/api/agentcooperation/cooperData/agents',
      name: 'agentcooperation.cooperData.agents',
      screen: COOPER_DATA_SCREEN,
      summary: 'cooperData by agent over the range: new T1/T2 invitees, active T1/T2 invitee-days, recharge, T1/T2 rake and rebate (estimate)',
      params: agentParam,
      item: cooperAgentSchema,
      sorts: ['agent', 'rakeT1', 'rakeT2', 'recharge', 'newT1', 'activeT1', 'rebateT1'],
      defaultSort: { key: 'rakeT1', order: 'descend' },
      id: 'agent',
      load: (db, user, r, q) => cooperByAgent(db, user, r, q),
    }),
    ...tableOperations({
      url: '/api/agentcooperation/shareData',
      name: 'agentcooperation.shareData',
      screen: SHARE_DATA_SCREEN,
      summary:
        "Share totals by period (`period` day, week — Monday, the settlement's week — or month): agents, new invitees, active " +
        'invitee-days, recharge, T1/T2 rake and rebate (estimate), extra rebate paid for windows ending in the period',
      params: periodParam,
      item: shareSchema,
      sorts: ['period', 'rakeT1', 'rebateT1'],
      defaultSort: { key: 'period', order: 'descend' },
      id: 'period',
      load: (db, user, r, q) => shareByPeriod(db, user, r, q),
    }),
    ...tableOperations({
      url: '/api/agentcooperation/inviteeData',
      name: 'agentcooperation.inviteeData',
      screen: INVITEE_DATA_SCREEN,
      summary:
        "One agent's (`agent`, required for rows) tier-1 and tier-2 invitees: registration, recharge, rake, turnover, rounds and active " +
        'days in the range, active or not, whether it shares an address or a device with the agent; filters tier, active',
      params: inviteeParams,
      item: inviteeSchema,
      sorts: ['uid', 'registeredAt', 'recharge', 'rake', 'turnover', 'activeDays'],
      defaultSort: { key: 'rake', order: 'descend' },
      id: 'uid',
      load: (db, user, r, q) => inviteesOf(db, user, r, q),
    }),
    ...listOperations(agentGameLogList),
  ]),
  ...reportOperations({
    url: '/api/agentcooperation/cooperSearch',
    name: 'agentcooperation.cooperSearch',
    screen: COOPER_SEARCH_SCREEN,
    summary:
      'A player (`uid`): its inviters up to the first agent (level −1, −2 …; relation agentT1 / agentT2 when that agent earns on it), ' +
      'itself (level 0) and its direct invitees (level 1, at most 200), each with its invitee count',
    params: searchParams,
    item: chainSchema,
    sorts: ['level', 'uid'],
    defaultSort: { key: 'level', order: 'ascend' },
    id: 'uid',
    load: (db, user, q) => chainOf(db, user, q),
  }),
  ...listOperations(coinDealerLogList),
  ...listOperations(extraRebateConfigList),
  ...listOperations(payoutList),
  ...refreshed(
    reportOperations({
      url: '/api/agentcooperation/extrarebateAnalyze',
      name: 'agentcooperation.extrarebateAnalyze',
      screen: EXTRA_ANALYZE_SCREEN,
      summary:
        "Each extra rebate window: its cost (paid) against the tier-1 turnover and rake of the partner's agents in the window and in the " +
        'window of equal length before it (extra turnover, extra rake, cost per extra turnover, extra rake per chip of cost); filters status, partner',
      params: analyzeParams,
      item: analyzeSchema,
      sorts: ['windowTo', 'cost', 'extraTurnover'],
      defaultSort: { key: 'windowTo', order: 'descend' },
      id: 'id',
      load: (db, user, q) => analyzeConfigs(db, user, q),
    }),
  ),
  ...versionList,
  defineOperation({
    method: 'POST',
    url: '/api/agentcooperation/extrarebateconfigs/create',
    name: 'agentcooperation.extrarebateconfigs.create',
    screen: EXTRA_CONFIG_SCREEN,
    tags,
    audit: true,
    summary:
      'Creates an extra rebate config (§5: tiers with rising thresholds and rates, the window ending after it starts and not starting ' +
      'in the past, rates 0.01–50%, cap ≤ budget); a partner account for its own partner, central staff name `partner`; version 1',
    body: extraRebateCreateBody,
    response: configAnswer,
    handler: async ({ db, user, body, now, note }) => ok(await createConfig({ db, user, now, note }, body)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/agentcooperation/extrarebateconfigs/update',
    name: 'agentcooperation.extrarebateconfigs.update',
    screen: EXTRA_CONFIG_SCREEN,
    tags,
    audit: true,
    summary:
      'Overwrites an open config whose window has not ended; `version` must be the stored one (409 when someone saved since: ' +
      'reload); a started window keeps its start; a new version',
    body: extraRebateUpdateBody,
    response: configAnswer,
    handler: async ({ db, user, body, now, note }) => ok(await updateConfig({ db, user, now, note }, body)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/agentcooperation/extrarebateconfigs/cancel',
    name: 'agentcooperation.extrarebateconfigs.cancel',
    screen: EXTRA_CONFIG_SCREEN,
    tags,
    audit: true,
    summary: 'Cancels an open config before its window ends (`version` as for update); nothing will be paid for it',
    body: extraRebateIdBody,
    response: configAnswer,
    handler: async ({ db, user, body, now, note }) => ok(await cancelConfig({ db, user, now, note }, body.id, body.version)),
  }),
  defineOperation({
    method: 'POST',
    url: `${VERSIONS_BASE}/restore`,
    name: 'agentcooperation.extrarebateconfigs.versions.restore',
    screen: EXTRA_CONFIG_SCREEN,
    tags,
    audit: true,
    summary:
      "Saves an earlier version's targets, window, cap and budget as the config's new version, with the checks of an update (409 when the " +
      'config is no longer open or its window has ended, 400 naming the field when the old values no longer pass)',
    body: restoreVersionBody,
    response: configAnswer,
    handler: async ({ db, user, body, now, note }) => {
      const row = await versionOf(db, extraRebateItems, body.id);
      if (!row || !ownsPartner(user, row.partner)) throw notFound(`Version ${body.id} not found`);
      const old = extraRebateDoc.safeParse(row.after);
      if (!old.success) throw conflict(`Version ${body.id} holds no config to restore`);
      const current = await extraRebateConfigVersion(db, old.data.id);
      if (!current) throw notFound(`Extra rebate config ${old.data.id} not found`);
      const update = extraRebateUpdateBody.safeParse({
        id: old.data.id,
        version: current.version,
        name: old.data.name,
        windowFrom: old.data.windowFrom,
        windowTo: old.data.windowTo,
        tiers: old.data.tiers,
        agentCap: old.data.agentCap,
        budget: old.data.budget,
      });
      if (!update.success) throw conflict(`Version ${body.id} no longer fits the rules (${describeZodError(update.error, 'version')})`);
      return ok(await updateConfig({ db, user, now, note }, update.data));
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/api/agentcooperation/extrarebateconfigs/settle',
    name: 'agentcooperation.extrarebateconfigs.settle',
    screen: EXTRA_CONFIG_SCREEN,
    tags,
    audit: true,
    summary:
      "Runs the extra rebate settlement now for the reader's configs (a partner account: its own) whose window has ended and whose " +
      "weeks the agents' settlement has closed: each qualifying agent paid once into its agent account (agent.extra_rebate), within the " +
      'cap and the budget. The server also runs it by itself every 5 minutes; running it twice pays nothing twice',
    body: z.strictObject({ id: z.number().int().min(1).max(2_147_483_647).optional() }).optional(),
    response: z.object({ code: z.literal(200), data: z.object({ configs: z.number(), lines: z.number(), paid: z.number() }) }),
    handler: async ({ db, user, body, now, note }) => {
      const result = await settleExtraRebates(db, now, `staff:${user.username}`, { partner: partnerScope(user), id: body?.id });
      note.target = body?.id ? `extrarebateconfigs:${body.id}` : 'extrarebateconfigs';
      note.after = result;
      return ok(result);
    },
  }),
];

export const agentReportPlatformOperations: PlatformOperation[] = [];
export type { ListSpec };
