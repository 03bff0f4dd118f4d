/**
 * `npm run create-admin -- [--username admin] [--name "…"]`: the first console account of a
 * production database (decision 043). The password is read from
 * stdin when it is piped (`printf '%s' "$PW" | npm run create-admin`), else asked for on the
 * terminal without echo. Migrates the database first (as MIGRATION_DATABASE_URL, default
 * DATABASE_URL; else the PGlite under DATA_DIR), refuses when an enabled admin exists already
 * (more accounts are made on /adminmanager), and writes the creation to the operation log
 * (never the password). Exit 0 with one line on success, 1 with one line naming the problem.
 */
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { usernameRule, newPassword } from '@console/schemas';
import { sql } from 'kysely';
import { configFromEnv, defaultConfig } from '../config';
import { migrate } from '../db/migrate';
import { createPglite, openDatabase, RUNTIME_ROLE } from '../db/open';
import { hashPassword } from '../domains/auth/passwords';
import { appendOperationLog } from '../domains/operation-log/chain';
import { startMode } from '../production';
import { keyringForStart, useKeyring } from '../secrets/keyring';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The whole of stdin when piped (one trailing newline dropped), or a hidden prompt on a terminal. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.replace(/\r?\n$/, '');
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const muted = rl as unknown as { _writeToOutput: (s: string) => void };
  process.stdout.write('password: ');
  muted._writeToOutput = () => undefined; // no echo
  const answer = await new Promise<string>((r) => rl.question('', r));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

const username = usernameRule.safeParse(arg('username') ?? 'admin');
if (!username.success) fail(`username: ${username.error.issues[0]?.message}`);
const name = (arg('name') ?? 'Administrator').trim().slice(0, 64) || 'Administrator';
const password = newPassword.safeParse(await readPassword());
if (!password.success) fail(`password: ${password.error.issues[0]?.message}`);

const env = process.env;
try {
  useKeyring(keyringForStart(env, startMode(env).production)); // the migrations seal what is still in clear
} catch (error) {
  fail((error as Error).message);
}
const databaseUrl = env.DATABASE_URL || undefined;
const migrationUrl = env.MIGRATION_DATABASE_URL || databaseUrl;
const config = defaultConfig(configFromEnv(env));
const pglite = databaseUrl ? undefined : await createPglite(resolve(env.DATA_DIR || './data'));
const owner = await openDatabase({ databaseUrl: migrationUrl, pglite, poolSize: 1 });
await migrate(owner.db);
await owner.close();
const database = await openDatabase({ databaseUrl, pglite, role: RUNTIME_ROLE, poolSize: 1 });
try {
  const now = new Date();
  const hash = await hashPassword(password.data, config.argon2);
  const created = await database.db.transaction().execute(async (trx) => {
    const admins = await sql<{ username: string }>`SELECT username FROM console_account WHERE enabled AND roles @> '["admin"]'::jsonb LIMIT 1`.execute(trx);
    if (admins.rows.length > 0) return `an enabled admin account exists already (${admins.rows[0].username}): create more accounts on /adminmanager`;
    const inserted = await trx
      .insertInto('console_account')
      .values({
        username: username.data,
        password_hash: hash,
        name,
        roles: JSON.stringify(['admin']),
        partner: 0,
        telephone: '',
        avatar: '',
        enabled: true,
        share_code: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('username')
      .executeTakeFirst();
    if (!inserted) return `username: account ${username.data} exists already`;
    await appendOperationLog(
      trx,
      {
        username: 'cli:create-admin',
        partner: 0,
        operation: 'accounts.createAdmin',
        target: username.data,
        result: 'ok',
        status: 200,
        message: '',
        before: null,
        after: { username: username.data, name, roles: ['admin'], partner: 0, enabled: true },
        ip: '',
      },
      now,
    );
    return null;
  });
  if (created) fail(created);
  console.log(`created admin account ${username.data}; sign in and bind an authenticator`);
} finally {
  await database.close();
  await pglite?.close();
}
