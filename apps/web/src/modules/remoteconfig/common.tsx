/** Shared by the /remoteconfig screens: channel statuses, pesos in forms, option lists from the server. */
import type { ValueLabel } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import type { FieldDeclaration, SelectOption } from '../../kit';
import { request } from '../../shell/request';

export const L = 'remoteconfig.';

export const STATUS_LABELS: Record<string, string> = {
  open: `${L}status.open`,
  maintenance: `${L}status.maintenance`,
  close: `${L}status.close`,
};
export const STATUS_OPTIONS: SelectOption[] = Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }));
export const YES_NO: SelectOption[] = [
  { value: 'true', label: 'kit.yes' },
  { value: 'false', label: 'kit.no' },
];

/** Forms take pesos (2 decimals); the API takes centavos. */
export const toCentavos = (pesos: unknown) => Math.round(Number(pesos) * 100);
export const toPesos = (centavos: unknown) => Number(centavos) / 100;

/** A whole number of at least `min` (antd rule). */
export const wholeRule = (min: number, max?: number) => ({
  validator: async (_: unknown, v: unknown) => {
    if (v === undefined || v === null || v === '') return;
    if (!Number.isInteger(v) || (v as number) < min || (max !== undefined && (v as number) > max))
      throw new Error(i18next.t(`${L}validation.whole`, { min, max: max ?? '∞' }));
  },
});

/** Pesos with at most 2 decimals, at least ₱0.01. */
export const pesosRule = {
  validator: async (_: unknown, v: unknown) => {
    if (v === undefined || v === null || v === '') return;
    const n = Number(v);
    if (!(n >= 0.01) || Math.abs(Math.round(n * 100) - n * 100) > 1e-6 || n > 10_000_000_000) throw new Error(i18next.t(`${L}validation.pesos`));
  },
};

/** A code field: letters, digits, _ - . ; read-only when editing. */
export const codeField = (name: string, label: string, readOnly: boolean, max = 64): FieldDeclaration => ({
  name,
  label,
  kind: 'text',
  required: true,
  readOnly,
  rules: [
    {
      validator: async (_: unknown, v: unknown) => {
        if (typeof v === 'string' && v !== '' && (!/^[A-Za-z0-9_.-]+$/.test(v) || v.length > max)) throw new Error(i18next.t(`${L}validation.code`, { max }));
      },
    },
  ],
});

/** Choices a form offers, from a screen's `options` call ({[list]: [{value,label}]}); literal labels. */
export function useOptions(url: string) {
  const query = useQuery({
    queryKey: ['remoteconfig-options', url],
    queryFn: async () => (await request<Record<string, ValueLabel[]>>('GET', url, { silent: true })).data ?? {},
    retry: false,
  });
  const of = (list: string): SelectOption[] => (query.data?.[list] ?? []).map((o) => ({ ...o, literal: true }));
  return { of, ready: query.isSuccess };
}
