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
import { exportAnchor, readAnchors } from '../domains/operation-log/anchor';
import { appendOperationLog, recordHash } from '../domains/operation-log/chain';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./audit-verify.ts', import.meta.url));

async function verify(dataDir: string, args: string[] = []): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
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
  try {
    await work(database.db);
  } finally {
    await database.close();
    await pglite.close();
  }
}

describe('npm run audit:verify', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'audit-verify-'));
    await withOwner(dataDir, async (db) => {
      await migrate(db);
      for (const target of ['sales', 'service', 'partner']) {
        await appendOperationLog(
          db,
          {
            username: 'admin',
            partner: 0,
            operation: 'admin.userinfo.update',
            target,
            result: 'ok',
            status: 200,
            message: '',
            before: { enabled: true },
            after: { enabled: false },
            ip: '127.0.0.1',
          },
          new Date('2026-11-22T10:00:00Z'),
        );
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

  it('an anchor kept outside the database catches a chain rewritten whole (exit 1)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-anchor-'));
    const anchors = join(dir, 'anchors.jsonl');
    try {
      await withOwner(dir, async (db) => {
        await migrate(db);
        for (const target of ['sales', 'service']) {
          await appendOperationLog(
            db,
            {
              username: 'admin',
              partner: 0,
              operation: 'admin.userinfo.update',
              target,
              result: 'ok',
              status: 200,
              message: '',
              before: null,
              after: { enabled: false },
              ip: '127.0.0.1',
            },
            new Date('2026-11-22T10:00:00Z'),
          );
        }
        expect(await exportAnchor(db, anchors, new Date('2026-11-22T10:10:00Z'))).toMatchObject({ id: 2 });
        expect(await exportAnchor(db, anchors, new Date('2026-11-22T10:20:00Z'))).toBeNull(); // the head did not move
        await appendOperationLog(
          db,
          {
            username: 'admin',
            partner: 0,
            operation: 'admin.userinfo.update',
            target: 'partner',
            result: 'ok',
            status: 200,
            message: '',
            before: null,
            after: { enabled: false },
            ip: '127.0.0.1',
          },
          new Date('2026-11-22T10:25:00Z'),
        );
        expect(await exportAnchor(db, anchors, new Date('2026-11-22T10:30:00Z'))).toMatchObject({ id: 3 });
      });
      expect(readAnchors(anchors).map((a) => a.id)).toEqual([2, 3]);
      expect(await verify(dir, ['--anchors', anchors])).toEqual({
        code: 0,
        out: 'ok, 3 records; 2 anchors hold (latest: record 3 at 2026-11-22T10:30:00.000Z)\n',
      });
      // the owner rewrites record 2 and every hash after it, and the chain head: consistent within itself
      await withOwner(dir, async (db) => {
        await db.transaction().execute(async (trx) => {
          await sql`ALTER TABLE operation_log DISABLE TRIGGER operation_log_no_update_delete`.execute(trx);
          await trx.updateTable('operation_log').set({ target: 'someone-else' }).where('id', '=', 2).execute();
          let prev = (await trx.selectFrom('operation_log').select('hash').where('id', '=', 1).executeTakeFirstOrThrow()).hash;
          for (const row of await trx.selectFrom('operation_log').selectAll().where('id', '>=', 2).orderBy('id').execute()) {
            const hash = recordHash(prev, row);
            await trx.updateTable('operation_log').set({ prev_hash: prev, hash }).where('id', '=', row.id).execute();
            prev = hash;
          }
          await trx.updateTable('operation_log_head').set({ last_hash: prev }).where('id', '=', 1).execute();
          await sql`ALTER TABLE operation_log ENABLE TRIGGER operation_log_no_update_delete`.execute(trx);
        });
      });
      expect(await verify(dir)).toEqual({ code: 0, out: 'ok, 3 records\n' }); // the chain alone cannot tell
      const caught = await verify(dir, ['--anchors', anchors]);
      expect(caught).toEqual({ code: 1, out: 'rewritten: record 2 no longer carries the hash anchored at 2026-11-22T10:10:00.000Z: the log was rewritten\n' });
      expect((await verify(dir, ['--anchors', join(dir, 'none')])).code).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a directory that does not exist (exit 2)', async () => {
    const missing = await verify(join(dataDir, 'nope'));
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('does not exist');
  });
});
