import { Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { diffDocs, valueText, type FieldChange } from './diff';

/** The fields that differ between two documents of an item, side by side. */
export function VersionDiff({
  before,
  after,
  left,
  right,
  fieldLabel,
  formatValue,
}: {
  before: unknown;
  after: unknown;
  left: string;
  right: string;
  fieldLabel?: (field: string) => string;
  formatValue?: (field: string, value: unknown) => string | undefined;
}) {
  const { t } = useTranslation();
  const changes = diffDocs(before, after);
  if (changes.length === 0) return <Empty description={t('history.noDifference')} />;
  const text = (field: string, v: unknown) => (v === undefined || v === null ? valueText(v) : (formatValue?.(field, v) ?? valueText(v)));
  const label = (field: string) => (fieldLabel ? t(fieldLabel(field), { defaultValue: field }) : field);
  return (
    <Table<FieldChange>
      rowKey="field"
      size="small"
      pagination={false}
      dataSource={changes}
      className="kit-history-diff"
      columns={[
        { key: 'field', title: t('history.field'), dataIndex: 'field', render: (f: string) => label(f) },
        {
          key: 'before',
          title: left,
          dataIndex: 'before',
          render: (v: unknown, c: FieldChange) => (
            <Typography.Text delete={v !== undefined} type="secondary">
              {text(c.field, v)}
            </Typography.Text>
          ),
        },
        {
          key: 'after',
          title: right,
          dataIndex: 'after',
          render: (v: unknown, c: FieldChange) => <Typography.Text strong>{text(c.field, v)}</Typography.Text>,
        },
      ]}
    />
  );
}
