/**
 * Two-factor sign-in per role (docs/decisions/045-two-factor-policy.md): the policy of
 * each role on /adminmanager/twofactor (secadmin, admin; no partner account: the policy is the
 * whole console's), and where the signed-in account stands (its settings page reads it). What a
 * policy does is decided in the database on every session load (auth/sessions.ts `must_bind`),
 * so it holds on every server instance; a change notifies them all (migration 062's trigger).
 */
import { ROLES } from '@console/catalog';
import { accountSecurity, emptyQuery, roleTwoFactorPolicy, setTwoFactorPolicyBody, type TwoFactorPolicy } from '@console/schemas';
import { sql } from 'kysely';
import { z } from 'zod';
import { forbidden } from '../../http/api-error';
import { defineList, listOperations, sortBy } from '../../http/list';
import { defineOperation } from '../../http/operation';
import { BIND_GRACE_MS } from '../auth/authenticator';
import { isoInConsoleZone } from '../../http/time';

const screen = '/adminmanager/twofactor';
const tags = ['console accounts'];

export const twoFactorPolicyList = defineList({
  url: '/api/admin/userinfo/twofactor',
  name: 'admin.userinfo.twofactor',
  screen,
  tags,
  summary: 'Each role of §1 with its two-factor policy (optional, once-bound, required) and its enabled accounts, bound or not',
  paging: 'page',
  from: (db) =>
    db
      .selectFrom(
        sql<{ id: number; role: string; policy: TwoFactorPolicy; updated_at: Date | null; updated_by: string | null; accounts: number; bound: number }>`(
    SELECT r.ord::int AS id, r.role, coalesce(p.policy, 'optional') AS policy, p.updated_at, p.updated_by,
      (SELECT count(*) FROM console_account a WHERE a.enabled AND a.roles ? r.role)::int AS accounts,
      (SELECT count(*) FROM console_account a WHERE a.enabled AND a.roles ? r.role AND a.totp_secret IS NOT NULL)::int AS bound
    FROM unnest(${[...ROLES]}::text[]) WITH ORDINALITY AS r (role, ord)
    LEFT JOIN role_2fa_policy p ON p.role = r.role
  )`.as('x'),
      )
      .selectAll('x'),
  partner: null,
  id: 'id',
  pageSize: 50,
  sorts: { id: sortBy.int('id'), role: sortBy.text('role') },
  defaultSort: { key: 'id', order: 'ascend' },
  item: roleTwoFactorPolicy,
  row: (r) => ({
    id: r.id,
    role: r.role,
    policy: r.policy,
    accounts: r.accounts,
    bound: r.bound,
    updatedAt: isoInConsoleZone(r.updated_at ?? null),
    updatedBy: r.updated_by,
  }),
});

export const twoFactorOperations = [
  ...listOperations(twoFactorPolicyList),
  defineOperation({
    method: 'POST',
    url: '/api/admin/userinfo/twofactor/set',
    name: 'admin.userinfo.twofactor.set',
    tags,
    screen,
    audit: true,
    summary: "Sets a role's two-factor policy; reaches every server instance at once (their sessions are reloaded)",
    body: setTwoFactorPolicyBody,
    response: z.object({ code: z.literal(200), data: roleTwoFactorPolicy.pick({ role: true, policy: true }) }),
    handler: async ({ db, user, body, now, note }) => {
      // the policy is the whole console's: a partner's account does not set it
      if (user.partner > 0) throw forbidden();
      const before = await db.selectFrom('role_2fa_policy').select('policy').where('role', '=', body.role).executeTakeFirst();
      await db
        .insertInto('role_2fa_policy')
        .values({ role: body.role, policy: body.policy, updated_at: now, updated_by: user.username })
        .onConflict((oc) => oc.column('role').doUpdateSet({ policy: body.policy, updated_at: now, updated_by: user.username }))
        .execute();
      Object.assign(note, { target: `role:${body.role}`, before: { policy: before?.policy ?? 'optional' }, after: { policy: body.policy } });
      return { code: 200, data: { role: body.role, policy: body.policy } };
    },
  }),
  defineOperation({
    method: 'GET',
    url: '/api/admin/userinfo/security',
    name: 'auth.security',
    tags: ['auth'],
    whileBinding: true,
    summary: 'Where the signed-in account stands: bound, required to bind before anything else, and whether binding needs the password now',
    query: emptyQuery,
    response: z.object({ code: z.literal(200), data: accountSecurity }),
    handler: async ({ user, now }) => ({
      code: 200,
      data: { bind2fa: user.bind2fa, required: user.mustBind, passwordNeeded: now.getTime() - user.signedInAt > BIND_GRACE_MS },
    }),
  }),
];
