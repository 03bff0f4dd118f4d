import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { addPlayers, batchLedger } from './testing';

const GOLD = '/api/usermanager/batchsendgold';
const CASH = '/api/usermanager/batchsendcash';

async function waitDone(t: TestApp, url: string, id: number, token: string) {
  for (let i = 0; i < 200; i++) {
    const res = await t.get(`${url}/progress`, token, { id: String(id) });
    if (res.body.data?.status === 'done') return res.body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`batch ${id} not done`);
}

describe.each(databases())('batch send through the API on $kind', (db) => {
  let t: TestApp;
  let admin: string;
  let secadmin: string;
  beforeAll(async () => {
    t = await testApp(db);
    await addPlayers(t.database.db, 1001, 20);
    await addPlayers(t.database.db, 2001, 5, 1);
    admin = await t.loginAs('admin');
    secadmin = await t.loginAs('secadmin');
  });
  afterAll(async () => t?.close());

  const count = async (table: 'issue_batch' | 'issue_batch_line' | 'ledger_entry') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('roles come from the catalogue: chips for admin only, cash for admin and secadmin', async () => {
    const body = { text: '1001,5', reason: 'r' };
    expect((await t.post(`${GOLD}/sendgold/validate`, body, secadmin)).status).toBe(403);
    expect((await t.post(`${GOLD}/sendgold/validate`, body, await t.loginAs('service'))).status).toBe(403);
    expect((await t.get(`${GOLD}/sendlogs`, secadmin)).status).toBe(403);
    expect((await t.post(`${CASH}/sendcash/validate`, body, secadmin)).status).toBe(200);
    expect((await t.get(`${CASH}/sendcashlogs`, secadmin)).status).toBe(200);
    expect((await t.post(`${GOLD}/sendgold/limits/update`, { group: 'Admin', chip: 1, withdrawable: 1 }, secadmin)).status).toBe(403);
  });

  it('validate lists every problem with its line number and writes nothing', async () => {
    const text = ['uid,amount', '1001,500', '1002, abc', '', '1003\t1.5', '1004 0', '1005,-3', '1006,1000000000001', '1001,7', '999999,5', '1007;8;9'].join(
      '\n',
    );
    const before = await count('issue_batch');
    const res = await t.post(`${GOLD}/sendgold/validate`, { text, reason: 'promo' }, admin);
    expect(res.status).toBe(200);
    expect(res.body.data.ok).toBe(false);
    expect(res.body.data.errors.map((e: { line: number; message: string }) => `Line ${e.line}: ${e.message}`)).toEqual([
      'Line 3: amount must be a whole number',
      'Line 5: amount must be a whole number',
      'Line 6: amount must be at least 1',
      'Line 7: amount must be at least 1',
      'Line 8: amount must be at most 1000000000000',
      'Line 9: uid is already on line 2',
      'Line 10: no player with this uid',
      'Line 11: expected uid,amount',
    ]);
    expect(res.body.data).toMatchObject({ lines: 1, players: 1, total: 500, allowance: { limit: 100_000_000, issued: 0, remaining: 100_000_000 } });
    expect(await count('issue_batch')).toBe(before);
    const create = await t.post(`${GOLD}/sendgold/create`, { text, reason: 'promo' }, admin);
    expect(create.status).toBe(400);
    expect(create.body.message).toBe(
      'text: Line 3: amount must be a whole number; Line 5: amount must be a whole number; ' +
        'Line 6: amount must be at least 1; Line 7: amount must be at least 1; Line 8: amount must be at most 1000000000000; and 3 more',
    );
    expect(await count('issue_batch')).toBe(before);
  });

  it('the reason is required and at most 200 characters; amounts in the body are strict', async () => {
    expect((await t.post(`${GOLD}/sendgold/create`, { text: '1001,5', reason: 'x'.repeat(201) }, admin)).body.message).toBe('reason: Over 200 characters');
    expect((await t.post(`${GOLD}/sendgold/create`, { text: '1001,5', reason: '   ' }, admin)).body.message).toBe('reason: Required');
    expect((await t.post(`${GOLD}/sendgold/create`, { text: '1001,5' }, admin)).body.message).toBe('reason: Required');
    expect((await t.post(`${GOLD}/sendgold/create`, { text: '', reason: 'r' }, admin)).body.message).toBe('text: Required');
    expect((await t.post(`${GOLD}/sendgold/create`, { text: '\n\n', reason: 'r' }, admin)).body.message).toBe('text: No lines');
  });

  it('admin sees the players of every partner', async () => {
    const res = await t.post(`${GOLD}/sendgold/validate`, { text: '2001,5\n2002,6', reason: 'r' }, admin);
    expect(res.body.data).toMatchObject({ ok: true, lines: 2, total: 11, fits: true });
  });

  it('create stores the batch with its audit record; the worker credits every line once', async () => {
    const text = Array.from({ length: 20 }, (_, i) => `${1001 + i},${(i + 1) * 100}`).join('\n');
    const res = await t.post(`${GOLD}/sendgold/create`, { text, reason: 'Weekend promo' }, admin);
    expect(res.status).toBe(200);
    const batch = res.body.data;
    expect(batch).toMatchObject({ currency: 'chip', createdBy: 'admin', reason: 'Weekend promo', lines: 20, total: 21_000 });
    const log = await t.database.db
      .selectFrom('operation_log')
      .selectAll()
      .where('operation', '=', 'usermanager.sendgold.create')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ result: 'ok', target: `issue_batch:${batch.id}` });
    expect(log.after).toMatchObject({ id: batch.id, lines: 20, players: 20, total: 21_000, reason: 'Weekend promo' });
    const done = await waitDone(t, `${GOLD}/sendgold`, batch.id, admin);
    expect(done).toMatchObject({ sentLines: 20, sentAmount: 21_000, failedLines: 0 });
    expect(await batchLedger(t.database.db, batch.id)).toMatchObject({ lines: 20, once: 20, twice: 0, missing: 0, entriesTotal: 21_000 });
    const p = await t.database.db.selectFrom('player_balance').select('chip').where('uid', '=', 1020).executeTakeFirstOrThrow();
    expect(p.chip).toBe(2_000);
    const allowance = await t.get(`${GOLD}/sendgold/allowance`, admin);
    expect(allowance.body.data).toEqual({ limit: 100_000_000, issued: 21_000, remaining: 99_979_000 });

    const list = await t.get(`${GOLD}/sendlogs`, admin, { createdBy: 'admin' });
    expect(list.body.data.items[0]).toMatchObject({ id: batch.id, status: 'done', sentLines: 20 });
    expect((await t.get(`${CASH}/sendcashlogs`, admin, { id: String(batch.id) })).body.data.total).toBe(0);
    const columns = JSON.stringify([
      { key: 'id', title: 'Batch' },
      { key: 'status', title: 'Status', labels: { done: 'Done' } },
      { key: 'total', title: 'Total', format: 'int' },
    ]);
    const csv = await t.app.inject({ method: 'GET', url: `${GOLD}/sendlogs/export`, query: { columns, createdBy: 'admin' }, headers: { 'x-token': admin } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`Batch,Status,Total\r\n${batch.id},Done,21,000\r\n`.replace('21,000', '"21,000"'));
    const lines = await t.get(`${GOLD}/sendlogs/lines`, admin, { batchId: String(batch.id), pageSize: '5', page: '2' });
    expect(lines.body.data.total).toBe(20);
    expect(lines.body.data.items.map((l: { lineNo: number }) => l.lineNo)).toEqual([6, 7, 8, 9, 10]);
    expect(lines.body.data.items[0]).toMatchObject({ uid: 1006, amount: 600, status: 'sent', message: '' });
    expect((await t.get(`${GOLD}/sendlogs/lines`, admin, { batchId: '999999' })).status).toBe(404);
    expect((await t.get(`${CASH}/sendcashlogs/lines`, admin, { batchId: String(batch.id) })).status).toBe(404);
  });

  it('cash goes to the withdrawable balance and counts against the cash limit', async () => {
    const res = await t.post(`${CASH}/sendcash/create`, { text: '1001,12345\n1002,55', reason: 'refund' }, secadmin);
    expect(res.status).toBe(200);
    await waitDone(t, `${CASH}/sendcash`, res.body.data.id, secadmin);
    const p = await t.database.db.selectFrom('player_balance').select(['withdrawable', 'chip']).where('uid', '=', 1001).executeTakeFirstOrThrow();
    expect(p.withdrawable).toBe(12_345);
    const entry = await t.database.db.selectFrom('ledger_entry').selectAll().where('idem_key', '=', `batch:${res.body.data.id}:1`).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ currency: 'withdrawable', delta: 12_345, reason: 'batch.cash', actor: 'staff:secadmin' });
    expect((await t.get(`${CASH}/sendcash/allowance`, secadmin)).body.data).toEqual({ limit: 5_000_000, issued: 12_400, remaining: 4_987_600 });
  });

  it('a batch over what is left today is refused (409) and nothing is stored', async () => {
    const before = await count('issue_batch');
    const res = await t.post(`${CASH}/sendcash/create`, { text: '1003,4987601', reason: 'too much' }, secadmin);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Daily issue limit exceeded: 4987600 left of 5000000');
    expect(await count('issue_batch')).toBe(before);
    const check = await t.post(`${CASH}/sendcash/validate`, { text: '1003,4987601', reason: 'too much' }, secadmin);
    expect(check.body.data).toMatchObject({ ok: true, fits: false });
  });

  it('admin edits the daily limits of a group (audited); bad values are 400', async () => {
    const list = await t.get(`${GOLD}/sendgold/limits`, admin);
    expect(list.body.data.total).toBe(11);
    expect(list.body.data.items.find((r: { group: string }) => r.group === 'Second Admin')).toEqual({
      group: 'Second Admin',
      chip: 50_000_000,
      withdrawable: 5_000_000,
    });
    const res = await t.post(`${GOLD}/sendgold/limits/update`, { group: 'Second Admin', chip: 1, withdrawable: 20_000 }, admin);
    expect(res.body).toEqual({ code: 200, data: { group: 'Second Admin', chip: 1, withdrawable: 20_000 } });
    const log = await t.database.db
      .selectFrom('operation_log')
      .selectAll()
      .where('operation', '=', 'usermanager.sendgold.limits.update')
      .where('result', '=', 'ok')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      target: 'issue_limit:Second Admin',
      before: { chip: 50_000_000, withdrawable: 5_000_000 },
      after: { chip: 1, withdrawable: 20_000 },
    });
    expect((await t.get(`${CASH}/sendcash/allowance`, secadmin)).body.data).toEqual({ limit: 20_000, issued: 12_400, remaining: 7_600 });
    for (const [body, message] of [
      [{ group: 'Nobody', chip: 1, withdrawable: 1 }, 'group: Unknown permission group'],
      [{ group: 'Admin', chip: 1.5, withdrawable: 1 }, 'chip: Must be a whole number'],
      [{ group: 'Admin', chip: '5', withdrawable: 1 }, 'chip: Expected number'],
      [{ group: 'Admin', chip: 1, withdrawable: -1 }, 'withdrawable: Must be at least 0'],
      [{ group: 'Admin', chip: 1e13, withdrawable: 1 }, 'chip: Must be at most 1000000000000'],
    ] as const) {
      const bad = await t.post(`${GOLD}/sendgold/limits/update`, body, admin);
      expect([bad.status, bad.body.message]).toEqual([400, message]);
    }
  });
});
