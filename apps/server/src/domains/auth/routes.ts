/** Sign-in and the session user: the fixed paths of the contract. */
import {
  bind2faBody,
  bind2faSecret,
  changePasswordBody,
  emptyQuery,
  loginAnswer,
  loginBody,
  logoutBody,
  okAnswer,
  userinfoAnswer,
  userinfoQuery,
} from '@console/schemas';
import { z } from 'zod';
import { defineOperation } from '../../http/operation';
import { sessionExpired } from '../../http/api-error';
import { confirmBinding, startBinding } from './authenticator';
import { signIn } from './login';
import { changePassword } from './password-change';
import { revokeSession } from './sessions';
import { hashAccessToken } from './tokens';

const tags = ['auth'];

export const authOperations = [
  defineOperation({
    method: 'POST',
    url: '/api/login',
    name: 'auth.login',
    tags,
    public: true,
    summary:
      'Sign in: {code:200, accessToken}; 401 with code 60204 (wrong user or password), 60205 (one-time code required), 60206 (wrong or used code); 429 while locked',
    body: loginBody,
    response: loginAnswer,
    handler: async ({ db, config, body, ip }) => ({ code: 200, accessToken: await signIn({ db, config }, body, ip) }),
  }),
  defineOperation({
    method: 'GET',
    url: '/api/admin/userinfo',
    name: 'auth.userinfo',
    tags,
    summary: 'The signed-in account, by the X-Token of the call; the query token the spec sends is ignored (never read, never logged)',
    query: userinfoQuery,
    response: userinfoAnswer,
    whileBinding: true,
    handler: async ({ user }) => {
      // the token is read from X-Token only: a token in a URL ends up in proxies' and browsers' histories
      const { name, avatar, roles, username, telephone, bind2fa, partner } = user;
      return { code: 200, userinfo: { name, avatar, roles, username, telephone, bind2fa, partner } };
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/api/admin/logout',
    name: 'auth.logout',
    tags,
    audit: true,
    summary: 'Revokes the token at once (the body token must be the X-Token of the call)',
    body: logoutBody,
    response: okAnswer,
    whileBinding: true,
    handler: async ({ db, body, user, note }) => {
      const tokenHash = hashAccessToken(body.token);
      if (tokenHash !== user.tokenHash) throw sessionExpired();
      note.target = user.username;
      await revokeSession(db, tokenHash);
      return { code: 200 };
    },
  }),
  defineOperation({
    method: 'GET',
    url: '/api/admin/userinfo/bind2fa',
    name: 'auth.bind2fa.start',
    tags,
    audit: true,
    summary: 'A new authenticator secret to scan (stored as a pending enrolment; logged without the secret); 409 when one is already bound',
    query: emptyQuery,
    response: z.object({ code: z.literal(200), data: bind2faSecret }),
    whileBinding: true,
    handler: async ({ db, config, user, now, note }) => {
      note.target = user.username;
      const data = await startBinding(db, config, user, now);
      note.after = { enrolment: 'started' };
      return { code: 200, data };
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/api/admin/userinfo/bind2fa',
    name: 'auth.bind2fa.confirm',
    tags,
    audit: true,
    summary: 'Binds the shown secret with its current code; the password too once the session is 10 minutes past its sign-in',
    body: bind2faBody,
    response: okAnswer,
    whileBinding: true,
    handler: async ({ db, user, body, now, note }) => {
      note.target = user.username;
      await confirmBinding(db, user, body, now);
      note.before = { bind2fa: false };
      note.after = { bind2fa: true };
      return { code: 200 };
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/api/admin/userinfo/changepwd',
    name: 'auth.changepwd',
    tags,
    audit: true,
    summary: 'Changes the own password (old password, and the current code when bound); revokes every token of the account',
    body: changePasswordBody,
    response: okAnswer,
    whileBinding: true,
    handler: async ({ db, config, user, body, now, note }) => {
      note.target = user.username;
      await changePassword(db, config, user.accountId, body, now);
      note.after = { passwordChanged: true };
      return { code: 200 };
    },
  }),
];
