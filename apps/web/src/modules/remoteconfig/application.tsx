/**
 * /remoteconfig/application (maint): platform applications. The list, rename and the on/off
 * switch are kit declarations; creating one and rotating its secret go through
 * SecretWorkflow (the secret is shown once); what each may call through ScopesEditor (decision
 * 042), with the calls refused for a missing scope. The history is read-only: no secret is kept.
 */
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { heldScopes, type PlatformApplicationView } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../kit';
import { historyCell, WithHistory, type HistoryDeclaration } from '../../kit/history';
import { formatDateTime } from '../../lib/format';
import { L, YES_NO } from './common';
import { CreateApplicationButton, RotateSecretButton, SecretWorkflow } from './SecretWorkflow';
import { EditScopesButton, Refusals, ScopeTags } from './ScopesEditor';

const S = `${L}application.`;
const API = '/remoteconfig/application';

/** Until when the previous secret signs; an overlap that has ended reads as such. */
function Overlap({ until }: { until: string | null }) {
  const { t } = useTranslation();
  if (!until) return <>-</>;
  const running = Date.parse(until) > Date.now();
  return <Tag color={running ? 'orange' : undefined}>{t(running ? `${S}overlapUntil` : `${S}overlapEnded`, { at: formatDateTime(until) })}</Tag>;
}

export const applicationScreen: ListDeclaration<PlatformApplicationView> = {
  name: 'application',
  title: `${S}title`,
  api: { url: `${API}/applications`, mode: 'page', export: true },
  rowKey: 'appId',
  filters: [
    { kind: 'text', name: 'appId', label: `${S}appId` },
    { kind: 'select', name: 'enabled', label: `${S}enabled`, options: YES_NO },
  ],
  columns: [
    { key: 'appId', title: `${S}appId`, sortable: true, render: historyCell<PlatformApplicationView>((row) => row.appId) },
    { key: 'name', title: `${S}name` },
    { key: 'enabled', title: `${S}enabled`, format: 'bool' },
    // the rotate button sits with the secret's fingerprint (a column of its own would go into the CSV)
    {
      key: 'fingerprint',
      title: `${S}fingerprint`,
      render: (v, row) => (
        <Flex align="center" gap={8}>
          <code>{String(v)}</code>
          <RotateSecretButton appId={row.appId} />
        </Flex>
      ),
    },
    {
      key: 'scopes',
      title: `${S}scopes.column`,
      render: (_, row) => (
        <Flex align="start" gap={8}>
          <ScopeTags row={row} />
          <EditScopesButton row={row} />
        </Flex>
      ),
      text: (_, row) => `${heldScopes(row.scopes).join(' ')} v${row.signatureVersion}`,
    },
    { key: 'refused', title: `${S}scopes.refused`, render: (_, row) => <Refusals row={row} />, text: (v) => String(v) },
    { key: 'createdAt', title: `${S}createdAt`, format: 'datetime', sortable: true },
    { key: 'rotatedAt', title: `${S}rotatedAt`, format: 'datetime' },
    {
      key: 'previousUntil',
      title: `${S}previousUntil2`,
      render: (v) => <Overlap until={(v as string | null) ?? null} />,
      text: (v) => (v ? formatDateTime(v as string) : ''),
    },
  ],
  actions: [
    {
      key: 'rename',
      label: `${S}rename`,
      confirm: `${L}confirmOverwrite`,
      form: { fields: [{ name: 'name', label: `${S}name`, kind: 'text', required: true }], initialValues: (row) => ({ name: row!.name }) },
      call: { method: 'POST', url: `${API}/applications/update`, body: (row, v) => ({ appId: row!.appId, name: v.name, enabled: row!.enabled }) },
    },
    {
      key: 'toggle',
      label: (row) => (row?.enabled ? `${S}disable` : `${S}enable`),
      confirm: (row) => (row?.enabled ? `${S}confirmDisable` : `${S}confirmEnable`),
      danger: true,
      call: { method: 'POST', url: `${API}/applications/update`, body: (row) => ({ appId: row!.appId, name: row!.name, enabled: !row!.enabled }) },
    },
  ],
};

export const applicationHistory: HistoryDeclaration = {
  url: `${API}/versions`,
  restorable: false,
  fieldLabel: (field) =>
    `${S}${({ previousUntil: 'previousUntil2', scopes: 'scopes.column', signatureVersion: 'scopes.signature' } as Record<string, string>)[field] ?? field}`,
};

export default function ApplicationScreen() {
  return (
    <WithHistory history={applicationHistory}>
      <SecretWorkflow>
        <Flex vertical gap={12}>
          <Flex>
            <CreateApplicationButton />
          </Flex>
          <ListScreen decl={applicationScreen} />
        </Flex>
      </SecretWorkflow>
    </WithHistory>
  );
}
