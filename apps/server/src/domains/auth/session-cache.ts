/**
 * Live sessions remembered in memory: ONLY for the embedded PGlite database, where this
 * process is by construction the database's only client (PGlite cannot be shared), so no
 * other instance can revoke behind its back. On PostgreSQL (several instances) it is off
 * and every request runs the one indexed session query.
 *
 * Every operation that changes data empties it after its transaction (logout, disable,
 * password change, 2FA reset, role change...), so revocation stays immediate. A read that
 * started before a change is not stored after it (generation check).
 */
import type { SessionUser } from './sessions';

export interface CachedSession {
  user: SessionUser;
  createdAt: number;
  lastSeen: number;
  /** When last_seen_at was last written to the database. */
  lastWritten: number;
}

const MAX_ENTRIES = 10_000;

export class SessionCache {
  private entries = new Map<string, CachedSession>();
  private gen = 0;

  get generation(): number { return this.gen; }

  get(tokenHash: string): CachedSession | undefined { return this.entries.get(tokenHash); }

  set(tokenHash: string, session: CachedSession, generationAtRead: number): void {
    if (generationAtRead !== this.gen) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, session);
  }

  delete(tokenHash: string): void { this.entries.delete(tokenHash); }

  /** After any change to accounts or sessions. */
  invalidateAll(): void {
    this.gen += 1;
    this.entries.clear();
  }
}
