/**
 * Point-in-time recovery, end to end (skipped without TEST_DATABASE_URL, like the other
 * PostgreSQL-only files): runs scripts/pitr-check.sh, which builds a scratch primary that archives
 * its WAL (127.0.0.1:5441), migrates it, moves money through ledger_post, takes a base backup,
 * makes a mistake after a target time, restores the backup to that time on 127.0.0.1:5442 and
 * checks balances, ledger, reconciliation and the operation log's chain there
 * (docs/deploy.md "Backups and point-in-time recovery"). It needs PostgreSQL's server binaries
 * and root (CI has both); it does not touch the PostgreSQL of TEST_DATABASE_URL.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const base = process.env.TEST_DATABASE_URL;
const root = fileURLToPath(new URL('../../../../', import.meta.url));
/** The script takes 10–15 s on a quiet two-core machine, more when it is busy; a stuck one is stopped (SIGTERM: it still cleans up). */
const SCRIPT_TIMEOUT_MS = 120_000;

describe.skipIf(!base)('point-in-time recovery (scripts/pitr-check.sh)', () => {
  it(
    'restores a base backup and the WAL archive to the target time, and the restored copy checks out',
    async () => {
      const run = await new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) => {
        execFile('bash', ['scripts/pitr-check.sh'], { cwd: root, timeout: SCRIPT_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
          const failed = error as (Error & { code?: number | string; signal?: string }) | null;
          resolve({
            code: failed ? (typeof failed.code === 'number' ? failed.code : null) : 0,
            signal: failed?.signal ?? null,
            output: `${stdout}${stderr}`,
          });
        });
      });
      expect({ code: run.code, signal: run.signal }, run.output).toEqual({ code: 0, signal: null });
      expect(run.output).toMatch(/^ok {3}reconcile: ok, /m);
      expect(run.output).toMatch(/^ok {3}audit:verify: ok, \d+ records/m);
      expect(run.output).toMatch(/^PITR check passed in \d+ s$/m);
    },
    SCRIPT_TIMEOUT_MS + 30_000,
  );
});
