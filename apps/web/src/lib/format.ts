/**
 * Display helpers of §9. Every function is pure and total: bad input gives '-' (dates,
 * numbers) or the input itself (text), never an exception.
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { CONSOLE_OFFSET_MINUTES } from '@console/time';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The console's fixed zone: GMT+08:00 (no daylight saving). */
export const CONSOLE_ZONE = 'Asia/Shanghai';
export { CONSOLE_OFFSET_MINUTES };
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const EMPTY = '-';
const ISO_WITH_OFFSET = 'YYYY-MM-DDTHH:mm:ss.SSSZ';

export type DateInput = string | number | Date | Dayjs | null | undefined;

/** Parses an instant (ISO string, epoch milliseconds, Date, dayjs) and shows it in GMT+08:00; null when empty or invalid. */
function inConsoleZone(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d.utcOffset(CONSOLE_OFFSET_MINUTES) : null;
}

/** `YYYY-MM-DD HH:mm:ss` in GMT+08:00, '-' for empty or invalid values. */
export function formatDateTime(value: DateInput, format = DATE_TIME_FORMAT): string {
  return inConsoleZone(value)?.format(format) ?? EMPTY;
}

/** `YYYY-MM-DD` (the calendar day in GMT+08:00), '-' for empty or invalid values. */
export function formatDay(value: DateInput): string {
  return formatDateTime(value, 'YYYY-MM-DD');
}

/**
 * A calendar day ('2026-11-22') or an instant, reduced to its day in GMT+08:00.
 * Plain 'YYYY-MM-DD' strings are read as that day in GMT+08:00, whatever the browser's zone.
 */
function consoleDay(value: DateInput): Dayjs | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = dayjs.tz(value, CONSOLE_ZONE);
    return d.isValid() ? d : null;
  }
  return inConsoleZone(value);
}

/** Start of the day (00:00:00.000 GMT+08:00) as ISO 8601 with offset, or null. */
export function dayStart(value: DateInput): string | null {
  return consoleDay(value)?.startOf('day').format(ISO_WITH_OFFSET) ?? null;
}

/** End of the day (23:59:59.999 GMT+08:00) as ISO 8601 with offset, or null. */
export function dayEnd(value: DateInput): string | null {
  return consoleDay(value)?.endOf('day').format(ISO_WITH_OFFSET) ?? null;
}

/** Today's calendar day in GMT+08:00 ('2026-11-22'). */
export function todayInConsoleZone(now: DateInput = new Date()): string {
  return formatDay(now);
}

/**
 * Removes binary floating-point noise before rounding: 0.1 + 0.2 = 0.30000000000000004
 * is treated as 0.3, so "round up" does not turn it into 0.31. Twelve significant digits
 * keep every value the console shows (money up to 10^9 with 2 decimals) exact.
 */
function denoise(n: number): number {
  return Number(n.toPrecision(12));
}

function toFiniteNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * Round up = towards +∞ (ceiling) after removing float noise:
 * 1.001 → 1.01, 0.1 + 0.2 → 0.3, -1.239 → -1.23, -0.001 → 0 (never -0).
 * Returns null for empty or non-numeric input.
 */
export function roundUp(value: unknown, decimals = 2): number | null {
  const n = toFiniteNumber(value);
  if (n === null) return null;
  const factor = 10 ** decimals;
  const up = Math.ceil(denoise(n * factor)) / factor;
  return up === 0 ? 0 : up;
}

/** Rounded up to 2 decimals, shown with exactly 2 decimals ('1.01'); '-' when not a number. */
export function formatRoundUp2(value: unknown): string {
  const n = roundUp(value, 2);
  return n === null ? EMPTY : n.toFixed(2);
}

/** Rounded up to an integer ('2' for 1.2, '-1' for -1.8); '-' when not a number. */
export function formatRoundUpInt(value: unknown): string {
  const n = roundUp(value, 0);
  return n === null ? EMPTY : String(n);
}

/** A fraction shown as a percent rounded up to 2 decimals: 0.123401 → '12.35%'. */
export function formatPercent(fraction: unknown): string {
  const n = toFiniteNumber(fraction);
  if (n === null) return EMPTY;
  const pct = roundUp(denoise(n * 100), 2)!;
  return `${pct.toFixed(2)}%`;
}

/** Groups an integer string by thousands: '1234567' → '1,234,567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Money kept as an integer count of the smallest unit (centavos) shown with 2 decimals
 * and thousands separators: 123456 → '1,234.56', -5 → '-0.05'. Exact (no float division).
 * Non-integers and non-numbers show '-'.
 */
export function formatMoney(centavos: unknown): string {
  let minor: bigint;
  if (typeof centavos === 'bigint') minor = centavos;
  else {
    const n = toFiniteNumber(centavos);
    if (n === null || !Number.isSafeInteger(n)) return EMPTY;
    minor = BigInt(n);
  }
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const units = groupThousands((abs / 100n).toString());
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${units}.${cents}`;
}

/** Integer with thousands separators ('12,345'); '-' when not a number. */
export function formatInt(value: unknown): string {
  const n = toFiniteNumber(value);
  if (n === null) return EMPTY;
  const rounded = Math.round(n);
  return (rounded < 0 ? '-' : '') + groupThousands(String(Math.abs(rounded)));
}

/** Order ids are shown as first 4 … last 4; ids of 9 characters or fewer are shown whole. */
export function formatOrderId(id: unknown): string {
  if (id === null || id === undefined || id === '') return EMPTY;
  const s = String(id);
  return s.length <= 9 ? s : `${s.slice(0, 4)}…${s.slice(-4)}`;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// Control characters other than tab, line feed and carriage return mean "not text".
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Text stored base64-encoded, shown decoded as UTF-8. Anything that is not valid base64
 * of valid UTF-8 text (plain words, binary data) is shown as it is.
 */
export function decodeBase64Text(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  const compact = s.replace(/\s+/g, '');
  if (compact === '' || !BASE64.test(compact)) return s;
  try {
    const binary = atob(compact);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return CONTROL.test(text) ? s : text;
  } catch {
    return s;
  }
}

/** UTF-8 text encoded as base64 (the inverse of decodeBase64Text). */
export function encodeBase64Text(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export const RANDOM_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random code (default 8 characters) from a cryptographic source, without modulo bias. */
export function randomCode(length = 8, alphabet = RANDOM_CODE_ALPHABET): string {
  if (!Number.isInteger(length) || length < 0) throw new RangeError('length must be a non-negative integer');
  if (alphabet.length < 2 || alphabet.length > 256) throw new RangeError('alphabet must have 2 to 256 characters');
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  const buf = new Uint8Array(Math.max(16, length * 2));
  while (out.length < length) {
    crypto.getRandomValues(buf);
    for (const b of buf) {
      if (b < limit) out += alphabet[b % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}
