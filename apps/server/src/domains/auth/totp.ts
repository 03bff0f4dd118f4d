/** RFC 6238 one-time codes: 6 digits, 30 s steps, one step of drift either way, each step used once. */
import { Secret, TOTP } from 'otpauth';
import { openTotp } from '../../secrets/columns';

const PERIOD_SECONDS = 30;

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export function otpauthUrl(secret: string, issuer: string, username: string): string {
  return new TOTP({ issuer, label: username, secret: Secret.fromBase32(secret), digits: 6, period: PERIOD_SECONDS }).toString();
}

/** The code for a moment (tests and the demo use it). */
export function totpCode(secret: string, nowMs: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: PERIOD_SECONDS, timestamp: nowMs });
}

/**
 * The time-step the code belongs to when it is valid within ±1 step of now, else null.
 * The caller refuses a step not greater than the last one accepted (a code is accepted once).
 * The seed is kept sealed for its account (secrets/columns.ts) and opened only here.
 */
export function matchTotpStep(sealed: string, accountId: number, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = openTotp(sealed, accountId);
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), digits: 6, period: PERIOD_SECONDS, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}
