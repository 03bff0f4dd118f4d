/**
 * /usermanager/searchsales: the players registered with the signed-in sales or ground
 * promoter account's share code (console_account.share_code = player.share_id). Admin sees
 * every player, with a share-code filter; any other account's own code replaces whatever
 * `shareCode` it sends, and an account without a code sees nothing (`/mine` says why).
 */
import { playerSearchItem, salesScopeAnswer } from '@console/schemas';
import type { Db } from '../../db/open';
import { dateRange, defineList, eqInt, eqText, listOperations, prefix, sortBy } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import type { SessionUser } from '../auth/sessions';
import { searchBase, toSearchItem } from './search';

const SCREEN = '/usermanager/searchsales';

export const searchsales = defineList({
  url: '/api/usermanager/searchsales',
  name: 'usermanager.searchsales',
  screen: SCREEN,
  tags: ['player records'],
  summary: "Players registered with the account's share code (admin: all, filter shareCode); filters uid, name (prefix), from/to (registered)",
  paging: 'keyset',
  from: searchBase,
  partner: 'p.partner',
  id: 'p.uid',
  filters: {
    shareCode: eqText('p.share_id'),
    uid: eqInt('p.uid', 1),
    name: prefix('p.name', { lower: true }),
    registered: dateRange('p.registered_at'),
  },
  sorts: { uid: sortBy.int('p.uid'), registeredAt: sortBy.time('p.registered_at') },
  defaultSort: { key: 'uid', order: 'descend' },
  item: playerSearchItem,
  row: toSearchItem,
});

const seesAll = (user: SessionUser) => user.roles.includes('admin');

async function ownShareCode(db: Db, user: SessionUser): Promise<string | null> {
  const row = await db.selectFrom('console_account').select('share_code').where('id', '=', user.accountId).executeTakeFirst();
  return row?.share_code ?? null;
}

/**
 * The list and its export, limited to the account's share code: the code replaces the
 * `shareCode` parameter; null (no code) compares `share_id = NULL`, which matches no row.
 */
function limitedToOwnCode(op: Operation): Operation {
  return {
    ...op,
    handler: async (ctx) => {
      if (seesAll(ctx.user as SessionUser)) return op.handler(ctx);
      const query = { ...(ctx.query as Record<string, unknown>), shareCode: await ownShareCode(ctx.db, ctx.user as SessionUser) };
      return op.handler({ ...ctx, query });
    },
  };
}

const mine = defineOperation({
  method: 'GET',
  url: '/api/usermanager/searchsales/mine',
  name: 'usermanager.searchsales.mine',
  screen: SCREEN,
  tags: ['player records'],
  summary: "The share code searchsales is limited to: the account's own (null when it has none), or every player for admin",
  response: salesScopeAnswer,
  handler: async ({ db, user }) => ({ code: 200, data: { shareCode: await ownShareCode(db, user), seesAll: seesAll(user) } }),
});

export const searchsalesOperations: Operation[] = [mine, ...listOperations(searchsales).map(limitedToOwnCode)];
