/**
 * Production start (decision 043): which mode the environment asks for; a production
 * database holding demo settings (demo accounts with the demo password, demo-app with its
 * published secret, a cash-out channel the simulated provider would pay) is refused, one line
 * each, and is accepted once they are gone; the server process itself exits with the line.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from './domains/auth/passwords';
import { productionRefusals, startMode } from './production';
import { databases } from './test/databases';
import { testApp, type TestApp } from './test/harness';
import { platformClient } from './test/platform';
import { sealAppSecret } from './secrets/columns';

describe('the start mode', () => {
  it.each([
    [{}, { production: false, demo: true, refusal: null }],
    [{ DEMO: '0' }, { production: false, demo: false, refusal: null }],
    [{ DATABASE_URL: 'postgres://x/y' }, { production: true, demo: false, refusal: null }],
    [
      { DATABASE_URL: 'postgres://x/y', DEMO: '1' },
      { production: false, demo: true, refusal: null },
    ],
    [
      { DATABASE_URL: 'postgres://x/y', DEMO: '0' },
      { production: false, demo: false, refusal: null },
    ],
    [{ NODE_ENV: 'production' }, { production: true, demo: false, refusal: null }],
    [
      { NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' },
      { production: true, demo: false, refusal: null },
    ],
  ])('%o', (env, expected) => {
    expect(startMode(env as NodeJS.ProcessEnv)).toEqual(expected);
  });

  it('refuses DEMO=1 in production, naming both settings', () => {
    expect(startMode({ NODE_ENV: 'production', DEMO: '1' }).refusal).toMatch(/^DEMO=1 with NODE_ENV=production/);
  });

  it('the server process exits with that one line before it opens anything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-production-'));
    try {
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        env: { ...process.env, NODE_ENV: 'production', DEMO: '1', DATA_DIR: dir, DATABASE_URL: '', PORT: '0' },
        timeout: 60_000,
      });
      const failed = await run.then(
        () => null,
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
      expect(failed?.code).toBe(2);
      expect(`${failed?.stdout}${failed?.stderr}`).toContain('DEMO=1 with NODE_ENV=production');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe.each(databases())('production refusals on $kind', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
    await platformClient(t); // demo-app with its demo secret
    await sql`INSERT INTO cashout_channel (channel, name, status, min_amount, max_amount) VALUES ('gcash', 'GCash', 'open', 100, 100000), ('shut', 'Shut', 'close', 100, 100000) ON CONFLICT (channel) DO UPDATE SET status = EXCLUDED.status`.execute(
      t.database.db,
    );
  });
  afterAll(async () => t?.close());

  it('names each demo setting, and none once they are changed', async () => {
    const db = t.database.db;
    const refusals = await productionRefusals(db);
    expect(refusals).toContain('console account admin: still has the demo password (change it or disable the account)');
    expect(refusals).toContain('platform application demo-app: signs with the demo secret (rotate its secret or disable it on /remoteconfig/application)');
    expect(refusals).toContain(
      'cash-out channel gcash: would be paid by the simulated provider (set its payout endpoint on /remoteconfig/payoutEndpoints, or close the channel)',
    );
    expect(refusals.some((r) => r.includes('channel shut'))).toBe(false);

    const other = await hashPassword('another-long-password-1', t.config.argon2);
    await db.updateTable('console_account').set({ password_hash: other }).where('username', '<>', 'service').execute();
    await db.updateTable('console_account').set({ enabled: false }).where('username', '=', 'service').execute();
    await db
      .updateTable('platform_application')
      .set({ secret: sealAppSecret('a-new-secret-of-the-operator', 'demo-app') })
      .where('app_id', '=', 'demo-app')
      .execute();
    await db.updateTable('cashout_channel').set({ status: 'close' }).execute();
    expect(await productionRefusals(db)).toEqual([]);
  });
});
