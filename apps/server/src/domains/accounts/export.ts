/**
 * GET /api/admin/userinfo/admins/export: console accounts as CSV through the list machinery
 * (apps/server/src/http/list), with the list's filters (list.ts) and sorts. Only the export
 * is generated: the list keeps its own operation.
 */
import { consoleAccount, roleSchema } from '@console/schemas';
import { sql } from 'kysely';
import { contains, custom, defineList, eqBool, eqInt, exportOperation, sortBy } from '../../http/list';
import { toConsoleAccount } from './view';

export const accountList = defineList({
  url: '/api/admin/userinfo/admins',
  name: 'admin.userinfo.admins',
  screen: '/adminmanager/editer',
  tags: ['console accounts'],
  summary: 'Console accounts',
  fileName: 'editer',
  paging: 'page',
  from: (db) => db.selectFrom('console_account').selectAll(),
  partner: 'partner',
  id: 'id',
  filters: {
    username: contains('username'),
    name: contains('name'),
    role: custom(roleSchema, (r) => sql`roles @> ${JSON.stringify([r])}::jsonb`),
    partner: eqInt('partner'),
    enabled: eqBool('enabled'),
  },
  sorts: { username: sortBy.text('username'), createdAt: sortBy.time('created_at'), lastLoginAt: sortBy.time('last_login_at', { nullable: true }) },
  defaultSort: { key: 'username', order: 'ascend' },
  item: consoleAccount,
  row: (r) => toConsoleAccount(r),
});

export const accountExport = exportOperation(accountList);
