/**
 * The fields of a settings document from its zod schema, through the JSON schema the server
 * derives too (`z.toJSONSchema`): switches, selects, whole numbers with their bounds, centavo
 * amounts (a maximum of `moneyMax`) shown in pesos, times (a nullable ISO text) and tables as
 * JSON. Used by every settings screen declared from a package (the games' configs, the activities').
 */
import { z } from 'zod';

interface JsonField { type?: string; minimum?: number; maximum?: number; enum?: unknown[]; anyOf?: JsonField[]; pattern?: string }
export type SettingsFieldKind = 'switch' | 'number' | 'money' | 'select' | 'time' | 'json';
export interface SettingsField { key: string; kind: SettingsFieldKind; min?: number; max?: number; options?: string[] }

export function settingsFieldsOf(schema: z.ZodType, moneyMax: number): SettingsField[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonField> };
  return Object.entries(json.properties ?? {}).map(([key, s]): SettingsField => {
    if (s.type === 'boolean') return { key, kind: 'switch' };
    if (s.type === 'string' && Array.isArray(s.enum)) return { key, kind: 'select', options: s.enum.map(String) };
    if (s.type === 'integer' || s.type === 'number') {
      return s.maximum === moneyMax
        ? { key, kind: 'money', min: s.minimum === undefined ? undefined : s.minimum / 100, max: s.maximum / 100 }
        : { key, kind: 'number', min: s.minimum, max: s.maximum };
    }
    const variants = s.anyOf ?? [];
    if (variants.length === 2 && variants.some((v) => v.type === 'null') && variants.some((v) => v.type === 'string')) return { key, kind: 'time' };
    return { key, kind: 'json' };
  });
}

export const toPesos = (v: unknown) => (typeof v === 'number' ? v / 100 : v);
export const toCentavos = (v: unknown) => (typeof v === 'number' ? Math.round(v * 100) : v);

/** A settings document → form values (pesos, JSON text, '' for an unset time). */
export function settingsToForm(fields: readonly SettingsField[], settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => {
    const v = settings[f.key];
    if (f.kind === 'money') return [f.key, toPesos(v)];
    if (f.kind === 'json') return [f.key, JSON.stringify(v)];
    if (f.kind === 'time') return [f.key, v ?? ''];
    return [f.key, v];
  }));
}

/** Form values → a settings document (the server's schema checks it and names a wrong field). */
export function formToSettings(fields: readonly SettingsField[], values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => {
    const v = values[f.key];
    if (f.kind === 'money') return [f.key, toCentavos(v)];
    if (f.kind === 'json') { try { return [f.key, JSON.parse(String(v))]; } catch { return [f.key, v]; } }
    if (f.kind === 'switch') return [f.key, Boolean(v)];
    if (f.kind === 'time') return [f.key, typeof v === 'string' && v.trim() ? v.trim() : null];
    return [f.key, v];
  }));
}
