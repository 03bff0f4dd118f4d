/**
 * `npm run create-admin` on an empty embedded database (decision 043): a password from
 * stdin that breaks the rules is refused naming the field, a good one creates the admin (its
 * password hashed, the creation in the operation log without it), a second run is refused, and
 * the account then signs in.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { verifyPassword } from '../domains/auth/passwords';

const dir = mkdtempSync(join(tmpdir(), 'console-create-admin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], stdin: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/create-admin.ts', ...args],
      { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', MIGRATION_DATABASE_URL: '' }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
    child.stdin!.end(stdin);
  });
}

describe('create-admin', () => {
  it('refuses a weak password, creates the first admin once, and writes it to the operation log', async () => {
    const weak = await run(['--username', 'owner'], 'short\n');
    expect(weak.code).toBe(1);
    expect(weak.out).toMatch(/^password: /m);
    const made = await run(['--username', 'owner', '--name', 'Site Owner'], 'a-Long-enough-passw0rd\n');
    expect([made.code, made.out.trim()]).toEqual([0, 'created admin account owner; sign in and bind an authenticator']);
    const again = await run(['--username', 'other'], 'a-Long-enough-passw0rd\n');
    expect(again.code).toBe(1);
    expect(again.out).toContain('an enabled admin account exists already (owner)');

    const database = await openDatabase({ dataDir: dir, poolSize: 1 });
    try {
      const account = await database.db.selectFrom('console_account').selectAll().where('username', '=', 'owner').executeTakeFirstOrThrow();
      expect(account).toMatchObject({ name: 'Site Owner', roles: ['admin'], enabled: true });
      expect(await verifyPassword(account.password_hash, 'a-Long-enough-passw0rd')).toBe(true);
      const log = await database.db.selectFrom('operation_log').selectAll().where('operation', '=', 'accounts.createAdmin').execute();
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ username: 'cli:create-admin', target: 'owner', result: 'ok' });
      expect(JSON.stringify(log)).not.toContain('passw0rd');
    } finally {
      await database.close();
    }
  }, 240_000);
});
