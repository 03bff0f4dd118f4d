/**
 * The editor of a 'rows' settings field (settingsFieldsOf: an array of flat objects such as an
 * activity's milestones or the VIP levels): an antd Form.List shown as a compact table, one row
 * per item and an input per column (money in pesos with 2 decimals), a remove button per row
 * (disabled at the schema's minItems) and an "Add row" button (disabled at its maxItems).
 * The table scrolls sideways inside itself on a narrow screen.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Select, Switch, Table } from 'antd';
import type { FormListProps } from 'antd/es/form';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { SettingsColumn, SettingsField } from './settingsFields';

export interface RowsFieldProps {
  field: SettingsField;
  /** i18n key of the field's label. */
  label: string;
  /** i18n key of a column's label by its key (the screen's field labels); the key itself when untranslated. */
  columnLabel: (column: string) => string;
  /** i18n key of a help line under the table. */
  help?: string;
  /** i18n key of a select column's option; the option itself when untranslated. */
  optionLabel?: (column: string, option: string) => string;
}

interface ListRow {
  key: number;
  name: number;
}

/** A new row: the columns' defaults, off for a switch, empty otherwise. */
export function newRow(columns: readonly SettingsColumn[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((c) => [c.key, c.default !== undefined ? c.default : c.kind === 'switch' ? false : undefined]));
}

function cellInput(c: SettingsColumn, label: string, option: (o: string) => string) {
  switch (c.kind) {
    case 'money':
      return <InputNumber aria-label={label} min={c.min} max={c.max} precision={2} step={0.01} style={{ width: 130 }} />;
    case 'number':
      return <InputNumber aria-label={label} min={c.min} max={c.max} style={{ width: 110 }} />;
    case 'switch':
      return <Switch aria-label={label} size="small" />;
    case 'select':
      return <Select aria-label={label} options={(c.options ?? []).map((o) => ({ value: o, label: option(o) }))} style={{ minWidth: 110 }} />;
    default:
      return <Input aria-label={label} style={{ width: 140 }} />;
  }
}

export function RowsField({ field, label, columnLabel, help, optionLabel }: RowsFieldProps) {
  const { t } = useTranslation();
  const columns = field.columns ?? [];
  const { minItems = 0, maxItems } = field;
  const title = (c: SettingsColumn) => {
    const text = t(columnLabel(c.key), { defaultValue: c.key });
    return c.kind === 'money' ? `${text} (₱)` : text;
  };
  const listRules: FormListProps['rules'] = [
    {
      validator: async (_, rows: unknown) => {
        const n = Array.isArray(rows) ? rows.length : 0;
        if (n < minItems) throw new Error(t('kit.rows.atLeast', { count: minItems }));
        if (maxItems !== undefined && n > maxItems) throw new Error(t('kit.rows.atMost', { count: maxItems }));
      },
    },
  ];
  const required = { required: true, message: t('kit.validation.required') };

  return (
    <Form.Item label={t(label)} extra={help ? t(help) : undefined} required={minItems > 0}>
      <Form.List name={field.key} rules={listRules}>
        {(rows, { add, remove }, { errors }) => {
          const tableColumns: ColumnsType<ListRow> = [
            { key: '#', title: '#', width: 36, render: (_, row) => row.name + 1 },
            ...columns.map((c) => ({
              key: c.key,
              title: title(c),
              render: (_: unknown, row: ListRow) => (
                <Form.Item
                  name={[row.name, c.key]}
                  style={{ margin: 0 }}
                  rules={c.kind === 'switch' || c.kind === 'text' ? [] : [required]}
                  valuePropName={c.kind === 'switch' ? 'checked' : 'value'}
                >
                  {cellInput(c, `${title(c)} ${row.name + 1}`, (o) => (optionLabel ? t(optionLabel(c.key, o), { defaultValue: o }) : o))}
                </Form.Item>
              ),
            })),
            {
              key: 'remove',
              width: 48,
              render: (_, row) => (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('kit.rows.remove', { row: row.name + 1 })}
                  title={t('kit.rows.remove', { row: row.name + 1 })}
                  disabled={rows.length <= minItems}
                  onClick={() => remove(row.name)}
                />
              ),
            },
          ];
          return (
            <>
              <Table<ListRow>
                size="small"
                rowKey="key"
                pagination={false}
                columns={tableColumns}
                dataSource={rows}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: t('kit.empty') }}
                data-testid={`rows-${field.key}`}
              />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                style={{ marginTop: 8 }}
                disabled={maxItems !== undefined && rows.length >= maxItems}
                onClick={() => add(newRow(columns))}
              >
                {t('kit.rows.add')}
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          );
        }}
      </Form.List>
    </Form.Item>
  );
}
