/** Opaque access tokens: 32 random bytes; only their SHA-256 is stored. */
import { createHash, randomBytes } from 'node:crypto';

export const newAccessToken = () => randomBytes(32).toString('base64url');

export const hashAccessToken = (token: string) => createHash('sha256').update(token).digest('hex');
