/** Opaque access tokens: 32 random bytes; only their SHA-256 is stored. */
import { hash, randomBytes } from 'node:crypto';

export const newAccessToken = () => randomBytes(32).toString('base64url');

export const hashAccessToken = (token: string): string => hash('sha256', token, 'hex');
