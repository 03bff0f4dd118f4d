/**
 * CSV of an export: the columns the screen sends (`columns`: its on-screen titles, value
 * formats and enum labels, validated against the declaration's fields), values formatted
 * as the web app shows them (apps/web/src/lib/format.ts, §9), fields safe from formula
 * injection, UTF-8 with a BOM so that Excel reads Chinese titles.
 */
import { text } from '@console/schemas';
import { z } from 'zod';
import { CONSOLE_ZONE, consoleSecond } from '@console/time';

export const CSV_FORMATS = ['text', 'datetime', 'money', 'int', 'roundUp2', 'percent', 'orderId', 'base64', 'bool', 'tags', 'json', 'uid'] as const;
export type CsvFormat = (typeof CSV_FORMATS)[number];

export interface CsvColumn {
  key: string;
  title: string;
  format?: CsvFormat;
  labels?: Record<string, string>;
}

const MAX_COLUMNS = 100;
const MAX_LABELS = 200;
export const MAX_COLUMNS_PARAM = 32_768;

/** The `columns` query parameter: a JSON array of {key, title, format?, labels?} over known keys. */
export function columnsParam(keys: readonly [string, ...string[]]) {
  const column = z.strictObject({
    key: z.enum(keys, { message: 'Unknown column' }),
    title: text(200),
    format: z.enum(CSV_FORMATS, { message: `Must be one of ${CSV_FORMATS.join(', ')}` }).optional(),
    labels: z
      .record(text(64), text(200))
      .refine((l) => Object.keys(l).length <= MAX_LABELS, { message: `At most ${MAX_LABELS} labels` })
      .optional(),
  });
  return text(MAX_COLUMNS_PARAM)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Must be a JSON array of columns' });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(column, { message: 'Must be a JSON array of columns' })
        .min(1, { message: 'At least one column' })
        .max(MAX_COLUMNS, { message: `At most ${MAX_COLUMNS} columns` }),
    );
}

const NUMBER = /^-?[\d,]*\.?\d+%?$/;

/**
 * Quotes a field; one starting with =, +, @, tab or CR, or with '-' without being a plain
 * number ('-1,234.56' stays, '-1+2' does not), gets a leading ' (formula injection).
 */
export function csvField(value: string): string {
  const first = value.charCodeAt(0);
  // = + @ tab CR, or '-' that is not a plain number (checked by char code: this runs per field)
  const risky = first === 61 || first === 43 || first === 64 || first === 9 || first === 13 || (first === 45 && value !== EMPTY && !NUMBER.test(value));
  const safe = risky ? `'${value}` : value;
  return QUOTE.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
const QUOTE = /[",\r\n]/;

export const EMPTY = '-';
const isEmpty = (v: unknown) => v === null || v === undefined || v === '';
const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function finite(value: unknown): number | null {
  if (isEmpty(value) || typeof value === 'boolean') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** `YYYY-MM-DD HH:mm:ss` in GMT+08:00. */
const CONSOLE_ISO = new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?\\${CONSOLE_ZONE}$`);

export function formatDateTime(value: unknown): string {
  if (isEmpty(value)) return EMPTY;
  // the API's own times are already ISO in GMT+08:00 (http/time.ts): cut, do not parse
  if (typeof value === 'string' && CONSOLE_ISO.test(value)) return `${value.slice(0, 10)} ${value.slice(11, 19)}`;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(String(value));
  if (!Number.isFinite(ms)) return EMPTY;
  return consoleSecond(ms);
}

/** Integer centavos → '1,234.56', exactly. */
export function formatMoney(value: unknown): string {
  const n = typeof value === 'bigint' ? value : finite(value);
  if (n === null || (typeof n === 'number' && !Number.isSafeInteger(n))) return EMPTY;
  const minor = BigInt(n);
  const abs = minor < 0n ? -minor : minor;
  return `${minor < 0n ? '-' : ''}${group((abs / 100n).toString())}.${(abs % 100n).toString().padStart(2, '0')}`;
}

export function formatInt(value: unknown): string {
  const n = finite(value);
  if (n === null) return EMPTY;
  const r = Math.round(n);
  return (r < 0 ? '-' : '') + group(String(Math.abs(r)));
}

const denoise = (n: number) => Number(n.toPrecision(12));
function roundUp(n: number, decimals: number): number {
  const f = 10 ** decimals;
  const up = Math.ceil(denoise(n * f)) / f;
  return up === 0 ? 0 : up;
}

function base64Text(value: unknown): string {
  const s = String(value);
  const compact = s.replace(/\s+/g, '');
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(compact) || compact === '') return s;
  try {
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(compact, 'base64'));
    // eslint-disable-next-line no-control-regex
    return /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(decoded) ? s : decoded;
  } catch {
    return s;
  }
}

/** The text of one value in one format: the same as on screen (kit/cells.tsx cellText). */
export function formatValue(format: CsvFormat | undefined, value: unknown): string {
  switch (format) {
    case 'datetime':
      return formatDateTime(value);
    case 'money':
      return formatMoney(value);
    case 'int':
      return formatInt(value);
    case 'roundUp2': {
      const n = finite(value);
      return n === null ? EMPTY : roundUp(n, 2).toFixed(2);
    }
    case 'percent': {
      const n = finite(value);
      return n === null ? EMPTY : `${roundUp(denoise(n * 100), 2).toFixed(2)}%`;
    }
    // a file carries an order id whole (the screen's first 4 … last 4 is for reading): finance
    // matches the export against the channel's statement
    case 'orderId':
      return isEmpty(value) ? EMPTY : String(value);
    case 'base64':
      return isEmpty(value) ? EMPTY : base64Text(value);
    case 'tags':
      return Array.isArray(value) && value.length ? value.map(String).join(', ') : EMPTY;
    case 'json':
      return isEmpty(value) ? EMPTY : JSON.stringify(value, null, 2);
    default:
      if (isEmpty(value)) return EMPTY;
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** One CSV line (CRLF-terminated) of a row; `labels` replace a value before its format. */
export function csvLine(columns: readonly CsvColumn[], row: Record<string, unknown>): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) {
    const c = columns[i];
    const value = row[c.key];
    const label = c.labels && !isEmpty(value) ? c.labels[String(value)] : undefined;
    line += (i ? ',' : '') + csvField(label ?? formatValue(c.format, value));
  }
  return `${line}\r\n`;
}

export const BOM = '\uFEFF';
export const csvHeader = (columns: readonly CsvColumn[]) => `${BOM}${columns.map((c) => csvField(c.title)).join(',')}\r\n`;

/** `<name>-YYYYMMDD-HHmmss.csv`, the time in GMT+08:00. */
export function csvFileName(name: string, now: Date): string {
  const [day, time] = consoleSecond(now).split(' ') as [string, string];
  return `${name}-${day.replace(/-/g, '')}-${time.replace(/:/g, '')}.csv`;
}
