/**
 * /agentx (admin): third-party integration agents (docs/api/agentx.md, decision 023).
 * The list with each agent's figures over a range, one agent's days, create (the API key
 * answered once), change of terms, key rotation with an overlap, suspend / reactivate. No
 * platform call of its own: an agent signs the contract's wallet calls with its appId
 * (traffic.ts counts them).
 */
import {
  AGENTX_STATUSES,
  AGENTX_WALLET_MODES,
  agentxCreateBody,
  agentxDayRow,
  agentxIssuedKey,
  agentxItem,
  agentxRotateBody,
  agentxStatusBody,
  agentxUpdateBody,
  queryInt,
  type AgentxDayRow,
  type AgentxItem,
  text,
} from '@console/schemas';
import { z } from 'zod';
import { defineOperation, type Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { tableOperations } from '../../reports/summary';
import { agentDays, agentList, createAgent, rotateKey, setStatus, updateAgent } from './agents';

const SCREEN = '/agentx/list';
const tags = ['agentx'];
const ok = (data: unknown) => ({ code: 200, data });
const answer = (data: z.ZodType) => z.object({ code: z.literal(200), data });

export const agentxOperations: Operation[] = [
  ...tableOperations<AgentxItem>({
    url: '/api/agentx/list',
    name: 'agentx.list',
    screen: SCREEN,
    summary:
      'Integration agents with their calls, refused calls, error rate, rounds, players, bets, wins, GGR and revenue share over the range: ' +
      'filters name (name or appId, substring), status, walletMode',
    params: {
      name: text(64).optional(),
      status: z.enum(AGENTX_STATUSES, { message: 'Must be active or suspended' }).optional(),
      walletMode: z.enum(AGENTX_WALLET_MODES, { message: 'Must be transfer or seamless' }).optional(),
    },
    item: agentxItem,
    id: 'id',
    defaultSort: { key: 'id', order: 'ascend' },
    sorts: ['id', 'name', 'calls', 'errorRate', 'bets', 'wins', 'ggr', 'players', 'revenueShare'],
    load: (db, user, r, q) => agentList(db, user, r, q),
  }),
  ...tableOperations<AgentxDayRow>({
    url: '/api/agentx/list/days',
    name: 'agentx.list.days',
    screen: SCREEN,
    summary: "One agent's figures by GMT+08:00 day over the range (every day, zeros included); 404 unknown agent",
    params: { id: queryInt(1, 2_147_483_647) },
    item: agentxDayRow,
    id: 'day',
    defaultSort: { key: 'day', order: 'descend' },
    sorts: ['day', 'calls', 'errorRate', 'bets', 'wins', 'ggr'],
    load: (db, user, r, q) => agentDays(db, user, r, q.id as number),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/agentx/list/create',
    name: 'agentx.create',
    screen: SCREEN,
    tags,
    audit: true,
    body: agentxCreateBody,
    response: answer(agentxIssuedKey),
    summary: 'Creates an agent and its platform application; answers its API key once (sign with the hex SHA-256 of it); 409 appId taken',
    handler: async (ctx) => ok(await createAgent(ctx, ctx.body)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/agentx/list/update',
    name: 'agentx.update',
    screen: SCREEN,
    tags,
    audit: true,
    body: agentxUpdateBody,
    response: answer(z.object({ id: z.number() })),
    summary: "Overwrites an agent's terms (name, partner, wallet mode, callback URL, currency, revenue share, IP allow list) with a reason; 404 unknown",
    handler: async (ctx) => ok(await updateAgent(ctx, ctx.body)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/agentx/list/rotate',
    name: 'agentx.rotate',
    screen: SCREEN,
    tags,
    audit: true,
    body: agentxRotateBody,
    response: answer(agentxIssuedKey),
    summary: 'A new API key, answered once; the previous one keeps signing for overlapHours (0: refused at once); 404 unknown',
    handler: async (ctx) => ok(await rotateKey(ctx, ctx.body.id, ctx.body.overlapHours)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/agentx/list/status',
    name: 'agentx.status',
    screen: SCREEN,
    tags,
    audit: true,
    body: agentxStatusBody,
    response: answer(z.object({ id: z.number(), status: z.string() })),
    summary: 'Suspends (its application refused: 401 on every call) or reactivates an agent, with a reason; 409 when already so',
    handler: async (ctx) => ok(await setStatus(ctx, ctx.body.id, ctx.body.status, ctx.body.reason)),
  }),
];

export const agentxPlatformOperations: PlatformOperation[] = [];
