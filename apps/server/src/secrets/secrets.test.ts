/**
 * Secrets at rest (decision 044): the key ring from the environment, sealing bound to
 * its row, rotation (old values still open, the re-encrypt walk moves them, the start names a
 * key it lacks), clear values sealed after the migrations, and a dump of a database that holds
 * every kind of secret shows none of them in clear.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signingSecret } from '../domains/agentx/agents';
import { totpCode } from '../domains/auth/totp';
import { addChannel } from '../domains/cashout/fixtures';
import { DEMO_PASSWORD } from '../seed/demo';
import { databases } from '../test/databases';
import { testApp, type TestApp } from '../test/harness';
import { DEMO_APP, platformClient } from '../test/platform';
import { missingKeys, openAppSecret, reencryptSecrets, sealAppSecret, sealClearSecrets, sealedKeyCounts } from './columns';
import { DEMO_KEY, keyring, keyringForStart, keyringFromEnv, seal, SealedSecretError, unseal, useKeyring, type Keyring } from './keyring';

const KEY_A = randomBytes(32).toString('base64');
const KEY_B = randomBytes(32).toString('hex');

describe('the key ring', () => {
  it('reads a key in base64 or hex, retired keys, and a key file whose further lines are retired keys', () => {
    const a = keyringFromEnv({ CONSOLE_SECRET_KEY: KEY_A });
    expect(a.source).toBe('CONSOLE_SECRET_KEY');
    expect(a.current.id).toMatch(/^[0-9a-f]{8}$/);
    const b = keyringFromEnv({ CONSOLE_SECRET_KEY: KEY_B, CONSOLE_SECRET_KEY_PREVIOUS: KEY_A });
    expect([...b.byId.keys()]).toEqual([b.current.id, a.current.id]);
    const dir = mkdtempSync(join(tmpdir(), 'console-key-'));
    try {
      writeFileSync(join(dir, 'key'), `# the console's key\n${KEY_B}\n\n${KEY_A}\n`);
      const f = keyringFromEnv({ CONSOLE_SECRET_KEY_FILE: join(dir, 'key') });
      expect(f.source).toBe('CONSOLE_SECRET_KEY_FILE');
      expect(f.current.id).toBe(b.current.id);
      expect(f.byId.has(a.current.id)).toBe(true);
      expect(() => keyringFromEnv({ CONSOLE_SECRET_KEY_FILE: join(dir, 'none') })).toThrow(/^CONSOLE_SECRET_KEY_FILE: cannot read .*ENOENT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [{ CONSOLE_SECRET_KEY: 'short' }, /^CONSOLE_SECRET_KEY must be 32 bytes in base64 or hex/],
    [{ CONSOLE_SECRET_KEY: 'a'.repeat(63) }, /^CONSOLE_SECRET_KEY must be 32 bytes/],
    [{ CONSOLE_SECRET_KEY: KEY_A, CONSOLE_SECRET_KEY_PREVIOUS: `${KEY_B},nope` }, /^CONSOLE_SECRET_KEY_PREVIOUS \(key 2\) must be 32 bytes/],
    [{ CONSOLE_SECRET_KEY: KEY_A, CONSOLE_SECRET_KEY_FILE: '/x' }, /not both/],
  ])('refuses %o naming the setting', (env, message) => {
    expect(() => keyringFromEnv(env)).toThrow(message);
  });

  it('falls back to the published demo key, which a production start refuses', () => {
    expect(keyringFromEnv({}).current).toEqual(DEMO_KEY);
    expect(() => keyringForStart({}, true)).toThrow('refused to start in production: CONSOLE_SECRET_KEY (or CONSOLE_SECRET_KEY_FILE) is not set');
    expect(keyringForStart({ CONSOLE_SECRET_KEY: KEY_A }, true).source).toBe('CONSOLE_SECRET_KEY');
    expect(keyringForStart({}, false).source).toBe('demo');
  });
});

describe('sealing', () => {
  const ring = keyringFromEnv({ CONSOLE_SECRET_KEY: KEY_A });

  it('opens for its own context only, and not once changed', () => {
    const sealed = seal('the secret', 'platform_application:a', ring);
    expect(sealed).toMatch(new RegExp(`^enc:1:${ring.current.id}:[\\w-]+$`));
    expect(sealed).not.toContain('the secret');
    expect(seal('the secret', 'platform_application:a', ring)).not.toBe(sealed); // a fresh IV each time
    expect(unseal(sealed, 'platform_application:a', ring)).toBe('the secret');
    expect(() => unseal(sealed, 'platform_application:b', ring)).toThrow(SealedSecretError);
    const body = sealed.slice(-10);
    const flipped = sealed.slice(0, -10) + (body[0] === 'A' ? 'B' : 'A') + body.slice(1);
    expect(() => unseal(flipped, 'platform_application:a', ring)).toThrow(/does not open/);
    expect(() => unseal('the secret', 'platform_application:a', ring)).toThrow(/not sealed/);
  });

  it('a retired key still opens; a key the ring lacks is named', () => {
    const old = seal('x', 'c', ring);
    const rotated = keyringFromEnv({ CONSOLE_SECRET_KEY: KEY_B, CONSOLE_SECRET_KEY_PREVIOUS: KEY_A });
    expect(unseal(old, 'c', rotated)).toBe('x');
    expect(() => unseal(old, 'c', keyringFromEnv({ CONSOLE_SECRET_KEY: KEY_B }))).toThrow(
      `sealed with key ${ring.current.id}, which this server does not hold`,
    );
  });
});

describe.each(databases())('secrets at rest on $kind', (kind) => {
  let t: TestApp;
  let previous: Keyring;
  const clear: Record<string, string> = {};
  beforeAll(async () => {
    previous = keyring();
    t = await testApp(kind);
    await platformClient(t); // demo-app
    clear.demo = DEMO_APP.secret;
    const maint = await t.loginAs('maint');
    const created = await t.post('/api/remoteconfig/application/applications/create', { appId: 'game-ios', name: 'iOS game' }, maint);
    clear.created = created.body.data.secret;
    const rotated = await t.post('/api/remoteconfig/application/applications/rotate', { appId: 'game-ios', overlapHours: 24 }, maint);
    clear.rotated = rotated.body.data.secret;
    const admin = await t.loginAs('admin');
    const agent = await t.post(
      '/api/agentx/list/create',
      {
        appId: 'lucky-asia',
        name: 'Lucky Asia',
        partner: 1,
        walletMode: 'seamless',
        callbackUrl: 'https://lucky.example/wallet',
        currency: 'PHP',
        revenueShare: 35.5,
        ipAllowList: [],
      },
      admin,
    );
    clear.apiKey = agent.body.data.apiKey;
    clear.agentSecret = signingSecret(agent.body.data.apiKey);
    const finance = await t.loginAs('business');
    clear.totp = (await t.get('/api/admin/userinfo/bind2fa', finance)).body.data.secret;
    expect((await t.post('/api/admin/userinfo/bind2fa', { code: totpCode(clear.totp, t.clock.now) }, finance)).status).toBe(200);
    const service = await t.loginAs('service');
    clear.enrolment = (await t.get('/api/admin/userinfo/bind2fa', service)).body.data.secret; // shown, not confirmed yet
    await addChannel(t.database.db, { channel: 'gcash', status: 'close' });
    clear.payout = 'payout-provider-secret-0001';
    const secadmin = await t.loginAs('secadmin');
    expect(
      (
        await t.post(
          '/api/remoteconfig/payoutEndpoints/save',
          { channel: 'gcash', url: 'https://pay.example.ph/v1', merchantId: 'M-1', secret: clear.payout },
          secadmin,
        )
      ).status,
    ).toBe(200);
  });
  afterEach(() => useKeyring(previous));
  afterAll(async () => t?.close());

  /** Every row of every table of the console, as text. */
  async function rowsAsText(): Promise<string> {
    const { rows } = await sql<{ name: string }>`SELECT quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(t.database.owner);
    let text = '';
    for (const { name } of rows) {
      const dump = await sql<{ row: string }>`SELECT x::text AS row FROM ${sql.raw(name)} x`.execute(t.database.owner);
      text += dump.rows.map((r) => r.row).join('\n');
    }
    expect(rows.length).toBeGreaterThan(100);
    return text;
  }

  it('a dump of the database holds no secret in clear', async () => {
    expect(Object.keys(clear)).toHaveLength(8);
    for (const [what, value] of Object.entries(clear)) expect(value, what).toMatch(/^\S{16,}$/);
    const dumps = [await rowsAsText()];
    if (t.database.url) {
      const { stdout } = await promisify(execFile)('pg_dump', ['--data-only', t.database.url], { maxBuffer: 256 * 1024 * 1024 });
      expect(stdout).toContain('COPY');
      dumps.push(stdout);
    }
    for (const dump of dumps) {
      expect(dump).toContain('enc:1:');
      for (const [what, value] of Object.entries(clear)) expect(dump.includes(value), `${what} in clear`).toBe(false);
    }
  });

  it('after a rotation old values still open; the re-encrypt walk moves them; the start names a key it lacks', async () => {
    const db = t.database.owner;
    const before = await sealedKeyCounts(db);
    expect([...before.keys()]).toEqual([keyring().current.id]);
    const total = [...before.values()][0];
    expect(total).toBeGreaterThanOrEqual(7); // demo-app, game-ios (and its previous), the agent, the bound and the shown seeds, the payout endpoint

    const rotated = keyringFromEnv({ CONSOLE_SECRET_KEY: KEY_B, CONSOLE_SECRET_KEY_PREVIOUS: KEY_A });
    const old = keyring();
    const withOld = { ...rotated, byId: new Map([...rotated.byId, [old.current.id, old.current]]) };
    useKeyring(withOld);
    // the server still serves: demo-app signs, the bound account signs in with a code
    const demo = await platformClient(t);
    expect((await demo.post('/api/platform/wallet/balance', { uid: 1 })).status).not.toBe(401);
    expect(await missingKeys(db, withOld)).toEqual([]);
    expect(await missingKeys(db, rotated)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${total} secrets are sealed with (the published demo key|key ${old.current.id}), which this server does not hold \\(give it in CONSOLE_SECRET_KEY_PREVIOUS, then run npm run secrets:reencrypt\\)$`,
        ),
      ),
    ]);

    const moved = await reencryptSecrets(db, withOld);
    expect(moved).toEqual([
      { table: 'platform_application', rows: expect.any(Number) },
      { table: 'console_account', rows: 1 },
      { table: 'totp_enrolment', rows: 1 },
      { table: 'payout_endpoint', rows: 1 },
    ]);
    expect(await sealedKeyCounts(db)).toEqual(new Map([[rotated.current.id, total]]));
    expect(await reencryptSecrets(db, withOld)).toEqual(moved.map((m) => ({ ...m, rows: 0 }))); // nothing left to move
    useKeyring(rotated); // the retired key dropped
    expect(await missingKeys(db, rotated)).toEqual([]);
    const row = await db.selectFrom('platform_application').select(['secret', 'previous_secret']).where('app_id', '=', 'game-ios').executeTakeFirstOrThrow();
    expect(openAppSecret(row.secret, 'game-ios')).toBe(clear.rotated);
    expect(openAppSecret(row.previous_secret!, 'game-ios')).toBe(clear.created);
    t.clock.advance(31_000);
    const finance = await t.post('/api/login', { username: 'business', password: DEMO_PASSWORD, code: totpCode(clear.totp, t.clock.now) });
    expect(finance.body.code, JSON.stringify(finance.body)).toBe(200);
    // and back, so the suite's later users find the run's key
    useKeyring(withOld);
    await reencryptSecrets(db, { ...withOld, current: old.current });
  });

  it('values written in clear (before migration 061) are sealed after the migrations, and the CHECK then holds', async () => {
    const db = t.database.owner;
    const constraint = 'platform_application_secret_sealed';
    // written in clear: the CHECK refuses
    await expect(sql`UPDATE platform_application SET secret = 'a-clear-secret-of-sixteen' WHERE app_id = 'game-ios'`.execute(db)).rejects.toThrow(constraint);
    // as before migration 061: the CHECK not there yet
    await sql`ALTER TABLE platform_application DROP CONSTRAINT ${sql.ref(constraint)}`.execute(db);
    await sql`UPDATE platform_application SET secret = 'a-clear-secret-of-sixteen', previous_secret = NULL, previous_secret_until = NULL WHERE app_id = 'game-ios'`.execute(
      db,
    );
    await sql
      .raw(
        `ALTER TABLE platform_application ADD CONSTRAINT ${constraint} CHECK (secret LIKE 'enc:1:%' AND (previous_secret IS NULL OR previous_secret LIKE 'enc:1:%')) NOT VALID`,
      )
      .execute(db);
    expect(await sealClearSecrets(db)).toEqual([{ table: 'platform_application', rows: 1 }]);
    const row = await db.selectFrom('platform_application').select('secret').where('app_id', '=', 'game-ios').executeTakeFirstOrThrow();
    expect(openAppSecret(row.secret, 'game-ios')).toBe('a-clear-secret-of-sixteen');
    const { rows } = await sql<{
      valid: boolean;
    }>`SELECT convalidated AS valid FROM pg_constraint WHERE conname = ${constraint} AND conrelid = 'platform_application'::regclass`.execute(db);
    expect(rows).toEqual([{ valid: true }]);
    expect(await sealClearSecrets(db)).toEqual([]);
    // a sealed value moved to another application does not open there
    const demo = await db.selectFrom('platform_application').select('secret').where('app_id', '=', 'demo-app').executeTakeFirstOrThrow();
    expect(() => openAppSecret(demo.secret, 'game-ios')).toThrow(SealedSecretError);
    expect(sealAppSecret('x', 'game-ios')).toMatch(/^enc:1:/);
  });
});
