/**
 * Live sessions remembered in memory, so that an authenticated call usually costs no query.
 *
 * It is emptied
 *  - in this process after every operation that changes data (logout, disable, password
 *    change, 2FA reset, role change...), so revocation through this instance is immediate;
 *  - on every notification of the channel console_session_change (migration 003: a trigger
 *    on account_session deletes and console_account changes), so a change made by another
 *    instance, or by hand in SQL, empties it within the notification's delivery time.
 * On PostgreSQL the cache is SUSPENDED (every request reads the database) until the listener
 * is connected, and again whenever that connection is lost, since notifications may have
 * been missed. An entry is also never used for more than MAX_AGE_MS after it was read.
 * A read that started before an invalidation is not stored after it (generation check).
 * Entries are keyed by the token itself, so that a hit costs no hashing: the process holds
 * the token on every call anyway; only the database is kept to SHA-256 hashes.
 */
import type { SessionUser } from './sessions';

export interface CachedSession {
  user: SessionUser;
  createdAt: number;
  lastSeen: number;
  /** When last_seen_at was last written to the database. */
  lastWritten: number;
  /** Wall-clock time of the read that produced it (not the injectable clock). */
  readAt?: number;
}

const MAX_ENTRIES = 10_000;
export const MAX_AGE_MS = 30_000;

export class SessionCache {
  private entries = new Map<string, CachedSession>();
  private gen = 0;
  private suspended: boolean;

  /** `suspended`: start unused until `resume()` (PostgreSQL, before the listener is up). */
  constructor(options: { suspended?: boolean } = {}) {
    this.suspended = options.suspended ?? false;
  }

  get generation(): number {
    return this.gen;
  }

  get(token: string): CachedSession | undefined {
    if (this.suspended) return undefined;
    const entry = this.entries.get(token);
    if (entry && Date.now() - (entry.readAt ?? 0) > MAX_AGE_MS) {
      this.entries.delete(token);
      return undefined;
    }
    return entry;
  }

  set(token: string, session: CachedSession, generationAtRead: number): void {
    if (this.suspended || generationAtRead !== this.gen) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    session.readAt = Date.now();
    this.entries.set(token, session);
  }

  delete(token: string): void {
    this.entries.delete(token);
  }

  /** After any change to accounts or sessions. */
  invalidateAll(): void {
    this.gen += 1;
    this.entries.clear();
  }

  /** Notifications can no longer be trusted to arrive: stop using the cache. */
  suspend(): void {
    this.suspended = true;
    this.invalidateAll();
  }

  /** The listener is (again) connected: start from empty, since changes may have been missed. */
  resume(): void {
    this.invalidateAll();
    this.suspended = false;
  }
}
