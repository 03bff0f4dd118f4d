/**
 * Building blocks of every game's settings and bets schema (strict objects, no coercion),
 * and the one way to read settings from outside: `parseSettings` answers a message naming
 * the field, the wording the server's 400s use ("maxBet: Must be at least minBet").
 */
import { z } from 'zod';

/** Largest amount anywhere (centavos), as in the platform contract. */
export const MAX_AMOUNT = 1_000_000_000_000;

/** A JSON number that is a whole number within bounds ("Must be an integer", not zod's wording). */
export const whole = (min: number, max: number) =>
  z
    .number({ message: 'Expected number' })
    .refine((n) => Number.isInteger(n), { message: 'Must be an integer', abort: true })
    .refine((n) => n >= min, { message: `Must be at least ${min}`, abort: true })
    .refine((n) => n <= max, { message: `Must be at most ${max}` })
    // the bounds as JSON-schema keywords (the refinements above are invisible to z.toJSONSchema): the config screens read them
    .meta({ type: 'integer', minimum: min, maximum: max });

/** An amount in centavos: a whole number 1 … 10^12. */
export const amount = whole(1, MAX_AMOUNT);
/** A seat of a round: the game server's seat label or player reference. */
export const seat = z.string().regex(/^[\w:.-]{1,40}$/, { message: 'Must be 1 to 40 letters, digits, _ : . or -' });

/** The fields every game's settings start with: the lobby switch and the bet limits. */
export const baseSettings = {
  open: z.boolean().default(true),
  /** Smallest bet, centavos (₱1). */
  minBet: amount.default(100),
  /** Largest bet, centavos (₱10,000). */
  maxBet: amount.default(1_000_000),
};

/** minBet ≤ maxBet, reported on maxBet. */
export function checkBetLimits(s: { minBet: number; maxBet: number }, ctx: z.RefinementCtx): void {
  if (s.minBet > s.maxBet) ctx.addIssue({ code: 'custom', path: ['maxBet'], message: 'Must be at least minBet' });
}

/** The first problem of a zod failure as "field: message" (`input` tells a missing field from a wrong type). */
export function describeZodError(error: z.ZodError, input: unknown): string {
  const issue = error.issues[0];
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') return `${path ? `${path}.` : ''}${issue.keys[0]}: Unknown field`;
  if (issue.code === 'invalid_type') {
    let at: unknown = input;
    for (const key of issue.path) at = at !== null && typeof at === 'object' && Object.hasOwn(at, key) ? (at as Record<PropertyKey, unknown>)[key] : undefined;
    const missing = at === undefined;
    return `${path || 'value'}: ${missing ? 'Required' : `Expected ${issue.expected}`}`;
  }
  return `${path || 'value'}: ${issue.message}`;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export function parseWith<T>(schema: z.ZodType<T>, input: unknown): Parsed<T> {
  const r = schema.safeParse(input);
  return r.success ? { ok: true, value: r.data } : { ok: false, message: describeZodError(r.error, input) };
}
