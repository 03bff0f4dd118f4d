/**
 * Player risk and responsible-gaming controls, /personalcontrol and /TPpersonalcontrol
 * (docs/api/controls.md, docs/decisions/014-player-controls.md). The two modules share
 * one set of operations, declared once per scope; /personalcontrol adds payRank and wgconfigs.
 * Roles come from the catalogue (main, business; payRank also secadmin and partner). The
 * controls are enforced in the wallet (enforce.ts); no platform call of their own.
 */
import {
  controlConfigBody,
  payRankRow,
  playerControlBody,
  playerControlClearBody,
  playerControlFindQuery,
  playerControlItem,
  playerControlLookup,
  providerControlBody,
  providerControlItem,
  providerControlRef,
  restoreVersionBody,
  controlRankingRow,
  type ControlRankingRow,
  type ControlScope,
  type PayRankRow,
} from '@console/schemas';
import { z } from 'zod';
import { listOperations } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { tableOperations } from '../../reports/summary';
import { restoreVersion, saveItem, versionOperations } from '../../settings/versions';
import { BASE, clearControl, configItems, controlConfig, findPlayer, removeProvider, saveConfig, saveProvider, setControl } from './changes';
import { logsList, payRank, providersList, ranking, RANKING_SIZE, userconfigsList } from './lists';

const tags = ['controls'];
const ok = (data: unknown) => ({ code: 200, data });
const answer = (data: z.ZodType) => z.object({ code: z.literal(200), data });
const configAnswer = answer(controlConfigBody);

function scopeOperations(scope: ControlScope): Operation[] {
  const base = BASE[scope];
  const name = base.slice(1);
  const items = configItems(scope);
  const history = versionOperations(items, { base: `/api${base}/configs/versions`, name: `${name}.configs.versions`, tags }).filter(
    (op) => !op.url.endsWith('/restore'),
  );
  return [
    defineOperation({
      method: 'GET',
      url: `/api${base}/configs`,
      name: `${name}.configs.get`,
      screen: `${base}/configs`,
      tags,
      summary: 'The platform-wide limits of this scope: maxBet, dayLossCap (0: none), refusalLogSeconds',
      response: configAnswer,
      handler: async ({ db }) => ok(await controlConfig(db, scope)),
    }),
    defineOperation({
      method: 'POST',
      url: `/api${base}/configs/save`,
      name: `${name}.configs.save`,
      screen: `${base}/configs`,
      tags,
      audit: true,
      body: controlConfigBody,
      response: configAnswer,
      summary: 'Overwrites the platform-wide limits (a new version; in the control log)',
      handler: async (ctx) => ok((await saveConfig(ctx, scope, 'update', () => saveItem(ctx, items, '', 'update', () => ctx.body))).doc),
    }),
    ...history,
    defineOperation({
      method: 'POST',
      url: `/api${base}/configs/versions/restore`,
      name: `${name}.configs.versions.restore`,
      screen: `${base}/configs`,
      tags,
      audit: true,
      body: restoreVersionBody,
      response: answer(z.object({ version: z.number(), doc: z.unknown() })),
      summary: 'Restores one version of the limits (a new version; in the control log); 404 unknown version',
      handler: async (ctx) => ok(await saveConfig(ctx, scope, `restore:${ctx.body.id}`, () => restoreVersion(ctx, items, ctx.body.id))),
    }),
    ...listOperations(userconfigsList(scope)),
    defineOperation({
      method: 'GET',
      url: `/api${base}/userconfigs/find`,
      name: `${name}.userconfigs.find`,
      screen: `${base}/userconfigs`,
      tags,
      query: playerControlFindQuery,
      response: answer(playerControlLookup),
      summary: 'One player (name, partner, chips, net win) and its controls of this scope (null: none); 404 unknown player',
      handler: async ({ db, query, now }) => ok(await findPlayer(db, scope, query.uid, now)),
    }),
    defineOperation({
      method: 'POST',
      url: `/api${base}/userconfigs/set`,
      name: `${name}.userconfigs.set`,
      screen: `${base}/userconfigs`,
      tags,
      audit: true,
      body: playerControlBody,
      response: answer(playerControlItem),
      summary:
        "Sets a player's controls (maxBet, dayLossCap: 0 none; blocked games or applications; coolOffUntil; cashoutReview) with a reason; " +
        'replaces what was set; 404 unknown player',
      handler: async (ctx) => ok(await setControl(ctx, scope, ctx.body)),
    }),
    defineOperation({
      method: 'POST',
      url: `/api${base}/userconfigs/clear`,
      name: `${name}.userconfigs.clear`,
      screen: `${base}/userconfigs`,
      tags,
      audit: true,
      body: playerControlClearBody,
      response: answer(z.object({ uid: z.number() })),
      summary: "Clears a player's controls with a reason; 404 when it has none",
      handler: async (ctx) => ok(await clearControl(ctx, scope, ctx.body.uid, ctx.body.reason)),
    }),
    ...listOperations(logsList(scope)),
    ...tableOperations<ControlRankingRow>({
      url: `/api${base}/ranking`,
      name: `${name}.ranking`,
      screen: `${base}/ranking`,
      summary:
        `The top ${RANKING_SIZE} players by net win (side=winners, default) or net loss (side=losers) over the range, ` +
        (scope === 'house' ? 'every game through the wallet' : 'third-party providers (wgconfigs)'),
      params: { side: z.enum(['winners', 'losers'], { message: 'Must be winners or losers' }).optional() },
      item: controlRankingRow,
      id: 'uid',
      defaultSort: { key: 'rank', order: 'ascend' },
      sorts: ['rank', 'net', 'bets', 'wins', 'betCount'],
      load: (db, user, r, q) => ranking(db, user, scope, r, (q.side as 'winners' | 'losers' | undefined) ?? 'winners'),
    }),
  ];
}

