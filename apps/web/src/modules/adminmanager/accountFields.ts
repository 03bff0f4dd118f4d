/** Form fields of console accounts (docs/api/accounts.md: create and update bodies). */
import { confirmPasswordRules, passwordRules, usernameLikeRules } from '../../lib/validators';
import { ROLE_OPTIONS, type FieldDeclaration, type FormValues } from '../../kit';
import { getSession, type SessionUser } from '../../shell/session';

const L = 'adminmanager.editer.';

/**
 * Roles this account may grant (docs/api/accounts.md): only admin grants admin; a partner
 * account grants neither admin nor secadmin. The server enforces the same rule.
 */
export function grantableRoles(user: Pick<SessionUser, 'roles'> | null): string[] {
  const roles = ROLE_OPTIONS.map((o) => o.value);
  if (user?.roles.includes('admin')) return roles;
  const barred = user?.roles.includes('partner') ? ['admin', 'secadmin'] : ['admin'];
  return roles.filter((r) => !barred.includes(r));
}
const grantableRoleOptions = () => {
  const allowed = grantableRoles(getSession().user);
  return ROLE_OPTIONS.filter((o) => allowed.includes(o.value));
};

export const usernameField: FieldDeclaration = {
  name: 'username',
  label: `${L}username`,
  kind: 'text',
  required: true,
  help: `${L}usernameHelp`,
  rules: (tr) => [...usernameLikeRules(tr), { max: 32, message: tr('usernameLike', 'At least 5 letters, digits or underscores') }],
};

/** The editable profile of an account (create and edit). */
export const profileFields: FieldDeclaration[] = [
  { name: 'name', label: `${L}name`, kind: 'text', required: true, rules: [{ max: 64 }] },
  { name: 'roles', label: `${L}roles`, kind: 'roles', required: true, options: grantableRoleOptions },
  { name: 'partner', label: `${L}partner`, kind: 'number', min: 0, help: `${L}partnerHelp` },
  { name: 'telephone', label: `${L}telephone`, kind: 'text', rules: [{ max: 32 }] },
  { name: 'avatar', label: `${L}avatar`, kind: 'url', rules: [{ max: 512 }] },
  {
    name: 'shareCode',
    label: `${L}shareCode`,
    kind: 'text',
    help: `${L}shareCodeHelp`,
    rules: (tr) => [{ pattern: /^[A-Za-z0-9]{4,16}$/, message: tr('shareCode', 'Must be 4 to 16 letters or digits') }],
  },
];

export const createFields: FieldDeclaration[] = [
  usernameField,
  { name: 'password', label: `${L}password`, kind: 'password', rules: (tr) => passwordRules(tr) },
  ...profileFields,
  { name: 'enabled', label: `${L}enabled`, kind: 'switch' },
];

export const editFields: FieldDeclaration[] = [{ ...usernameField, readOnly: true, help: undefined, rules: undefined }, ...profileFields];

export const resetPasswordFields: FieldDeclaration[] = [
  { name: 'password', label: `${L}newPassword`, kind: 'password', rules: (tr) => passwordRules(tr) },
  { name: 'confirm', label: `${L}confirmPassword`, kind: 'password', required: true, rules: (tr) => confirmPasswordRules('password', tr) },
];

/** Drops empty optional values so the strict server schema sees only what was given. */
export function compact(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}
