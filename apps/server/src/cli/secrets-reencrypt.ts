/**
 * `npm run secrets:reencrypt`: after a key rotation, moves every sealed secret (application
 * signing secrets, authenticator seeds: secrets/columns.ts) to the current key, so the retired
 * key can be dropped from CONSOLE_SECRET_KEY_PREVIOUS. Reads the key ring as the server does
 * (CONSOLE_SECRET_KEY or CONSOLE_SECRET_KEY_FILE, and the retired keys); opens the database as
 * the server does (DATABASE_URL and MIGRATION_DATABASE_URL, else the PGlite under DATA_DIR);
 * writes the move to the operation log. Prints one line per table and what each key still
 * seals; exit 1 with one line when a value does not open.
 * Rotation, step by step: docs/decisions/044-secrets-at-rest.md.
 */
import { resolve } from 'node:path';
import { migrate } from '../db/migrate';
import { createPglite, openDatabase, RUNTIME_ROLE } from '../db/open';
import { appendOperationLog } from '../domains/operation-log/chain';
import { startMode } from '../production';
import { reencryptSecrets, sealedKeyCounts } from '../secrets/columns';
import { keyringForStart, useKeyring } from '../secrets/keyring';

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

const env = process.env;
let keys;
try {
  keys = keyringForStart(env, startMode(env).production);
} catch (error) {
  fail((error as Error).message);
}
useKeyring(keys);
const databaseUrl = env.DATABASE_URL || undefined;
const pglite = databaseUrl ? undefined : await createPglite(resolve(env.DATA_DIR || './data'));
const owner = await openDatabase({ databaseUrl: env.MIGRATION_DATABASE_URL || databaseUrl, pglite, poolSize: 1 });
try {
  await migrate(owner.db);
  const moved = await reencryptSecrets(owner.db, keys).catch((error: Error) => fail(error.message));
  for (const m of moved) console.log(`${m.table}: ${m.rows} row${m.rows === 1 ? '' : 's'} moved to key ${keys.current.id}`);
  const counts = [...(await sealedKeyCounts(owner.db))].map(([id, n]) => `${id} ${n}`).join(', ');
  console.log(`sealed values by key: ${counts || 'none'}`);
  const runtime = await openDatabase({ databaseUrl, pglite, role: RUNTIME_ROLE, poolSize: 1 });
  try {
    await appendOperationLog(
      runtime.db,
      {
        username: 'cli:secrets-reencrypt',
        partner: 0,
        operation: 'secrets.reencrypt',
        target: `key:${keys.current.id}`,
        result: 'ok',
        status: 200,
        message: '',
        before: null,
        after: { key: keys.current.id, moved: Object.fromEntries(moved.map((m) => [m.table, m.rows])) },
        ip: '',
      },
      new Date(),
    );
  } finally {
    await runtime.close();
  }
} finally {
  await owner.close();
  await pglite?.close();
}
