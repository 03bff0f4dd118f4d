import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/open';
import { databases, type OpenedTestDatabase } from '../../test/databases';
import { reconcile } from '../ledger/reconcile';
import { advanceBatch, batchKey } from './advance';
import { createBatch } from './batches';
import { allowance } from './limits';
import { addPlayers, batchLedger, batchText } from './testing';
import { BatchWorker } from './worker';

const now = new Date('2026-11-22T10:00:00Z');
const admin = { username: 'boss1', roles: ['admin'], partner: 0 };

async function newBatch(db: Db, lines: { uid: number; amount: number }[], currency: 'chip' | 'withdrawable' = 'chip', user = admin) {
  const note = { target: '', before: null, after: null };
  return db.transaction().execute((trx) => createBatch({ db: trx, user, now, note }, currency, { text: batchText(lines), reason: 'test' }));
}

const batchRow = (db: Db, id: number) => db.selectFrom('issue_batch').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const lineRows = (db: Db, id: number) => db.selectFrom('issue_batch_line').selectAll().where('batch_id', '=', id).orderBy('line_no').execute();
const setLimit = (db: Db, group: string, limit: number) =>
  db.updateTable('issue_limit').set({ daily_limit: limit }).where('permission_group', '=', group).where('currency', '=', 'chip').execute();

