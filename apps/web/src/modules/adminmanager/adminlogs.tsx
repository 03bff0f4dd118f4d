/**
 * /adminmanager/adminlogs: the operation log (newest first), declared with the screen kit in page
 * mode: GET logs with page/pageSize → {items, total} (docs/api/accounts.md), total and page numbers shown.
 */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OperationLogRecord } from '@console/schemas';
import { ListScreen, type ColumnDeclaration, type ListDeclaration } from '../../kit';

const L = 'adminmanager.adminlogs.';
const RESULT_COLORS: Record<string, string> = { ok: 'green', refused: 'orange', failed: 'red' };

function ResultTag({ result }: { result: unknown }) {
  const { t } = useTranslation();
  const r = String(result ?? '');
  return <Tag color={RESULT_COLORS[r] ?? 'default'}>{RESULT_COLORS[r] ? t(`${L}${r}`) : r || '-'}</Tag>;
}

const resultColumn: ColumnDeclaration<OperationLogRecord> = {
  key: 'result',
  title: `${L}result`,
  render: (v: unknown) => <ResultTag result={v} />,
  // the export's text (the server formats it: kit/list/serverExport.ts)
  labels: { ok: `${L}ok`, refused: `${L}refused`, failed: `${L}failed` },
};

export const adminlogsScreen: ListDeclaration<OperationLogRecord> = {
  name: 'adminlogs',
  title: `${L}title`,
  api: { url: '/admin/userinfo/logs', mode: 'page', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'username', label: `${L}username` },
    { kind: 'text', name: 'operation', label: `${L}operation` },
    { kind: 'select', name: 'result', label: `${L}result`, options: (['ok', 'refused', 'failed'] as const).map((r) => ({ value: r, label: `${L}${r}` })) },
    { kind: 'dateRange', name: 'at', label: `${L}time` },
  ],
  columns: [
    { key: 'at', title: `${L}at`, format: 'datetime' },
    { key: 'username', title: `${L}username` },
    { key: 'operation', title: `${L}operation` },
    { key: 'target', title: `${L}target` },
    resultColumn,
    { key: 'status', title: `${L}status` },
    { key: 'ip', title: `${L}ip` },
  ],
  detail: {
    title: `${L}detail`,
    items: [
      { key: 'id', title: `${L}id` },
      { key: 'at', title: `${L}at`, format: 'datetime' },
      { key: 'username', title: `${L}username` },
      { key: 'partner', title: `${L}partner` },
      { key: 'operation', title: `${L}operation` },
      { key: 'target', title: `${L}target` },
      resultColumn,
      { key: 'status', title: `${L}status` },
      { key: 'message', title: `${L}message` },
      { key: 'ip', title: `${L}ip` },
      { key: 'before', title: `${L}before`, format: 'json' },
      { key: 'after', title: `${L}after`, format: 'json' },
      { key: 'hash', title: `${L}hash` },
    ],
  },
};

export default function AdminlogsScreen() {
  return <ListScreen decl={adminlogsScreen} />;
}
