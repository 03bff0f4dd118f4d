/** `npm run audit:verify` as an operator runs it: a separate process on a stopped server's PGlite directory. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { createPglite, openDatabase } from '../db/open';
import { appendOperationLog } from '../domains/operation-log/chain';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./audit-verify.ts', import.meta.url));

async function verify(dataDir: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', CLI], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** Opens the directory as the tables' owner, does `work`, and closes it again (one process at a time). */
async function withOwner(dataDir: string, work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>) {
  const pglite = await createPglite(dataDir);
  const database = await openDatabase({ pglite });
  try { await work(database.db); } finally { await database.close(); await pglite.close(); }
}

describe('npm run audit:verify', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'audit-verify-'));
    await withOwner(dataDir, async (db) => {
      await migrate(db);
      for (const target of ['sales', 'service', 'partner']) {
        await appendOperationLog(db, {
          username: 'admin', partner: 0, operation: 'admin.userinfo.update', target, result: 'ok', status: 200,
          message: '', before: { enabled: true }, after: { enabled: false }, ip: '127.0.0.1',
        }, new Date('2026-11-22T10:00:00Z'));
      }
    });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('says ok with the count on an intact log, then names the first altered record (exit 1)', async () => {
    expect(await verify(dataDir)).toEqual({ code: 0, out: 'ok, 3 records\n' });
    await withOwner(dataDir, async (db) => {
      await db.transaction().execute(async (trx) => {
        await sql`ALTER TABLE operation_log DISABLE TRIGGER operation_log_no_update_delete`.execute(trx);
        await trx.updateTable('operation_log').set({ target: 'someone-else' }).where('id', '=', 2).execute();
        await sql`ALTER TABLE operation_log ENABLE TRIGGER operation_log_no_update_delete`.execute(trx);
      });
    });
    const tampered = await verify(dataDir);
    expect(tampered.code).toBe(1);
    expect(tampered.out).toMatch(/^altered record: 2 \(.*; 1 records before it are intact\)\n$/);
  });

  it('refuses a directory that does not exist (exit 2)', async () => {
    const missing = await verify(join(dataDir, 'nope'));
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('does not exist');
  });
});
