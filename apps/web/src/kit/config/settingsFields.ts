/**
 * The fields of a settings document from its zod schema, through the JSON schema the server
 * derives too (`z.toJSONSchema`): switches, selects, whole numbers with their bounds, centavo
 * amounts (a maximum of `moneyMax`) shown in pesos, times (a nullable ISO text), tables of flat
 * rows (milestones, tiers, levels: 'rows', edited as a table by RowsField) and any other table
 * as JSON. Used by every settings screen declared from a package (the games' configs, the activities').
 */
import { z } from 'zod';

interface JsonField {
  type?: string;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  anyOf?: JsonField[];
  pattern?: string;
  items?: JsonField | boolean;
  prefixItems?: JsonField[];
  properties?: Record<string, JsonField>;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}
export type SettingsFieldKind = 'switch' | 'number' | 'money' | 'select' | 'time' | 'rows' | 'json';
/** A column of a 'rows' field: a flat property of the array's items. */
export interface SettingsColumn {
  key: string;
  kind: 'switch' | 'number' | 'money' | 'select' | 'text';
  min?: number;
  max?: number;
  options?: string[];
  default?: unknown;
}
export interface SettingsField {
  key: string;
  kind: SettingsFieldKind;
  min?: number;
  max?: number;
  options?: string[];
  /** 'rows': the items' properties, and the array's bounds when the schema has them. */
  columns?: SettingsColumn[];
  minItems?: number;
  maxItems?: number;
}

function scalarOf(s: JsonField, moneyMax: number): Omit<SettingsColumn, 'key'> | undefined {
  if (s.type === 'boolean') return { kind: 'switch' };
  if (s.type === 'string' && Array.isArray(s.enum)) return { kind: 'select', options: s.enum.map(String) };
  if (s.type === 'integer' || s.type === 'number') {
    return s.maximum === moneyMax
      ? { kind: 'money', min: s.minimum === undefined ? undefined : s.minimum / 100, max: s.maximum / 100 }
      : { kind: 'number', min: s.minimum, max: s.maximum };
  }
  if (s.type === 'string') return { kind: 'text' };
  return undefined;
}

/** The columns of an array of flat objects; undefined when an item is anything else (nested, union, tuple). */
function columnsOf(s: JsonField, moneyMax: number): SettingsColumn[] | undefined {
  if (s.type !== 'array' || s.prefixItems || typeof s.items !== 'object') return undefined;
  const item = s.items;
  if (item.type !== 'object' || !item.properties) return undefined;
  const columns: SettingsColumn[] = [];
  for (const [key, p] of Object.entries(item.properties)) {
    const scalar = scalarOf(p, moneyMax);
    if (!scalar) return undefined;
    columns.push({
      key,
      ...scalar,
      ...(p.default === undefined ? {} : { default: scalar.kind === 'money' && typeof p.default === 'number' ? p.default / 100 : p.default }),
    });
  }
  return columns.length ? columns : undefined;
}

export function settingsFieldsOf(schema: z.ZodType, moneyMax: number): SettingsField[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonField> };
  return Object.entries(json.properties ?? {}).map(([key, s]): SettingsField => {
    const scalar = scalarOf(s, moneyMax);
    if (scalar && scalar.kind !== 'text') {
      const { kind, ...rest } = scalar;
      return { key, kind, ...rest };
    }
    const variants = s.anyOf ?? [];
    if (variants.length === 2 && variants.some((v) => v.type === 'null') && variants.some((v) => v.type === 'string')) return { key, kind: 'time' };
    const columns = columnsOf(s, moneyMax);
    if (columns) {
      return {
        key,
        kind: 'rows',
        columns,
        ...(s.minItems === undefined ? {} : { minItems: s.minItems }),
        ...(s.maxItems === undefined ? {} : { maxItems: s.maxItems }),
      };
    }
    return { key, kind: 'json' };
  });
}

export const toPesos = (v: unknown) => (typeof v === 'number' ? v / 100 : v);
export const toCentavos = (v: unknown) => (typeof v === 'number' ? Math.round(v * 100) : v);

/** Each row of a 'rows' value with its cells converted (money columns, switches); other values as they are. */
function mapRows(field: SettingsField, v: unknown, cell: (c: SettingsColumn, value: unknown) => unknown): unknown {
  if (!Array.isArray(v)) return v;
  return v.map((row) => {
    if (!row || typeof row !== 'object') return row;
    const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
    for (const c of field.columns ?? []) {
      const next = cell(c, out[c.key]);
      if (c.key in out || next !== undefined) out[c.key] = next;
    }
    return out;
  });
}

/** A settings document → form values (pesos, rows with pesos, JSON text, '' for an unset time). */
export function settingsToForm(fields: readonly SettingsField[], settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const v = settings[f.key];
      if (f.kind === 'money') return [f.key, toPesos(v)];
      if (f.kind === 'rows') return [f.key, mapRows(f, v, (c, x) => (c.kind === 'money' ? toPesos(x) : x))];
      if (f.kind === 'json') return [f.key, JSON.stringify(v)];
      if (f.kind === 'time') return [f.key, v ?? ''];
      return [f.key, v];
    }),
  );
}

/** Form values → a settings document (the server's schema checks it and names a wrong field). */
export function formToSettings(fields: readonly SettingsField[], values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const v = values[f.key];
      if (f.kind === 'money') return [f.key, toCentavos(v)];
      if (f.kind === 'rows') {
        return [f.key, mapRows(f, v, (c, x) => (c.kind === 'money' ? toCentavos(x) : c.kind === 'switch' ? Boolean(x) : x))];
      }
      if (f.kind === 'json') {
        try {
          return [f.key, JSON.parse(String(v))];
        } catch {
          return [f.key, v];
        }
      }
      if (f.kind === 'switch') return [f.key, Boolean(v)];
      if (f.kind === 'time') return [f.key, typeof v === 'string' && v.trim() ? v.trim() : null];
      return [f.key, v];
    }),
  );
}
