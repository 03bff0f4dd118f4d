/** Canonical JSON: object keys sorted at every depth, so a record hashes the same after a jsonb round trip. */
import { createHash } from 'node:crypto';

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

export const canonicalJson = (value: unknown): string => JSON.stringify(sortKeys(value));

/** What a before/after snapshot becomes once stored: plain JSON, undefined dropped. */
export const asStoredJson = (value: unknown): unknown => (value === undefined || value === null ? null : JSON.parse(JSON.stringify(value)));

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