describe.each(databases())('the batch worker on $kind', (kind) => {
  let database: OpenedTestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await kind.open();
    db = database.db;
    await db
      .insertInto('console_account')
      .values([
        { username: 'boss1', password_hash: 'x', roles: JSON.stringify(['admin']) },
        { username: 'boss2', password_hash: 'x', roles: JSON.stringify(['admin']) },
        { username: 'boss3', password_hash: 'x', roles: JSON.stringify(['admin']) },
      ])
      .execute();
    await addPlayers(db, 1, 10_200);
  });
  afterAll(async () => database?.close());

  it('credits one chunk per step, counters and lines follow, done after the last', async () => {
    const batch = await newBatch(
      db,
      [1, 2, 3, 4, 5, 6, 7].map((uid) => ({ uid, amount: uid * 10 })),
    );
    expect(await advanceBatch(db, batch.id, 3, now)).toBe('advanced');
    expect(await batchRow(db, batch.id)).toMatchObject({ status: 'running', sent_lines: 3, sent_amount: 60, failed_lines: 0 });
    expect((await lineRows(db, batch.id)).map((l) => l.status)).toEqual(['sent', 'sent', 'sent', 'pending', 'pending', 'pending', 'pending']);
    expect(await advanceBatch(db, batch.id, 3, now)).toBe('advanced');
    expect(await advanceBatch(db, batch.id, 3, now)).toBe('finished');
    expect(await batchRow(db, batch.id)).toMatchObject({ status: 'done', sent_lines: 7, sent_amount: 280, failed_lines: 0, finished_at: now });
    expect(await advanceBatch(db, batch.id, 3, now)).toBe('skipped');
    const lines = await lineRows(db, batch.id);
    const entry = await db.selectFrom('ledger_entry').selectAll().where('id', '=', lines[6].ledger_entry_id!).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ uid: 7, currency: 'chip', delta: 70, reason: 'batch.chip', actor: 'staff:boss1', idem_key: batchKey(batch.id, 7) });
  });

  it('a line over the daily limit fails with its message; a later, smaller line may still fit', async () => {
    const user = { username: 'lead9', roles: ['serviceleader'], partner: 0 };
    await db
      .insertInto('console_account')
      .values({ username: 'lead9', password_hash: 'x', roles: JSON.stringify(['serviceleader']) })
      .execute();
    const batch = await newBatch(
      db,
      [
        { uid: 11, amount: 600 },
        { uid: 12, amount: 500 },
        { uid: 13, amount: 300 },
        { uid: 14, amount: 100 },
        { uid: 15, amount: 1 },
      ],
      'chip',
      user,
    );
    await setLimit(db, 'Customer Service Leader', 1_000); // lowered after the batch was accepted
    expect(await advanceBatch(db, batch.id, 200, now)).toBe('finished');
    expect((await lineRows(db, batch.id)).map((l) => [l.status, l.message])).toEqual([
      ['sent', ''],
      ['failed', 'Daily issue limit exceeded: 400 left of 1000'],
      ['sent', ''],
      ['sent', ''],
      ['failed', 'Daily issue limit exceeded: 0 left of 1000'],
    ]);
    expect(await batchRow(db, batch.id)).toMatchObject({ sent_lines: 3, sent_amount: 1_000, failed_lines: 2 });
    expect(await allowance(db, user, 'chip', now)).toEqual({ limit: 1_000, issued: 1_000, remaining: 0 });
  });

  it('lines of an issuer that was disabled meanwhile fail, nothing is paid', async () => {
    await db
      .insertInto('console_account')
      .values({ username: 'gone1', password_hash: 'x', roles: JSON.stringify(['admin']) })
      .execute();
    const batch = await newBatch(db, [{ uid: 21, amount: 5 }], 'chip', { username: 'gone1', roles: ['admin'], partner: 0 });
    await db.updateTable('console_account').set({ enabled: false }).where('username', '=', 'gone1').execute();
    await advanceBatch(db, batch.id, 200, now);
    expect((await lineRows(db, batch.id))[0]).toMatchObject({ status: 'failed', message: 'The issuing account is disabled or removed' });
    expect((await batchLedger(db, batch.id)).entriesTotal).toBe(0);
  });

  it('a step that breaks at its last statement leaves its whole chunk pending; the next step credits it once', async () => {
    const batch = await newBatch(
      db,
      [31, 32, 33, 34, 35].map((uid) => ({ uid, amount: 7 })),
    );
    // the batch's counters cannot be written: the credits made before must roll back too
    await sql
      .raw(
        `CREATE FUNCTION fail_once() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.id = ${batch.id} THEN RAISE EXCEPTION 'simulated crash'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER fail_once BEFORE UPDATE ON issue_batch FOR EACH ROW EXECUTE FUNCTION fail_once();`,
      )
      .execute(database.owner);
    const usage = await allowance(db, admin, 'chip', now);
    await expect(advanceBatch(db, batch.id, 200, now)).rejects.toThrow(/simulated crash/);
    await sql.raw('DROP TRIGGER fail_once ON issue_batch; DROP FUNCTION fail_once();').execute(database.owner);
    expect((await lineRows(db, batch.id)).every((l) => l.status === 'pending')).toBe(true);
    expect(await batchLedger(db, batch.id)).toMatchObject({ once: 0, entriesTotal: 0 });
    expect(await allowance(db, admin, 'chip', now)).toEqual(usage);
    expect(await advanceBatch(db, batch.id, 200, now)).toBe('finished');
    expect(await batchLedger(db, batch.id)).toMatchObject({ lines: 5, once: 5, twice: 0, entriesTotal: 35 });
  });

  it('a credit the ledger refuses fails that line alone, and its amount is not counted against the limit', async () => {
    const batch = await newBatch(
      db,
      [41, 42, 43, 44, 45].map((uid) => ({ uid, amount: 9 })),
    );
    await sql
      .raw(
        `CREATE FUNCTION refuse_one() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.idem_key = '${batchKey(batch.id, 4)}' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_one BEFORE INSERT ON ledger_entry FOR EACH ROW EXECUTE FUNCTION refuse_one();`,
      )
      .execute(database.owner);
    const before = await allowance(db, admin, 'chip', now);
    try {
      expect(await advanceBatch(db, batch.id, 200, now)).toBe('finished');
    } finally {
      await sql.raw('DROP TRIGGER refuse_one ON ledger_entry; DROP FUNCTION refuse_one();').execute(database.owner);
    }
    expect((await lineRows(db, batch.id)).map((l) => [l.status, l.message])).toEqual([
      ['sent', ''],
      ['sent', ''],
      ['sent', ''],
      ['failed', 'Credit failed'],
      ['sent', ''],
    ]);
    expect(await batchLedger(db, batch.id)).toMatchObject({ once: 4, entriesTotal: 36 });
    expect((await allowance(db, admin, 'chip', now)).issued).toBe(before.issued + 36);
  });

  it('several workers on one batch: every line credited exactly once', async () => {
    const batch = await newBatch(
      db,
      Array.from({ length: 1_000 }, (_, i) => ({ uid: 100 + i, amount: 3 })),
    );
    const workers = Array.from({ length: 4 }, () => new BatchWorker(db, () => now.getTime(), { chunkLines: 50 }));
    await Promise.all(workers.map((w) => w.pass()));
    expect(await batchRow(db, batch.id)).toMatchObject({ status: 'done', sent_lines: 1_000, sent_amount: 3_000 });
    expect(await batchLedger(db, batch.id)).toMatchObject({ lines: 1_000, once: 1_000, twice: 0, missing: 0, entriesTotal: 3_000 });
  });

  it('20 concurrent batches against one daily limit: exactly what fits is issued', async () => {
    const user = { username: 'boss2', roles: ['admin'], partner: 0 };
    await setLimit(db, 'Admin', 730_000);
    try {
      // 20 batches of 5 lines of 10 000 = 1 000 000 asked, 730 000 allowed: 73 lines fit
      const batches = await Promise.all(
        Array.from({ length: 20 }, (_, b) =>
          newBatch(
            db,
            Array.from({ length: 5 }, (_, i) => ({ uid: 2_000 + b * 5 + i, amount: 10_000 })),
            'chip',
            user,
          ),
        ),
      );
      const workers = Array.from({ length: 4 }, () => new BatchWorker(db, () => now.getTime(), { chunkLines: 2 }));
      await Promise.all(workers.map((w) => w.pass()));
      const ids = batches.map((b) => b.id);
      const rows = await db.selectFrom('issue_batch').selectAll().where('id', 'in', ids).execute();
      expect(rows.every((r) => r.status === 'done')).toBe(true);
      expect(rows.reduce((s, r) => s + r.sent_lines, 0)).toBe(73);
      expect(rows.reduce((s, r) => s + r.failed_lines, 0)).toBe(27);
      const entries = await db
        .selectFrom('ledger_entry')
        .select((eb) => eb.fn.sum<number>('delta').as('total'))
        .where('actor', '=', 'staff:boss2')
        .executeTakeFirstOrThrow();
      expect(Number(entries.total)).toBe(730_000);
      expect(await allowance(db, user, 'chip', now)).toEqual({ limit: 730_000, issued: 730_000, remaining: 0 });
      const failed = await db.selectFrom('issue_batch_line').select('message').where('batch_id', 'in', ids).where('status', '=', 'failed').execute();
      expect(new Set(failed.map((f) => f.message))).toEqual(new Set(['Daily issue limit exceeded: 0 left of 730000']));
    } finally {
      await setLimit(db, 'Admin', 100_000_000);
    }
  });

  it('uneven amounts against a limit: the sum issued equals the entries, and no failed line would still fit', async () => {
    const user = { username: 'boss3', roles: ['admin'], partner: 0 };
    await setLimit(db, 'Admin', 123_457);
    try {
      const amount = (b: number, i: number) => 1_000 + ((b * 7_919 + i * 104_729) % 9_000);
      const batches = await Promise.all(
        Array.from({ length: 20 }, (_, b) =>
          newBatch(
            db,
            Array.from({ length: 5 }, (_, i) => ({ uid: 3_000 + b * 5 + i, amount: amount(b, i) })),
            'chip',
            user,
          ),
        ),
      );
      await Promise.all(Array.from({ length: 3 }, () => new BatchWorker(db, () => now.getTime(), { chunkLines: 3 }).pass()));
      const ids = batches.map((b) => b.id);
      const lines = await db.selectFrom('issue_batch_line').selectAll().where('batch_id', 'in', ids).execute();
      const sent = lines.filter((l) => l.status === 'sent').reduce((s, l) => s + Number(l.amount), 0);
      const entries = await db
        .selectFrom('ledger_entry')
        .select((eb) => eb.fn.sum<number>('delta').as('total'))
        .where('actor', '=', 'staff:boss3')
        .executeTakeFirstOrThrow();
      const { issued } = await allowance(db, user, 'chip', now);
      expect(Number(entries.total)).toBe(sent);
      expect(issued).toBe(sent);
      expect(sent).toBeLessThanOrEqual(123_457);
      const smallestFailed = Math.min(...lines.filter((l) => l.status === 'failed').map((l) => Number(l.amount)));
      expect(sent + smallestFailed).toBeGreaterThan(123_457);
    } finally {
      await setLimit(db, 'Admin', 100_000_000);
    }
  });

  it('a 10,000-recipient batch: measured, every line once, the ledger reconciles', { timeout: 180_000 }, async () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => ({ uid: 200 + i, amount: 1 + (i % 97) }));
    const started = performance.now();
    const batch = await newBatch(db, lines);
    const created = performance.now();
    await new BatchWorker(db, () => now.getTime()).pass();
    const finished = performance.now();
    console.log(`[${kind.kind}] 10,000-line batch: create ${Math.round(created - started)} ms, credit ${Math.round(finished - created)} ms`);
    expect(await batchRow(db, batch.id)).toMatchObject({ status: 'done', sent_lines: 10_000, failed_lines: 0 });
    expect(await batchLedger(db, batch.id)).toMatchObject({ lines: 10_000, once: 10_000, twice: 0, missing: 0 });
    expect((await reconcile(db)).differences).toEqual([]);
    // target ≤ 10 s (measured 4–8 s on a loaded 2-core machine); twice that fails here, so that a
    // shared machine's load does not make the suite flaky while a real regression still shows
    if (kind.kind === 'postgres') expect(finished - started).toBeLessThan(20_000);
  });
});
