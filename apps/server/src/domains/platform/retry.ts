/**
 * Retries a whole database transaction when PostgreSQL chose it as a deadlock victim
 * (40P01) or refused it for a serialization failure (40001): nothing of it was committed, so
 * running it again is safe. Any other error is passed on at once.
 */
import { sqlState } from '../ledger/ledger';

const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 8;

export async function withRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
      // a short random pause so that the two transactions do not meet again at once
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
