/**
 * Redemption codes: 12 characters of a 32-letter alphabet without the look-alikes 0/O and 1/I
 * (60 bits from crypto randomness; 32 is a power of two, so a random byte masked to 5 bits
 * picks every letter equally). Stored normalised (no dashes); shown XXXX-XXXX-XXXX. What a
 * player types is normalised the same way (dashes and whitespace dropped, upper-cased) so a
 * redemption is one look-up of the unique index. docs/decisions/028-cdkcode.md.
 */
import { randomBytes } from 'node:crypto';

export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_LENGTH = 12;
const VALID = /^[2-9A-HJ-NP-Z]{12}$/;

/** A fresh code (normalised form). */
export function generateCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let out = '';
  for (const b of bytes) out += CODE_ALPHABET[b & 31];
  return out;
}

/** The stored form of what a player typed, or null when it cannot be a code (no look-up then). */
export function normaliseCode(input: string): string | null {
  const s = input.replace(/[-\s\u2010-\u2015\u2212]/g, '').toUpperCase();
  return VALID.test(s) ? s : null;
}

/** XXXX-XXXX-XXXX. */
export const formatCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;
