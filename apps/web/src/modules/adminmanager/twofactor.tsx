/**
 * /adminmanager/twofactor: two-factor sign-in per role (docs/decisions/045-two-factor-policy.md),
 * declared with the screen kit: each §1 role with its policy and its enabled accounts, bound or
 * not; a confirmed change per role. secadmin and admin; no partner account (the policy is the
 * whole console's).
 */
import type { RoleTwoFactorPolicy } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../kit';

const L = 'adminmanager.twofactor.';
const POLICIES = ['optional', 'once-bound', 'required'] as const;
const policyLabels = Object.fromEntries(POLICIES.map((p) => [p, `${L}policy_${p}`]));

export const twofactorScreen: ListDeclaration<RoleTwoFactorPolicy> = {
  name: 'twofactor',
  title: `${L}title`,
  api: { url: '/admin/userinfo/twofactor', mode: 'page', export: true },
  rowKey: 'role',
  pageSize: 50,
  columns: [
    { key: 'role', title: `${L}role`, sortable: true },
    { key: 'policy', title: `${L}policy`, labels: policyLabels },
    { key: 'accounts', title: `${L}accounts`, format: 'int' },
    { key: 'bound', title: `${L}bound`, format: 'int' },
    { key: 'updatedAt', title: `${L}updatedAt`, format: 'datetime' },
    { key: 'updatedBy', title: `${L}updatedBy` },
  ],
  actions: [
    {
      key: 'set',
      label: `${L}change`,
      confirm: `${L}confirmChange`,
      form: {
        title: `${L}changeTitle`,
        fields: [
          { name: 'role', label: `${L}role`, kind: 'text', readOnly: true },
          {
            name: 'policy',
            label: `${L}policy`,
            kind: 'select',
            required: true,
            help: `${L}policyHelp`,
            options: POLICIES.map((p) => ({ value: p, label: `${L}policy_${p}` })),
          },
        ],
        initialValues: (row) => ({ role: row!.role, policy: row!.policy }),
      },
      call: { method: 'POST', url: '/admin/userinfo/twofactor/set', body: (row, v) => ({ role: row!.role, policy: v.policy }) },
    },
  ],
};

export default function TwofactorScreen() {
  return <ListScreen decl={twofactorScreen} />;
}
