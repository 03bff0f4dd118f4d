/** GET /api/admin/userinfo/logs: the /adminmanager/adminlogs screen, newest first, cursor paged, partner scoped. */
import { listOperationLogQuery, operationLogAnswer } from '@console/schemas';
import { defineOperation } from '../../http/operation';
import { listOperationLog } from './list';

export const operationLogOperations = [
  defineOperation({
    method: 'GET', url: '/api/admin/userinfo/logs', name: 'admin.userinfo.logs', tags: ['operation log'],
    screen: '/adminmanager/adminlogs',
    summary: 'The operation log, newest first: filters username, operation (prefix), result, from/to; cursor paging',
    query: listOperationLogQuery, response: operationLogAnswer,
    handler: async ({ db, user, query }) => ({ code: 200, data: await listOperationLog(db, user, query) }),
  }),
];
