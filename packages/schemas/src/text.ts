/**
 * Building blocks shared by every request schema: strict strings with the §5 messages,
 * and query-string fields parsed explicitly from strings (no coercion anywhere else).
 */
import { z } from 'zod';

// PostgreSQL text cannot hold U+0000: refusing it here keeps such input a 400, never a 500.
// eslint-disable-next-line no-control-regex
const NO_NUL = /^[^\u0000]*$/;

// Nor can jsonb hold half of a UTF-16 surrogate pair (JSON's "\ud800" alone). Plain text fields of
// platform events store it as U+FFFD (events.test.ts); fields that go into jsonb use wellFormed.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const unstorable = (s: string) => LONE_SURROGATE.test(s) || s.includes('\u0000');

/** The path of the first string (or key) inside a JSON value holding a lone surrogate or a NUL, or null. */
export function illFormedPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = illFormedPath(v, [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (unstorable(k)) return [...path, k];
      const found = illFormedPath(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

/** Whether a string, or every string and key inside a JSON value, is text PostgreSQL can store (no lone surrogate, no NUL). */
export const wellFormed = (value: unknown): boolean => illFormedPath(value) === null;

/** A string of at most `max` characters; the message is the §5 wording ("Over 200 characters"). */
export const text = (max: number) =>
  z
    .string()
    .max(max, { message: `Over ${max} characters` })
    .regex(NO_NUL, { message: 'Contains a NUL character' });

/** A required, non-empty string (after trimming when `trim`). */
export const requiredText = (max: number) => text(max).min(1, { message: 'Required' });

/** A required string that also goes into jsonb (an event's payload), which refuses a lone surrogate. */
export const requiredJsonText = (max: number) => requiredText(max).refine(wellFormed, { message: 'Contains an invalid character' });

/** §5 helper rule: a username-like value is 5 or more word characters (32 at most here). */
export const usernameRule = z
  .string()
  .regex(/^\w+$/, { message: 'Only letters, digits and _ are allowed' })
  .min(5, { message: 'At least 5 characters' })
  .max(32, { message: 'Over 32 characters' });

/** §5: new password at least 6 characters; 128 at most (argon2 input stays small). */
export const newPassword = z
  .string()
  .regex(NO_NUL, { message: 'Contains a NUL character' })
  .min(6, { message: 'Password cannot be less than 6 characters' })
  .max(128, { message: 'Over 128 characters' });

/** A 6-digit one-time code (RFC 6238), as a string. */
export const oneTimeCode = z.string().regex(/^\d{6}$/, { message: 'Must be 6 digits' });

/** Query string: a decimal integer written as a string, within bounds. */
export const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d{1,15}$/, { message: 'Must be an integer' })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { message: `Must be at least ${min}` })
        .max(max, { message: `Must be at most ${max}` }),
    );

/** Query string: exactly `true` or `false`. */
export const queryBool = z.enum(['true', 'false'], { message: 'Must be true or false' }).transform((v) => v === 'true');

/** ISO 8601 date-time with an offset (`2026-11-22T18:00:00+08:00` or `…Z`). */
export const isoDateTime = z.iso.datetime({ offset: true, message: 'Must be an ISO 8601 date-time with offset' });

/**
 * A calendar day 'YYYY-MM-DD' that exists (2026-13-40 matches the pattern and is refused: it
 * reached PostgreSQL as a 500 before); `message` words the pattern's refusal as each screen did.
 */
export const calendarDay = (message = 'Must be a day YYYY-MM-DD') =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message })
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), { message: 'Not a calendar day' });
