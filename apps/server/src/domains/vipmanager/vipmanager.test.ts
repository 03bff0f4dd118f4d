/**
 * /vipmanager on each database: vipsend (the issuing machinery restricted to VIP players: a
 * non-VIP line refused with its line number, the same daily limits, credited once through the
 * ledger, the VIP batches scoped by partner) and vipservice (hosts assigned, reassigned and
 * unassigned with their operation-log records, the contact log); roles refused before the
 * input is read; bad input named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { addPlayers, batchLedger } from '../issuing/testing';

const SEND = '/api/vipmanager/vipsend';
const SERVICE = '/api/vipmanager/vipservice';

describe.each(databases())('vipmanager on $kind', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  async function waitDone(id: number, token: string) {
    for (let i = 0; i < 200; i++) {
      const res = await t.get(`${SEND}/progress`, token, { id: String(id) });
      if (res.body.data?.status === 'done') return res.body.data;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`batch ${id} not done`);
  }
  const logOf = async (operation: string) =>
    t.database.db
      .selectFrom('operation_log')
      .select(['username', 'target', 'before', 'after'])
      .where('operation', '=', operation)
      .where('result', '=', 'ok')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await testApp(kind);
    const db = t.database.db;
    await addPlayers(db, 7001, 6);
    await addPlayers(db, 7101, 3, 1);
    for (const [uid, vip] of [
      [7001, 1],
      [7002, 2],
      [7003, 3],
      [7004, 1],
      [7101, 2],
      [7102, 1],
    ] as const) {
      await db.updateTable('player').set({ vip }).where('uid', '=', uid).execute();
    }
    for (const who of ['admin', 'business', 'secadmin', 'partner', 'service', 'serviceleader', 'sales', 'maint']) tokens[who] = await t.loginAs(who);
  });
  afterAll(async () => t?.close());

  it('roles come from the catalogue and are refused before the input is read', async () => {
    for (const who of ['service', 'serviceleader', 'sales']) {
      expect((await t.post(`${SEND}/validate`, { nonsense: true }, tokens[who])).status).toBe(403);
      expect((await t.post(`${SEND}/create`, 'not json at all', tokens[who])).status).toBe(403);
      expect((await t.get(`${SEND}/batches`, tokens[who], { page: 'x' })).status).toBe(403);
      expect((await t.post(`${SERVICE}/assign`, { uid: 'x' }, tokens[who])).status).toBe(403);
      expect((await t.post(`${SERVICE}/contact`, {}, tokens[who])).status).toBe(403);
      expect((await t.get(SERVICE, tokens[who], { uid: 'x' })).status).toBe(403);
    }
    expect((await t.get(`${SERVICE}/hosts`, tokens.maint)).status).toBe(403);
    for (const who of ['admin', 'business', 'secadmin', 'partner']) {
      expect((await t.get(`${SEND}/batches`, tokens[who])).status).toBe(200);
      expect((await t.get(SERVICE, tokens[who])).status).toBe(200);
    }
  });

  it('vipsend refuses a non-VIP uid with its line, in validate and in create, and writes nothing', async () => {
    const text = ['7001,100', '7005,50', '7002,abc', '7002,200'].join('\n');
    const check = await t.post(`${SEND}/validate`, { text, reason: 'vip promo' }, tokens.business);
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({ ok: false, lines: 2, players: 2, total: 300 });
    expect(check.body.data.errors).toEqual([
      { line: 2, code: 'notVip', message: 'player is not a VIP (level 0)' },
      { line: 3, code: 'amountWhole', message: 'amount must be a whole number' },
    ]);
    const create = await t.post(`${SEND}/create`, { text: '7001,100\n7005,50', reason: 'vip promo' }, tokens.business);
    expect(create.body).toEqual({ code: 400, message: 'text: Line 2: player is not a VIP (level 0)' });
    expect(create.status).toBe(400);
    expect(await t.database.db.selectFrom('vip_batch').selectAll().execute()).toEqual([]);
    // the issuing checks hold too: reason required, unknown uid named
    expect((await t.post(`${SEND}/create`, { text: '7001,100', reason: ' ' }, tokens.business)).body).toEqual({ code: 400, message: 'reason: Required' });
    expect((await t.post(`${SEND}/create`, { text: '999999,1', reason: 'r' }, tokens.business)).body.message).toBe('text: Line 1: no player with this uid');
  });

  it('vipsend credits VIP players once through the ledger, charged to the same daily limit as the usermanager sends', async () => {
    const create = await t.post(`${SEND}/create`, { text: 'uid,amount\n7001,100\n7002,250', reason: 'vip weekly' }, tokens.business);
    expect(create.status, JSON.stringify(create.body)).toBe(200);
    const id = create.body.data.id as number;
    const done = await waitDone(id, tokens.business);
    expect(done).toMatchObject({ currency: 'chip', lines: 2, total: 350, sentLines: 2, sentAmount: 350, failedLines: 0, createdBy: 'business' });
    expect(await batchLedger(t.database.db, id)).toMatchObject({ lines: 2, once: 2, twice: 0, missing: 0, sentTotal: 350, entriesTotal: 350 });
    const lines = await t.get(`${SEND}/batches/lines`, tokens.business, { batchId: String(id) });
    expect(lines.body.data.items.map((l: { uid: number; status: string }) => [l.uid, l.status])).toEqual([
      [7001, 'sent'],
      [7002, 'sent'],
    ]);
    const [record] = await logOf('vipmanager.vipsend.create');
    expect(record).toMatchObject({ username: 'business', target: `issue_batch:${id}`, after: { kind: 'vip', partner: 0, total: 350, lines: 2 } });
    // Operation's daily chip limit is 10,000,000: 350 are used
    const allowance = await t.get(`${SEND}/allowance`, tokens.business);
    expect(allowance.body.data).toEqual({ limit: 10_000_000, issued: 350, remaining: 9_999_650 });
    const over = await t.post(`${SEND}/create`, { text: '7003,9999651', reason: 'too much' }, tokens.business);
    expect(over.body).toEqual({ code: 409, message: 'Daily issue limit exceeded: 9999650 left of 10000000' });
    // the batch is a chip batch of the issuing log too
    expect((await t.get('/api/usermanager/batchsendgold/sendlogs', tokens.admin, { id: String(id) })).body.data.total).toBe(1);
  });

  it("partner accounts send to and see only their own partner's VIP players and batches", async () => {
    const refused = await t.post(`${SEND}/create`, { text: '7101,10\n7001,10\n7103,10', reason: 'p' }, tokens.partner);
    expect(refused.body.message).toBe('text: Line 2: no player with this uid; Line 3: player is not a VIP (level 0)');
    const create = await t.post(`${SEND}/create`, { text: '7101,10\n7102,20', reason: 'partner vip' }, tokens.partner);
    expect(create.status, JSON.stringify(create.body)).toBe(200);
    const id = create.body.data.id as number;
    await waitDone(id, tokens.partner);
    const mine = await t.get(`${SEND}/batches`, tokens.partner);
    expect(mine.body.data.items.map((b: { id: number }) => b.id)).toEqual([id]);
    const all = await t.get(`${SEND}/batches`, tokens.admin);
    expect(all.body.data.total).toBe(2);
    const other = all.body.data.items.find((b: { id: number }) => b.id !== id).id as number;
    expect((await t.get(`${SEND}/progress`, tokens.partner, { id: String(other) })).status).toBe(404);
    expect((await t.get(`${SEND}/batches/lines`, tokens.partner, { batchId: String(other) })).status).toBe(404);
    const exported = await t.app.inject({ method: 'GET', url: `${SEND}/batches/export`, headers: { 'x-token': tokens.partner } });
    expect(exported.statusCode).toBe(200);
    expect(exported.body.split('\n').filter((l) => l.trim() !== '')).toHaveLength(2);
  });

  it('vipservice: assign, reassign, unassign with their operation-log records', async () => {
    const assign = await t.post(`${SERVICE}/assign`, { uid: 7001, host: 'service' }, tokens.business);
    expect(assign.status, JSON.stringify(assign.body)).toBe(200);
    expect(assign.body.data).toMatchObject({ uid: 7001, host: 'service', assignedBy: 'business' });
    expect((await t.post(`${SERVICE}/assign`, { uid: 7001, host: 'service' }, tokens.business)).body).toEqual({
      code: 409,
      message: "Player 7001's host is already service",
    });
    expect((await t.post(`${SERVICE}/assign`, { uid: 7001, host: 'serviceleader' }, tokens.secadmin)).status).toBe(200);
    expect((await t.post(`${SERVICE}/assign`, { uid: 7002, host: 'business' }, tokens.admin)).status).toBe(200);
    expect(await logOf('vipmanager.vipservice.assign')).toEqual([
      { username: 'business', target: 'player:7001', before: null, after: { host: 'service' } },
      { username: 'secadmin', target: 'player:7001', before: { host: 'service', assignedBy: 'business' }, after: { host: 'serviceleader' } },
      { username: 'admin', target: 'player:7002', before: null, after: { host: 'business' } },
    ]);
    const list = await t.get(SERVICE, tokens.admin, { host: 'serviceleader' });
    expect(list.body.data).toMatchObject({ total: 1, items: [{ uid: 7001, vip: 1, host: 'serviceleader', assignedBy: 'secadmin', contacts: 0 }] });
    const unassigned = await t.get(SERVICE, tokens.admin, { unassigned: 'true', partner: '0' });
    expect(unassigned.body.data.items.map((p: { uid: number }) => p.uid)).toEqual([7003, 7004]);
    expect((await t.get(SERVICE, tokens.admin, { vip: '2' })).body.data.items.map((p: { uid: number }) => p.uid)).toEqual([7002, 7101]);
    expect((await t.post(`${SERVICE}/unassign`, { uid: 7002 }, tokens.admin)).body.data).toEqual({ uid: 7002, host: null, assignedBy: null, assignedAt: null });
    expect((await t.post(`${SERVICE}/unassign`, { uid: 7002 }, tokens.admin)).body).toEqual({ code: 409, message: 'Player 7002 has no host' });
    expect(await logOf('vipmanager.vipservice.unassign')).toEqual([
      { username: 'admin', target: 'player:7002', before: { host: 'business', assignedBy: 'admin' }, after: null },
    ]);
    const exported = await t.app.inject({ method: 'GET', url: `${SERVICE}/export`, headers: { 'x-token': tokens.admin }, query: { host: 'serviceleader' } });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('7001');
  });

  it('vipservice: who may be a host, and bad input named', async () => {
    const bad = (body: unknown, who = 'admin') => t.post(`${SERVICE}/assign`, body, tokens[who]).then((r) => r.body);
    expect(await bad({ uid: 7003, host: 'sales' })).toEqual({
      code: 400,
      message: 'host: Account sales holds no host role (service, serviceleader, business, partner)',
    });
    expect(await bad({ uid: 7003, host: 'nobody' })).toEqual({ code: 400, message: 'host: No account nobody' });
    expect(await bad({ uid: 7005, host: 'service' })).toEqual({ code: 400, message: 'uid: Player 7005 is not a VIP' });
    expect(await bad({ uid: 7003, host: 'partner' })).toEqual({
      code: 400,
      message: 'host: Account partner belongs to partner 1; the player belongs to partner 0',
    });
    expect((await bad({ uid: 'x', host: 'service' })).message).toMatch(/^uid: /);
    expect((await bad({ uid: 7003 })).message).toMatch(/^host: /);
    expect((await bad({ uid: 7003, host: 'service', extra: 1 })).code).toBe(400);
    expect((await t.get(SERVICE, tokens.admin, { unassigned: 'yes' })).body).toMatchObject({ code: 400, message: expect.stringMatching(/^unassigned: /) });
    expect((await t.get(SERVICE, tokens.admin, { sort: 'name' })).body).toMatchObject({ code: 400, message: expect.stringMatching(/^sort: /) });
  });

  it("vipservice: partner accounts assign only their own players, to their own partner's accounts", async () => {
    expect((await t.post(`${SERVICE}/assign`, { uid: 7003, host: 'partner' }, tokens.partner)).body).toEqual({ code: 404, message: 'Player 7003 not found' });
    expect((await t.post(`${SERVICE}/assign`, { uid: 7101, host: 'service' }, tokens.partner)).body).toEqual({
      code: 400,
      message: 'host: No account service',
    });
    expect((await t.post(`${SERVICE}/assign`, { uid: 7101, host: 'partner' }, tokens.partner)).status).toBe(200);
    expect((await t.post(`${SERVICE}/unassign`, { uid: 7001 }, tokens.partner)).status).toBe(404);
    const hosts = await t.get(`${SERVICE}/hosts`, tokens.partner);
    expect(hosts.body.data.items).toEqual([{ username: 'partner', name: expect.any(String), roles: ['partner'], partner: 1, players: 1 }]);
    const staffHosts = await t.get(`${SERVICE}/hosts`, tokens.admin);
    expect(staffHosts.body.data.items.map((h: { username: string }) => h.username)).toEqual(['business', 'partner', 'service', 'serviceleader']);
    const list = await t.get(SERVICE, tokens.partner);
    expect(list.body.data.items.map((p: { uid: number; host: string | null }) => [p.uid, p.host])).toEqual([
      [7101, 'partner'],
      [7102, null],
    ]);
    // a platform account may host a partner's player
    expect((await t.post(`${SERVICE}/assign`, { uid: 7102, host: 'service' }, tokens.admin)).status).toBe(200);
  });

  it('vipservice: the contact log', async () => {
    const contact = (body: Record<string, unknown>, who = 'business') => t.post(`${SERVICE}/contact`, body, tokens[who]);
    const first = await contact({ uid: 7001, channel: 'phone', outcome: 'reached', note: 'Asked about the weekly bonus' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ uid: 7001, host: 'serviceleader', channel: 'phone', outcome: 'reached', loggedBy: 'business' });
    const earlier = await contact({ uid: 7001, channel: 'in-app', outcome: 'noAnswer', note: 'n', contactedAt: '2026-11-21T09:00:00+08:00', host: 'service' });
    expect(earlier.body.data).toMatchObject({ host: 'service', contactedAt: '2026-11-21T09:00:00.000+08:00' });
    expect((await contact({ uid: 7003, channel: 'sms', outcome: 'other', note: 'x' })).body).toEqual({
      code: 400,
      message: 'host: Required: player 7003 has no host',
    });
    expect((await contact({ uid: 7001, channel: 'fax', outcome: 'other', note: 'x' })).body.message).toMatch(
      /^channel: Must be one of phone, sms, chat, email, in-app/,
    );
    expect((await contact({ uid: 7001, channel: 'sms', outcome: 'other', note: 'x'.repeat(2001) })).body.message).toBe('note: Over 2000 characters');
    expect((await contact({ uid: 7001, channel: 'sms', outcome: 'other', note: '  ' })).body.message).toBe('note: Required');
    expect((await contact({ uid: 7001, channel: 'sms', outcome: 'other', note: 'x', contactedAt: '2026-11-23T00:00:00Z' })).body).toEqual({
      code: 400,
      message: 'contactedAt: Must not be in the future',
    });
    expect((await contact({ uid: 7005, channel: 'sms', outcome: 'other', note: 'x', host: 'service' })).body).toEqual({
      code: 400,
      message: 'uid: Player 7005 is not a VIP',
    });
    expect((await contact({ uid: 7101, channel: 'chat', outcome: 'callback', note: 'partner side' }, 'partner')).status).toBe(200);
    expect((await contact({ uid: 7001, channel: 'chat', outcome: 'callback', note: 'x' }, 'partner')).status).toBe(404);

    const log = await t.get(`${SERVICE}/contacts`, tokens.admin, { uid: '7001' });
    expect(log.body.data.items.map((c: { channel: string }) => c.channel)).toEqual(['phone', 'in-app']);
    expect((await t.get(`${SERVICE}/contacts`, tokens.partner)).body.data.items.map((c: { uid: number }) => c.uid)).toEqual([7101]);
    expect((await t.get(SERVICE, tokens.admin, { uid: '7001' })).body.data.items[0]).toMatchObject({
      contacts: 2,
      lastContactAt: '2026-11-22T18:00:00.000+08:00',
    });
    const records = await logOf('vipmanager.vipservice.contact');
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({ username: 'business', target: 'player:7001', after: { host: 'serviceleader', channel: 'phone', outcome: 'reached' } });
  });
});
