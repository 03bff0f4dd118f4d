/**
 * What the partner screens share: amounts (the API's chips are centavos: forms take pesos),
 * prices in basis points shown as percent of face value, the status tags.
 */
import { Tag } from 'antd';
import i18next from 'i18next';
import type { ColumnDeclaration, FieldDeclaration, FormValues, SelectOption } from '../../kit';
import { columnMaker } from '../../kit';

export const L = 'partners.';
export const toUnits = (v: unknown) => Math.round(Number(v ?? 0) * 100);
export const bpToPct = (v: unknown) => (typeof v === 'number' ? v / 100 : v);
export const pctToBp = (v: unknown) => Math.round(Number(v ?? 0) * 100);

/** Pesos with at most 2 decimals, above 0 (or 0 when `zero`). */
export const pesosRule = (zero = false) => ({
  validator: async (_: unknown, v: unknown) => {
    if (v === undefined || v === null || v === '') return;
    const n = Number(v);
    if (!(zero ? n >= 0 : n > 0) || Math.abs(Math.round(n * 100) - n * 100) > 1e-6 || n > 10_000_000_000) throw new Error(i18next.t(`${L}validation.pesos`));
  },
});
export const pctRule = (min: number, max: number) => ({
  validator: async (_: unknown, v: unknown) => {
    if (v === undefined || v === null || v === '') return;
    const n = Number(v);
    if (!(n >= min && n <= max)) throw new Error(i18next.t(`${L}validation.pct`, { min, max }));
  },
});
export const dateRule = {
  validator: async (_: unknown, v: unknown) => {
    if (v && !/^\d{4}-\d{2}-\d{2}$/.test(String(v))) throw new Error(i18next.t(`${L}validation.date`));
  },
};

export const col = columnMaker(`${L}f.`);
export const pctCol = <R,>(key: keyof R & string): ColumnDeclaration<R> => ({
  key,
  title: `${L}f.${key}`,
  render: (v) => `${Number(v) / 100}%`,
  text: (v) => `${Number(v) / 100}%`,
});

const COLORS: Record<string, string> = {
  active: 'green',
  suspended: 'red',
  frozen: 'blue',
  pending: 'orange',
  requested: 'orange',
  paid: 'green',
  done: 'green',
  approved: 'green',
  cancelled: 'default',
  rejected: 'default',
  draft: 'default',
  confirmed: 'blue',
  settled: 'green',
  disputed: 'red',
};
export const STATUS_LABELS: Record<string, string> = Object.fromEntries(Object.keys(COLORS).map((s) => [s, `${L}status.${s}`]));
export const statusCol = <R,>(key: keyof R & string = 'status' as keyof R & string): ColumnDeclaration<R> => ({
  key,
  title: `${L}f.${key}`,
  labels: STATUS_LABELS,
  render: (v) => (
    <Tag color={COLORS[String(v)]} data-testid={`status-${String(v)}`}>
      {i18next.t(STATUS_LABELS[String(v)] ?? String(v))}
    </Tag>
  ),
});
export const statusOptions = (...values: string[]): SelectOption[] => values.map((value) => ({ value, label: `${L}status.${value}` }));

export const reasonField = (name = 'reason', required = true): FieldDeclaration => ({
  name,
  label: `${L}f.${name}`,
  kind: 'textarea',
  required,
  rules: [{ max: 200 }, ...(required ? [{ whitespace: true }] : [])],
});
export const pesosField = (name: string, help?: string): FieldDeclaration => ({
  name,
  label: `${L}f.${name}`,
  kind: 'number',
  required: true,
  rules: [pesosRule()],
  help,
});
export const text = (v: FormValues, k: string) => String(v[k] ?? '').trim();
/** A fresh idempotency key per form submission (a retried call of the same submission is applied once). */
export const freshKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).slice(0, 64);
