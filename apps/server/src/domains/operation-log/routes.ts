/**
 * GET /api/admin/userinfo/logs: the /adminmanager/adminlogs screen, newest first, partner scoped;
 * page mode `{items, total}` by default, cursor mode `{items, nextCursor}` when `cursor` is sent.
 */
import { listOperationLogQuery, operationLogAnswer } from '@console/schemas';
import { defineOperation } from '../../http/operation';
import { operationLogExport } from './export';
import { listOperationLog } from './list';

export const operationLogOperations = [
  defineOperation({
    method: 'GET',
    url: '/api/admin/userinfo/logs',
    name: 'admin.userinfo.logs',
    tags: ['operation log'],
    screen: '/adminmanager/adminlogs',
    summary:
      'The operation log, newest first: filters username, operation (prefix), result, from/to; ' +
      'page/pageSize → {items, total}, or cursor ("" for the first step) → {items, nextCursor}',
    query: listOperationLogQuery,
    response: operationLogAnswer,
    handler: async ({ db, user, query }) => ({ code: 200, data: await listOperationLog(db, user, query) }),
  }),
  operationLogExport,
];
