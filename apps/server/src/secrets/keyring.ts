/**
 * Secrets at rest (docs/decisions/044-secrets-at-rest.md).
 *
 * What the console must be able to read back (a platform application's signing secret and its
 * previous one, an authenticator's seed) is kept sealed: AES-256-GCM under a key the database
 * never sees, bound to where it belongs (`context`: the table and the row), so a sealed value
 * copied to another row or column does not open. A sealed value reads
 * `enc:1:<key id>:<base64url of iv(12) | ciphertext | tag(16)>`; the key id is the first 8 hex
 * of a hash of the key, so a value names the key that opens it.
 *
 * The key ring comes from the environment, once per process:
 * - CONSOLE_SECRET_KEY: the current key, 32 bytes in base64 or hex (`openssl rand -base64 32`);
 *   or CONSOLE_SECRET_KEY_FILE: a file whose first key line is the current key and whose
 *   further key lines are retired keys (lines starting with # are comments);
 * - CONSOLE_SECRET_KEY_PREVIOUS: retired keys, comma-separated, that still open old values
 *   (rotation: `npm run secrets:reencrypt` then moves every value to the current key).
 * Without either, outside production, the published demo key seals: a demo or test database
 * is no secret. A production start refuses to run on it (production.ts).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const SEALED_PREFIX = 'enc:1:';
const PREFIX = SEALED_PREFIX;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretKey {
  id: string;
  bytes: Buffer;
}
export interface Keyring {
  current: SecretKey;
  /** Every key that opens: the current one and the retired ones. */
  byId: Map<string, SecretKey>;
  /** Where the current key came from. */
  source: 'CONSOLE_SECRET_KEY' | 'CONSOLE_SECRET_KEY_FILE' | 'demo';
}

export const keyId = (bytes: Buffer) => createHash('sha256').update('console-secret-key:').update(bytes).digest('hex').slice(0, 8);

function keyOf(text: string, name: string): SecretKey {
  const raw = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(raw)
    ? Buffer.from(raw, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(raw)
      ? Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  if (!bytes || bytes.length !== 32) throw new Error(`${name} must be 32 bytes in base64 or hex (make one with: openssl rand -base64 32)`);
  return { id: keyId(bytes), bytes };
}

/** The demo key: published, so what it seals is readable by anyone; never in production. */
export const DEMO_KEY: SecretKey = (() => {
  const bytes = createHash('sha256').update('game console demo secret key').digest();
  return { id: keyId(bytes), bytes };
})();

function ring(current: SecretKey, retired: SecretKey[], source: Keyring['source']): Keyring {
  const byId = new Map<string, SecretKey>();
  for (const key of [current, ...retired]) byId.set(key.id, key);
  return { current, byId, source };
}

/** The key ring the environment gives; a malformed key is an error naming the variable. */
export function keyringFromEnv(env: Record<string, string | undefined>): Keyring {
  const retired = (env.CONSOLE_SECRET_KEY_PREVIOUS ?? '')
    .split(',')
    .filter((k) => k.trim() !== '')
    .map((k, i) => keyOf(k, `CONSOLE_SECRET_KEY_PREVIOUS (key ${i + 1})`));
  if (env.CONSOLE_SECRET_KEY && env.CONSOLE_SECRET_KEY_FILE) throw new Error('give CONSOLE_SECRET_KEY or CONSOLE_SECRET_KEY_FILE, not both');
  if (env.CONSOLE_SECRET_KEY) return ring(keyOf(env.CONSOLE_SECRET_KEY, 'CONSOLE_SECRET_KEY'), retired, 'CONSOLE_SECRET_KEY');
  if (env.CONSOLE_SECRET_KEY_FILE) {
    let text: string;
    try {
      text = readFileSync(env.CONSOLE_SECRET_KEY_FILE, 'utf8');
    } catch (error) {
      throw new Error(
        `CONSOLE_SECRET_KEY_FILE: cannot read ${env.CONSOLE_SECRET_KEY_FILE} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
    const lines = text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'));
    if (lines.length === 0) throw new Error(`CONSOLE_SECRET_KEY_FILE: ${env.CONSOLE_SECRET_KEY_FILE} holds no key`);
    const [current, ...older] = lines.map((l, i) => keyOf(l, `CONSOLE_SECRET_KEY_FILE (line ${i + 1} of its keys)`));
    return ring(current, [...older, ...retired], 'CONSOLE_SECRET_KEY_FILE');
  }
  return ring(DEMO_KEY, retired, 'demo');
}

let active: Keyring | null = null;

/** The process's key ring (read from process.env on first use). */
export function keyring(): Keyring {
  return (active ??= keyringFromEnv(process.env));
}

/** Replaces the process's key ring (tests and the command line). */
export function useKeyring(next: Keyring): void {
  active = next;
}

export const isSealed = (value: string) => value.startsWith(PREFIX);

/** The id of the key a sealed value was sealed with (null: not sealed). */
export function sealedKeyId(value: string): string | null {
  return isSealed(value) ? value.slice(PREFIX.length, PREFIX.length + 8) : null;
}

/** Seals `plain` for `context` (the table and row it is kept in) under the current key. */
export function seal(plain: string, context: string, keys: Keyring = keyring()): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.current.bytes, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${keys.current.id}:${body.toString('base64url')}`;
}

/** A sealed value that does not open: its key is not held, or it was changed or moved. */
export class SealedSecretError extends Error {}

/** Opens a sealed value kept for `context`. */
export function unseal(sealed: string, context: string, keys: Keyring = keyring()): string {
  const id = sealedKeyId(sealed);
  if (id === null) throw new SealedSecretError(`${context}: the value is not sealed`);
  const key = keys.byId.get(id);
  if (!key) throw new SealedSecretError(`${context}: sealed with key ${id}, which this server does not hold (CONSOLE_SECRET_KEY_PREVIOUS)`);
  const body = Buffer.from(sealed.slice(PREFIX.length + 9), 'base64url');
  if (body.length < IV_BYTES + TAG_BYTES) throw new SealedSecretError(`${context}: the sealed value is cut short`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, body.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedSecretError(`${context}: the sealed value does not open (changed, or moved from another row)`);
  }
}

/** The key ring for a start or a command: a production one must not run on the demo key (the refusal names the setting). */
export function keyringForStart(env: Record<string, string | undefined>, production: boolean): Keyring {
  const keys = keyringFromEnv(env);
  if (production && keys.source === 'demo') {
    throw new Error('refused to start in production: CONSOLE_SECRET_KEY (or CONSOLE_SECRET_KEY_FILE) is not set; make a key with: openssl rand -base64 32');
  }
  return keys;
}
