/**
 * What changed between two documents of a configuration item: one line per field whose
 * value differs (nested objects by dotted path; lists compared whole). Pure: the history's
 * compare view and its tests use it.
 */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function flatten(doc: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (!isPlainObject(doc)) {
    if (prefix) into.set(prefix, doc);
    return into;
  }
  for (const [key, value] of Object.entries(doc)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value)) flatten(value, path, into);
    else into.set(path, value);
  }
  return into;
}

/** Fields of `a` and `b` whose values differ, in the order they first appear; a missing document (null) has no fields. */
export function diffDocs(a: unknown, b: unknown): FieldChange[] {
  const left = flatten(a);
  const right = flatten(b);
  const fields = [...new Set([...left.keys(), ...right.keys()])];
  return fields
    .filter((f) => JSON.stringify(left.get(f)) !== JSON.stringify(right.get(f)))
    .map((field) => ({ field, before: left.get(field), after: right.get(field) }));
}

/** A field's value as one line of text ('—' when absent). */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ') : '[]';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
