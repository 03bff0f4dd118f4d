/** argon2id password hashes (@node-rs/argon2). */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { ServerConfig } from '../../config';

const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string, cost: ServerConfig['argon2']): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...cost });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of nothing anyone knows, verified when the username is unknown so that an unknown
 * user costs the same argon2 time as a wrong password (no user enumeration by timing).
 */
export function decoyHash(cost: ServerConfig['argon2']): () => Promise<string> {
  let decoy: Promise<string> | undefined;
  return () => (decoy ??= hashPassword(`decoy-${Math.random()}`, cost));
}
