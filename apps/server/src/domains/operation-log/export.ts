/**
 * GET /api/admin/userinfo/logs/export: the operation log as CSV through the list machinery
 * (apps/server/src/http/list), with the filters of the list (list.ts) and its order, newest
 * first. Only the export is generated: the list keeps its own two paging forms.
 */
import { OPERATION_RESULTS, operationLogRecord } from '@console/schemas';
import { sql } from 'kysely';
import { custom, dateRange, defineList, eqEnum, eqText, exportOperation, sortBy } from '../../http/list';
import { text } from '@console/schemas';
import { toLogRecord } from './list';

export const operationLogList = defineList({
  url: '/api/admin/userinfo/logs',
  name: 'admin.userinfo.logs',
  screen: '/adminmanager/adminlogs',
  tags: ['operation log'],
  summary: 'The operation log',
  fileName: 'adminlogs',
  paging: 'keyset',
  from: (db) => db.selectFrom('operation_log').selectAll(),
  partner: 'partner',
  id: 'id',
  filters: {
    username: eqText('username'),
    operation: custom(text(64), (v) => sql`left(operation, ${String(v).length}) = ${v}`),
    result: eqEnum('result', OPERATION_RESULTS),
    at: dateRange('at'),
  },
  sorts: { id: sortBy.int('id') },
  defaultSort: { key: 'id', order: 'descend' },
  item: operationLogRecord,
  row: (r) => toLogRecord(r),
});

export const operationLogExport = exportOperation(operationLogList);
