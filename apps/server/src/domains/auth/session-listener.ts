/**
 * On PostgreSQL, keeps one connection LISTENing on console_session_change (migration 003)
 * and empties the session cache on every notification. While that connection is down the
 * cache is suspended, and it is reopened after a second; the cache resumes (empty) once
 * LISTEN is in place again.
 */
import pg from 'pg';
import type { SessionCache } from './session-cache';

const SESSION_CHANNEL = 'console_session_change';
const RECONNECT_MS = 1000;

interface Log {
  warn(obj: object, msg: string): void;
}

export interface SessionListener {
  /** Resolves once the first LISTEN is in place (or the first attempt failed). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function listenForSessionChanges(connectionString: string, cache: SessionCache, log?: Log): SessionListener {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const lost = (error?: unknown) => {
    cache.suspend();
    const dead = client;
    client = null;
    dead?.removeAllListeners();
    dead?.on('error', () => {}); // a dying connection may still report; it is gone already
    dead?.end().catch(() => {});
    if (closed) return;
    if (error) log?.warn({ err: error }, 'session listener lost; session cache suspended');
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), RECONNECT_MS);
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString });
    client = c;
    c.on('notification', () => cache.invalidateAll());
    c.on('error', lost);
    c.on('end', () => {
      if (client === c) lost(new Error('connection ended'));
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${SESSION_CHANNEL}`);
      if (client === c && !closed) cache.resume();
    } catch (error) {
      if (client === c) lost(error);
    }
  }

  const ready = connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      cache.suspend();
      const c = client;
      client = null;
      c?.removeAllListeners();
      c?.on('error', () => {});
      await c?.end().catch(() => {});
    },
  };
}