export const controlOperations: Operation[] = [
  ...scopeOperations('house'),
  ...scopeOperations('tp'),
  ...tableOperations<PayRankRow>({
    url: '/api/personalcontrol/payRank',
    name: 'personalcontrol.payRank',
    screen: '/personalcontrol/payRank',
    summary:
      `The top ${RANKING_SIZE} players by paid recharges minus successful cash-outs over the range (side=payers, default: biggest first; ` +
      'takers: smallest first); a partner account sees its own players',
    params: { side: z.enum(['payers', 'takers'], { message: 'Must be payers or takers' }).optional() },
    item: payRankRow,
    id: 'uid',
    defaultSort: { key: 'rank', order: 'ascend' },
    sorts: ['rank', 'recharge', 'cashout', 'difference'],
    load: (db, user, r, q) => payRank(db, user, r, (q.side as 'payers' | 'takers' | undefined) ?? 'payers'),
  }),
  ...listOperations(providersList),
  defineOperation({
    method: 'POST',
    url: '/api/personalcontrol/wgconfigs/save',
    name: 'personalcontrol.wgconfigs.save',
    screen: '/personalcontrol/wgconfigs',
    tags,
    audit: true,
    body: providerControlBody,
    response: answer(providerControlItem),
    summary:
      "Adds or overwrites a provider's (game '') or one of its games' controls: maxBet (0: none), closed; its application's bets become third-party play",
    handler: async (ctx) => ok(await saveProvider(ctx, ctx.body)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/personalcontrol/wgconfigs/remove',
    name: 'personalcontrol.wgconfigs.remove',
    screen: '/personalcontrol/wgconfigs',
    tags,
    audit: true,
    body: providerControlRef,
    response: answer(z.object({ appId: z.string(), game: z.string() })),
    summary: 'Removes a provider or game entry; 404 unknown',
    handler: async (ctx) => ok(await removeProvider(ctx, ctx.body.appId, ctx.body.game)),
  }),
];

export const controlPlatformOperations: PlatformOperation[] = [];
