import type { ReactNode } from 'react';
import { Flex, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { decodeBase64Text, EMPTY, formatDateTime, formatInt, formatMoney, formatOrderId, formatPercent, formatRoundUp2 } from '../lib/format';
import type { CellFormat, ColumnDeclaration } from './types';
import { UidLink } from './UidLink';

/** Reads `key` from a row; dotted keys ('player.uid') walk nested objects. */
export function valueAt(row: unknown, key: string): unknown {
  let v: unknown = row;
  for (const part of key.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/** The text a value shows as: the same on screen, in the detail drawer and in the CSV export. */
export function cellText(format: CellFormat | undefined, value: unknown, t: TFunction): string {
  switch (format) {
    case 'datetime':
      return formatDateTime(value as string);
    case 'money':
      return formatMoney(value);
    case 'int':
      return formatInt(value);
    case 'roundUp2':
      return formatRoundUp2(value);
    case 'percent':
      return formatPercent(value);
    case 'orderId':
      return formatOrderId(value);
    case 'base64':
      return isEmpty(value) ? EMPTY : decodeBase64Text(value);
    case 'bool':
      return isEmpty(value) ? EMPTY : t(value ? 'kit.yes' : 'kit.no');
    case 'tags':
      return Array.isArray(value) && value.length ? value.map(String).join(', ') : EMPTY;
    case 'json':
      return isEmpty(value) ? EMPTY : JSON.stringify(value, null, 2);
    default:
      if (isEmpty(value)) return EMPTY;
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** The i18n key of a value's label, when the column has one for it (own keys only: a value 'toString' has none). */
function labelOf<Row>(column: ColumnDeclaration<Row>, value: unknown): string | undefined {
  if (!column.labels || isEmpty(value) || !Object.hasOwn(column.labels, String(value))) return undefined;
  return column.labels[String(value)];
}

export function columnText<Row>(column: ColumnDeclaration<Row>, row: Row, t: TFunction): string {
  const value = valueAt(row, column.key);
  if (column.text) return column.text(value, row);
  const label = labelOf(column, value);
  return label ? t(label) : cellText(column.format, value, t);
}

/** The on-screen cell: tags and flags as antd tags, JSON as a block, the rest as text. */
export function renderCell<Row>(column: ColumnDeclaration<Row>, row: Row, t: TFunction): ReactNode {
  const value = valueAt(row, column.key);
  if (column.render) return column.render(value, row);
  const label = labelOf(column, value);
  if (label) return t(label);
  if (column.format === 'tags' && Array.isArray(value) && value.length) {
    return (
      <Flex gap={4} wrap>
        {value.map((v) => (
          <Tag key={String(v)} style={{ marginInlineEnd: 0 }}>
            {String(v)}
          </Tag>
        ))}
      </Flex>
    );
  }
  if (column.format === 'bool' && !isEmpty(value)) {
    return <Tag color={value ? 'green' : 'default'}>{cellText('bool', value, t)}</Tag>;
  }
  if (column.format === 'json' && !isEmpty(value)) {
    return (
      <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12, maxHeight: 360, overflow: 'auto' }}>
        {cellText('json', value, t)}
      </pre>
    );
  }
  if (column.format === 'uid' && !isEmpty(value)) return <UidLink uid={value as number | string} />;
  if (column.format === 'orderId' && !isEmpty(value)) {
    return (
      <Typography.Text copyable={{ text: String(value) }} title={String(value)}>
        {cellText('orderId', value, t)}
      </Typography.Text>
    );
  }
  return cellText(column.format, value, t);
}

/** Numbers read right-aligned. */
export function alignOf(format: CellFormat | undefined): 'right' | undefined {
  return format === 'money' || format === 'int' || format === 'roundUp2' || format === 'percent' ? 'right' : undefined;
}
