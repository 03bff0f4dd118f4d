/**
 * /agentcooperation agents, rebates and the weekly settlement (docs/api/agents.md,
 * docs/decisions/021-agents.md). Every role of the module reads; the roles of the hidden
 * /agentcooperation/agentedit (business, partner, secadmin) make agents, add rate versions and
 * suspend; those of /agentcooperation/rebateadjust (business, secadmin) adjust rebates, change
 * the settlement's setting and run it by hand. A partner account sees and changes its own
 * partner's agents only. No platform call: rake and recharges come from the games and payments data.
 */
import {
  agentAdjustBody,
  agentCreateBody,
  agentRateBody,
  agentSettings,
  agentSettingsBody,
  agentStatusBody,
  rebateLineVoidBody,
  settleAnswer,
  type AgentRateItem,
} from '@console/schemas';
import { z } from 'zod';
import { listOperations } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { appendOperationLog } from '../operation-log/chain';
import { adjust, addRate, createAgent, readSettings, saveSettings, setStatus, voidLine } from './changes';
import { agentList, lineList, rateList, rateState, rebateList, runList, SCREENS, t1List } from './lists';
import { settleDue } from './settlement';

const tags = ['agentcooperation'];
const ok = <T>(data: T) => ({ code: 200 as const, data });
const answer = (data: z.ZodType) => z.object({ code: z.literal(200), data });

export const agentOperations: Operation[] = [
  ...listOperations(agentList),
  // the list's state (past, current, scheduled) by the request's clock
  ...listOperations(rateList).map((op): Operation =>
    op.url.endsWith('/export')
      ? op
      : {
          ...op,
          handler: async (ctx) => {
            const answer = (await op.handler(ctx)) as { data: { items: AgentRateItem[] } };
            for (const item of answer.data.items) {
              item.state = rateState(Date.parse(item.effectiveAt), item.until ? Date.parse(item.until) : null, ctx.now.getTime());
            }
            return answer;
          },
        },
  ),
  defineOperation({
    method: 'POST',
    url: '/api/agentcooperation/agents/create',
    name: 'agentcooperation.agents.create',
    screen: SCREENS.edit,
    tags,
    audit: true,
    body: agentCreateBody,
    response: answer(z.object({ uid: z.number() })),
    summary:
      "Makes a player an agent (uid; name defaults to the player's) with its first rate version, effective now (basis points; " +
      "t1 + t2 ≤ rate, else 400 naming t2); 400 uid: no such player (or another partner's), 409 already an agent",
    handler: async (ctx) => ok(await createAgent(ctx, ctx.body)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/agentcooperation/agents/rate',
    name: 'agentcooperation.agents.rate',
    screen: SCREENS.edit,
    tags,
    audit: true,
    body: agentRateBody,
    response: answer(z.object({ id: z.number() })),
    summary:
      "Adds a rate version from effectiveAt (now or later: 400 effectiveAt in the past; each GMT+8 day's rake is paid at the version " +
      "in effect at the day's start); versions are never changed; 404 unknown agent, 409 a version starting at the same time",
    handler: async (ctx) => ok(await addRate(ctx, ctx.body)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/agentcooperation/agents/status',
    name: 'agentcooperation.agents.status',
    screen: SCREENS.edit,
    tags,
    audit: true,
    body: agentStatusBody,
    response: answer(z.object({ uid: z.number(), status: z.string() })),
    summary: "Suspends (a suspended agent's weeks settle with its lines voided) or reinstates an agent, with a reason; 409 already so",
    handler: async (ctx) => ok(await setStatus(ctx, ctx.body)),
  }),
  ...listOperations(lineList),
  ...listOperations(t1List),
  ...listOperations(rebateList),
  ...listOperations(runList),
  defineOperation({
    method: 'POST',
    url: '/api/agentcooperation/rebates/adjust',
    name: 'agentcooperation.rebates.adjust',
    screen: SCREENS.adjust,
    tags,
    audit: true,
    body: agentAdjustBody,
    response: answer(z.object({ id: z.number(), week: z.string() })),
    summary: 'A correction (± chips, with a reason) into the current week (or an open week given); a closed week is never edited: 409',
    handler: async (ctx) => ok(await adjust(ctx, ctx.body)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/agentcooperation/rebates/void',
    name: 'agentcooperation.rebates.void',
    screen: SCREENS.adjust,
    tags,
    audit: true,
    body: rebateLineVoidBody,
    response: answer(z.object({ id: z.number() })),
    summary: 'Voids a pending adjustment of an open week, with a reason; a closed week or any other line: 409',
    handler: async (ctx) => ok(await voidLine(ctx, ctx.body)),
  }),
  defineOperation({
    method: 'GET',
    url: '/api/agentcooperation/settings',
    name: 'agentcooperation.settings',
    screen: SCREENS.agents,
    tags,
    summary: "The settlement's setting: active T1 invitees needed for the commission to be withdrawable (default 5)",
    response: answer(agentSettings),
    handler: async ({ db }) => ok(await readSettings(db)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/agentcooperation/settings/save',
    name: 'agentcooperation.settings.save',
    screen: SCREENS.adjust,
    tags,
    audit: true,
    body: agentSettingsBody,
    response: answer(agentSettings),
    summary: 'Sets the active invitees needed to withdraw (applies from the next settlement)',
    handler: async (ctx) => ok(await saveSettings(ctx, ctx.body)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/agentcooperation/settlements/run',
    name: 'agentcooperation.settlements.run',
    screen: SCREENS.adjust,
    tags,
    response: answer(settleAnswer),
    summary:
      'Runs the weekly settlement now, as the Monday 00:00 GMT+8 job does: every ended week still open is computed and closed ' +
      '(one process at a time), then pending statements are paid; nothing happens twice. Written to the operation log',
    // its own transactions (one per week, one per paid chunk): the operation log gets a record per run, after it
    handler: async ({ db, user, now, ip }) => {
      const r = await settleDue(db, now, `staff:${user.username}`);
      await db.transaction().execute((trx) =>
        appendOperationLog(
          trx,
          {
            username: user.username,
            partner: user.partner,
            operation: 'agentcooperation.settlements.run',
            target: 'agent_settlement',
            result: 'ok',
            status: 200,
            message: '',
            before: null,
            ip,
            after: { weeks: r.computed.map((w) => w.week), paid: r.paid, paidAmount: r.paidAmount },
          },
          now,
        ),
      );
      return ok({ weeks: r.computed, paid: r.paid, paidAmount: r.paidAmount });
    },
  }),
];

export const agentPlatformOperations: PlatformOperation[] = [];
