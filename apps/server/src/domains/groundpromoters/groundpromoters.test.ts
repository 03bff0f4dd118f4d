/**
 * Ground promoters: records derived from players registered with a promoter's share code
 * (duplicates by device or IP never qualify and say why; qualification from the bound phone
 * and paid recharges; expiry), paying once through the account ledger (promoter and province
 * override), the state machine's 409s, two payers racing, settings per province (versioned,
 * central staff only), promoter and partner scoping of every operation. Both databases.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { reconcile } from '../ledger/reconcile';
import { addPlayer, FIXTURE_AT } from '../players/fixtures';
import { callback, createOrder, seedChannels } from '../recharge/test-fixtures';

const DAY = 86_400_000;

describe.each(databases())('ground promoters on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let admin: string;
  let business: string;
  beforeEach(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    const db = t.database.db;
    await seedChannels(db);
    admin = await t.loginAs('admin');
    business = await t.loginAs('business');
    await db.updateTable('console_account').set({ share_code: 'GP1' }).where('username', '=', 'groundpromoter').execute();
    const made = await t.post(
      '/api/admin/userinfo/create',
      { username: 'gptwo', password: 'demo123456', name: 'GP two', roles: ['groundpromoter'], shareCode: 'GP22' },
      admin,
    );
    expect(made.body).toMatchObject({ code: 200 });
    const player = async (uid: number, code: string, o: { partner?: number; device?: string; phone?: boolean; at?: Date } = {}) => {
      await addPlayer(db, { uid, partner: o.partner ?? 0, device: o.device, at: o.at });
      await db
        .updateTable('player')
        .set({ register_package: 'com.demo', share_id: code, phone_bound_at: o.phone === false ? null : (o.at ?? FIXTURE_AT) })
        .where('uid', '=', uid)
        .execute();
    };
    await player(101, 'GP1');
    await player(102, 'GP1', { device: 'dev-101' }); // shares 101's device, registered after it
    await player(103, 'GP1');
    await player(104, 'GP22', { partner: 1 });
    await player(105, 'GP1', { at: new Date(FIXTURE_AT.getTime() - 10 * DAY), phone: false });
    await player(106, 'GP22', { partner: 2 });
    for (const uid of [101, 102, 104, 106]) await callback(p, await createOrder(p, { uid }), 10_000);
  });
  afterEach(async () => {
    await t.close();
  });

  const list = async (token: string, query: Record<string, string> = {}) => {
    const res = await t.get('/api/groundpromoters/records', token, { pageSize: '100', ...query });
    expect(res.status).toBe(200);
    return res.body.data.items as {
      id: number;
      uid: number;
      status: string;
      reason: string;
      bounty: number;
      share: number;
      override: number;
      promoter: string;
    }[];
  };
  const byUid = async (uid: number) => (await list(business)).find((r) => r.uid === uid)!;
  const promoterBalance = async (owner: string) =>
    Number(
      (await t.database.db.selectFrom('ledger_account').select('balance').where('kind', '=', 'promoter').where('owner', '=', owner).executeTakeFirst())
        ?.balance ?? 0,
    );

  it('derives every record: qualified, duplicate by device (says why), pending, expired without phone and recharge', async () => {
    const rows = await list(business);
    expect(rows.map((r) => [r.uid, r.status]).sort()).toEqual([
      [101, 'qualified'],
      [102, 'voided'],
      [103, 'pending'],
      [104, 'qualified'],
      [105, 'voided'],
      [106, 'qualified'],
    ]);
    expect((await byUid(102)).reason).toBe('Duplicate device dev-101 (player 101)');
    expect((await byUid(105)).reason).toBe('Not qualified within 7 days: no bound phone, ₱0.00 of ₱100.00 recharged');
    expect((await byUid(103)).reason).toBe('Waiting: phone bound, ₱0.00 of ₱100.00 recharged');
    expect(await byUid(101)).toMatchObject({ reason: 'Phone bound and ₱100.00 recharged within 7 days', bounty: 2_000, share: 300, override: 0 });
  });

  it('pays a qualified record once (promoter account + province override); every other transition is a 409 naming the record', async () => {
    expect(
      (await t.post('/api/groundpromoters/promoters/save', { username: 'groundpromoter', province: 'Cebu', leader: 'provincepromoter' }, business)).status,
    ).toBe(200);
    const r101 = await byUid(101);
    expect(r101.override).toBe(100);
    const paid = await t.post('/api/groundpromoters/records/pay', { id: r101.id }, business);
    expect(paid.body.data).toMatchObject({ status: 'paid', paidBy: 'business' });
    expect(await promoterBalance('groundpromoter')).toBe(2_300);
    expect(await promoterBalance('provincepromoter')).toBe(100);
    expect((await t.post('/api/groundpromoters/records/pay', { id: r101.id }, business)).body).toEqual({
      code: 409,
      message: `Record ${r101.id} (player 101) is already paid: only a qualified record is paid`,
    });
    expect((await t.post('/api/groundpromoters/records/void', { id: r101.id, reason: 'x' }, business)).status).toBe(409);
    const r103 = await byUid(103);
    expect((await t.post('/api/groundpromoters/records/pay', { id: r103.id }, business)).body.message).toBe(
      `Record ${r103.id} (player 103) is pending: only a qualified record is paid`,
    );
    expect((await t.post('/api/groundpromoters/records/void', { id: r103.id, reason: 'fake shop' }, business)).body.data).toMatchObject({
      status: 'voided',
      reason: 'fake shop',
      voidedBy: 'business',
    });
    expect((await t.post('/api/groundpromoters/records/void', { id: r103.id, reason: 'again' }, business)).body.message).toBe(
      `Record ${r103.id} (player 103) is voided: only a pending or qualified record is voided`,
    );
    expect((await t.post('/api/groundpromoters/records/pay', { id: 999_999 }, business)).status).toBe(404);
    expect((await t.post('/api/groundpromoters/records/pay', { id: 'x' }, business)).body).toMatchObject({ code: 400, message: expect.stringContaining('id') });
    expect(await promoterBalance('groundpromoter')).toBe(2_300);
    expect((await reconcile(t.database.db)).differences).toEqual([]);
  });

  it('two payers racing: one pays, the other gets a 409; money once', async () => {
    const r104 = await byUid(104);
    const sec = await t.loginAs('secadmin');
    const both = await Promise.all([
      t.post('/api/groundpromoters/records/pay', { id: r104.id }, business),
      t.post('/api/groundpromoters/records/pay', { id: r104.id }, sec),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await promoterBalance('gptwo')).toBe(2_300);
  });

  it("promoter scoping of every operation: own records, a province promoter its promoters', no money moves by promoters", async () => {
    await t.post('/api/groundpromoters/promoters/save', { username: 'groundpromoter', province: 'Cebu', leader: 'provincepromoter' }, business);
    const gp = await t.loginAs('groundpromoter');
    const two = await t.loginAs('gptwo', 'demo123456');
    const leader = await t.loginAs('provincepromoter');
    expect((await list(gp)).map((r) => r.uid).sort()).toEqual([101, 102, 103, 105]);
    expect((await list(gp, { promoter: 'gptwo' })).map((r) => r.uid).sort()).toEqual([101, 102, 103, 105]);
    expect((await list(two)).map((r) => r.uid).sort()).toEqual([104, 106]);
    expect((await list(leader)).map((r) => r.uid).sort()).toEqual([101, 102, 103, 105]);
    const id = (await byUid(104)).id;
    for (const token of [gp, two, leader]) {
      expect((await t.post('/api/groundpromoters/records/pay', { id }, token)).status).toBe(403);
      expect((await t.post('/api/groundpromoters/records/void', { id, reason: 'x' }, token)).status).toBe(403);
      expect(
        (
          await t.post(
            '/api/groundpromoters/settings/save',
            { province: '', setting: { bounty: 1, minRecharge: 1, qualifyDays: 1, requirePhone: false, sharePercent: 0, shareDays: 0, overridePercent: 0 } },
            token,
          )
        ).status,
      ).toBe(403);
      expect((await t.post('/api/groundpromoters/promoters/save', { username: 'gptwo', province: 'X', leader: '' }, token)).status).toBe(403);
    }
    expect((await t.get('/api/groundpromoters/promoters', leader)).body.data.items.map((i: { username: string }) => i.username)).toEqual(['groundpromoter']);
    expect((await t.get('/api/groundpromoters/promoters', two)).body.data.items.map((i: { username: string }) => i.username)).toEqual(['gptwo']);
    expect((await t.get('/api/groundpromoters/settings', gp)).status).toBe(200);
    expect(await promoterBalance('gptwo')).toBe(0);
  });

  it("partner scoping: a partner account sees and pays only its partner's records", async () => {
    const partner = await t.loginAs('partner');
    expect((await list(partner)).map((r) => r.uid)).toEqual([104]);
    expect((await t.post('/api/groundpromoters/records/pay', { id: (await byUid(106)).id }, partner)).status).toBe(404);
    expect((await t.post('/api/groundpromoters/records/void', { id: (await byUid(106)).id, reason: 'x' }, partner)).status).toBe(404);
    expect((await t.post('/api/groundpromoters/records/pay', { id: (await byUid(104)).id }, partner)).body.data.status).toBe('paid');
    expect(
      (
        await t.post(
          '/api/groundpromoters/settings/save',
          { province: '', setting: { bounty: 1, minRecharge: 1, qualifyDays: 1, requirePhone: false, sharePercent: 0, shareDays: 0, overridePercent: 0 } },
          partner,
        )
      ).status,
    ).toBe(403);
    expect((await t.get('/api/groundpromoters/records', await t.loginAs('service'))).status).toBe(403);
  });

  it('settings per province, versioned and restorable; they apply to records not yet paid; bad bodies 400 naming the field', async () => {
    const cebu = { bounty: 5_000, minRecharge: 10_000, qualifyDays: 7, requirePhone: true, sharePercent: 5, shareDays: 30, overridePercent: 2 };
    expect((await t.post('/api/groundpromoters/settings/save', { province: 'Cebu', setting: cebu }, business)).status).toBe(200);
    await t.post('/api/groundpromoters/promoters/save', { username: 'groundpromoter', province: 'Cebu', leader: 'provincepromoter' }, business);
    expect(await byUid(101)).toMatchObject({ bounty: 5_000, share: 500, override: 200 });
    expect(await byUid(104)).toMatchObject({ bounty: 2_000, share: 300, override: 0 });
    const settings = (await t.get('/api/groundpromoters/settings', business)).body.data.items;
    expect(settings.map((s: { province: string }) => s.province)).toEqual(['', 'Cebu']);
    const bad = await t.post('/api/groundpromoters/settings/save', { province: 'Cebu', setting: { ...cebu, sharePercent: 101 } }, business);
    expect(bad.body).toMatchObject({ code: 400, message: expect.stringContaining('sharePercent') });
    const versions = (await t.get('/api/groundpromoters/settings/versions', business)).body.data.items;
    expect(versions).toHaveLength(1);
    expect((await t.post('/api/groundpromoters/settings/remove', { province: 'Cebu' }, business)).status).toBe(200);
    expect(await byUid(101)).toMatchObject({ bounty: 2_000 });
    expect((await t.post('/api/groundpromoters/settings/versions/restore', { id: versions[0].id }, business)).status).toBe(200);
    expect(await byUid(101)).toMatchObject({ bounty: 5_000 });
    expect(
      (await t.post('/api/groundpromoters/promoters/save', { username: 'groundpromoter', province: 'Cebu', leader: 'gptwo' }, business)).body,
    ).toMatchObject({ code: 400, message: 'leader: gptwo is not a province promoter account' });
  });
});
