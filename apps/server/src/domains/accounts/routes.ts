/** The /adminmanager/editer screen's operations (docs/api/accounts.md). */
import { accountAnswer, accountListAnswer, accountRefBody, createAccountBody, listAccountsQuery, okAnswer, updateAccountBody } from '@console/schemas';
import { defineOperation, type OperationContext } from '../../http/operation';
import type { SessionUser } from '../auth/sessions';
import { accountExport } from './export';
import { listAccounts } from './list';
import { createAccount, removeAccount, resetAuthenticator, updateAccount } from './service';

const screen = '/adminmanager/editer';
const tags = ['console accounts'];
const change = (ctx: OperationContext<unknown, unknown, SessionUser>) => ({ db: ctx.db, config: ctx.config, actor: ctx.user, now: ctx.now, note: ctx.note });

export const accountOperations = [
  defineOperation({
    method: 'GET',
    url: '/api/admin/userinfo/admins',
    name: 'admin.userinfo.admins',
    tags,
    screen,
    summary: 'Console accounts: filters username/name (substring), role, partner, enabled; page, pageSize ≤ 500; sort username|createdAt|lastLoginAt',
    query: listAccountsQuery,
    reads: 'replica',
    response: accountListAnswer,
    handler: async ({ db, user, query }) => ({ code: 200, data: await listAccounts(db, user, query) }),
  }),
  accountExport,
  defineOperation({
    method: 'POST',
    url: '/api/admin/userinfo/create',
    name: 'admin.userinfo.create',
    tags,
    screen,
    audit: true,
    summary: 'Creates a console account; 409 when the username exists',
    body: createAccountBody,
    response: accountAnswer,
    handler: async (ctx) => ({ code: 200, data: await createAccount(change(ctx), ctx.body) }),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/admin/userinfo/update',
    name: 'admin.userinfo.update',
    tags,
    screen,
    audit: true,
    summary:
      'Changes an account (password resets it); disabling, a role change or a password reset revokes its tokens; 409 for the last admin or the own account',
    body: updateAccountBody,
    response: accountAnswer,
    handler: async (ctx) => ({ code: 200, data: await updateAccount(change(ctx), ctx.body) }),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/admin/userinfo/removeone',
    name: 'admin.userinfo.removeone',
    tags,
    screen,
    audit: true,
    summary: 'Removes an account; 409 for the own account or the last enabled admin',
    body: accountRefBody,
    response: okAnswer,
    handler: async (ctx) => {
      await removeAccount(change(ctx), ctx.body.username);
      return { code: 200 };
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/api/admin/userinfo/reset2fa',
    name: 'admin.userinfo.reset2fa',
    tags,
    screen,
    audit: true,
    summary: "Unbinds another account's authenticator and revokes its tokens",
    body: accountRefBody,
    response: okAnswer,
    handler: async (ctx) => {
      await resetAuthenticator(change(ctx), ctx.body.username);
      return { code: 200 };
    },
  }),
];
