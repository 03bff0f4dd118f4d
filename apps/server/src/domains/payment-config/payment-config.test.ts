/**
 * The /remoteconfig staff operations: roles from the catalogue (403 before the body is read),
 * create / update / delete with a version and an operation-log record each, 400 naming the
 * field with nothing written, partner scoping of packages, the history and its restore.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { notePayoutOutcome } from './channel-health';
import { cashoutRules } from './withdrawal-rules';

const api = '/api/remoteconfig';
const product = { productId: 'php100', name: '₱100 pack', price: 10_000, chips: 10_000, firstBonus: 2_000, enabled: true, sortOrder: 10 };
const pkg = { package: 'com.test', name: 'Test app', partner: 0, channels: [] as string[] };
const channel = {
  channel: 'gcash',
  name: 'GCash',
  icon: 'gcash',
  sortOrder: 10,
  status: 'open',
  paidOnly: false,
  products: ['php100'],
  packages: ['com.test'],
};
const cashout = {
  channel: 'gcash',
  name: 'GCash',
  icon: 'gcash',
  sortOrder: 10,
  status: 'open',
  min: 10_000,
  max: 5_000_000,
  feePercent: 2,
  dailyMax: 3,
  dailyMaxEnabled: true,
  maxConsecutiveFailures: 3,
};

describe.each(databases())('payment configuration on $kind', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = async (role: string) => (tokens[role] ??= await t.loginAs(role));
  const counts = async () => {
    const db = t.database.db;
    const n = async (table: 'config_version' | 'recharge_channel' | 'cashout_channel' | 'payment_package' | 'recharge_product') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // refusals are logged too (result ≠ ok): what must not appear is a change
    const changes = Number(
      (
        await db
          .selectFrom('operation_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('result', '=', 'ok')
          .where('operation', 'like', 'remoteconfig.%')
          .executeTakeFirstOrThrow()
      ).n,
    );
    return {
      versions: await n('config_version'),
      log: changes,
      channels: await n('recharge_channel'),
      cashout: await n('cashout_channel'),
      packages: await n('payment_package'),
      products: await n('recharge_product'),
    };
  };
  beforeAll(async () => {
    t = await testApp(kind);
    await t.database.db
      .insertInto('partner')
      .values([
        { id: 1, name: 'Demo Partner' },
        { id: 2, name: 'Second Partner' },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  });
  afterAll(async () => t?.close());

  it('each screen takes the roles of its catalogue entry: others get 403 whatever they send', async () => {
    const refused: [string, string, string, unknown?][] = [
      ['service', 'GET', `${api}/payControl/channels`],
      ['maint', 'POST', `${api}/payControl/channels/create`, channel],
      ['serviceleader', 'POST', `${api}/packageControl/packages/create`, { junk: 1 }],
      ['serviceleader', 'GET', `${api}/packageControl/versions`],
      ['maint', 'POST', `${api}/cashOutEdter/channels/update`, cashout],
      ['partner', 'GET', `${api}/withdrawalconfigs`],
      ['business', 'POST', `${api}/withdrawalconfigs/save`, {}],
      ['secadmin', 'POST', `${api}/application/applications/create`, { appId: 'x', name: 'x' }],
      ['serviceleader', 'GET', `${api}/application/applications`],
    ];
    const before = await counts();
    for (const [role, method, url, body] of refused) {
      const token = await as(role);
      const res = method === 'GET' ? await t.get(url, token) : await t.post(url, body, token);
      expect([role, url, res.status]).toEqual([role, url, 403]);
    }
    // the module's roles reach withdrawalconfigs (empty role list in §2)
    for (const role of ['maint', 'secadmin', 'serviceleader', 'admin']) expect((await t.get(`${api}/withdrawalconfigs`, await as(role))).status).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it('a bad body is a 400 naming the field, and nothing is written', async () => {
    const token = await as('secadmin');
    const before = await counts();
    const cases: [string, unknown, string][] = [
      [`${api}/payControl/products/create`, { ...product, price: 0 }, 'price'],
      [`${api}/payControl/products/create`, { ...product, chips: '100' }, 'chips'],
      [`${api}/payControl/products/create`, { ...product, extra: 1 }, 'extra'],
      [`${api}/payControl/channels/create`, { ...channel, status: 'half-open' }, 'status'],
      [`${api}/payControl/channels/create`, { ...channel, products: ['a', 'a'] }, 'products'],
      [`${api}/cashOutEdter/channels/create`, { ...cashout, min: 600_000, max: 500_000 }, 'max'],
      [`${api}/cashOutEdter/channels/create`, { ...cashout, feePercent: 2.005 }, 'feePercent'],
      [`${api}/cashOutEdter/channels/create`, { ...cashout, feePercent: 100 }, 'feePercent'],
      [`${api}/packageControl/packages/create`, { ...pkg, package: 'has space' }, 'package'],
      [`${api}/withdrawalconfigs/save`, { fourEyesAmount: 1, dailyCount: 1, reviewFromHour: 10, reviewToHour: 9 }, 'reviewToHour'],
    ];
    for (const [url, body, field] of cases) {
      const res = await t.post(url, body, token);
      expect([url, field, res.status]).toEqual([url, field, 400]);
      expect(res.body.message).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });

  it('creates, updates and deletes with a version and an operation-log record each', async () => {
    const token = await as('secadmin');
    expect((await t.post(`${api}/payControl/products/create`, product, token)).status).toBe(200);
    expect((await t.post(`${api}/payControl/products/create`, product, token)).status).toBe(409);
    expect((await t.post(`${api}/packageControl/packages/create`, pkg, token)).status).toBe(200);
    // a channel naming a product that does not exist: 409, nothing written
    const missing = await t.post(`${api}/payControl/channels/create`, { ...channel, products: ['php999'] }, token);
    expect([missing.status, missing.body.message]).toEqual([409, 'Product php999 does not exist']);
    expect((await t.post(`${api}/payControl/channels/create`, channel, token)).status).toBe(200);
    expect((await t.post(`${api}/payControl/channels/update`, { ...channel, channel: 'nope' }, token)).status).toBe(404);
    const updated = await t.post(`${api}/payControl/channels/update`, { ...channel, status: 'maintenance' }, await as('serviceleader'));
    expect(updated.status).toBe(200);

    const list = await t.get(`${api}/payControl/channels`, token);
    expect(list.body.data.items).toEqual([expect.objectContaining({ channel: 'gcash', status: 'maintenance', products: ['php100'], packages: ['com.test'] })]);
    const pkgList = await t.get(`${api}/packageControl/packages`, token);
    expect(pkgList.body.data.items[0]).toMatchObject({ package: 'com.test', channels: ['gcash'] });

    const versions = await t.get(`${api}/payControl/versions`, token, { key: 'channel:gcash' });
    expect(versions.body.data.items.map((v: { action: string; actor: string }) => [v.action, v.actor])).toEqual([
      ['update', 'serviceleader'],
      ['create', 'secadmin'],
    ]);
    expect(versions.body.data.items[0].before).toMatchObject({ status: 'open' });
    expect(versions.body.data.items[0].after).toMatchObject({ status: 'maintenance' });

    const log = await t.database.db
      .selectFrom('operation_log')
      .selectAll()
      .where('operation', '=', 'remoteconfig.payControl.channels.update')
      .where('result', '=', 'ok')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ username: 'serviceleader', target: 'payControl:channel:gcash', before: expect.objectContaining({ status: 'open' }) });

    // deleting the product takes it off the channel; the channel's history still restores it only once it exists again
    expect((await t.post(`${api}/payControl/products/delete`, { productId: 'php100' }, token)).status).toBe(200);
    expect((await t.get(`${api}/payControl/channels`, token)).body.data.items[0].products).toEqual([]);
    const createVersion = versions.body.data.items[1].id;
    const refused = await t.post(`${api}/payControl/versions/restore`, { id: createVersion }, token);
    expect([refused.status, refused.body.message]).toEqual([409, 'Product php100 does not exist']);
  });

  it('restores a version as a new one, and restores a deletion', async () => {
    const token = await as('secadmin');
    await t.post(`${api}/cashOutEdter/channels/create`, cashout, token);
    await t.post(`${api}/cashOutEdter/channels/update`, { ...cashout, feePercent: 3.5 }, token);
    const history = (await t.get(`${api}/cashOutEdter/versions`, token)).body.data.items;
    expect(history.map((v: { action: string }) => v.action)).toEqual(['update', 'create']);
    const restored = await t.post(`${api}/cashOutEdter/versions/restore`, { id: history[1].id }, token);
    expect(restored.status).toBe(200);
    const row = (await t.get(`${api}/cashOutEdter/channels`, token)).body.data.items[0];
    expect(row.feePercent).toBe(2);
    const after = (await t.get(`${api}/cashOutEdter/versions`, token)).body.data.items;
    expect(after[0]).toMatchObject({
      action: `restore:${history[1].id}`,
      before: expect.objectContaining({ feePercent: 3.5 }),
      after: expect.objectContaining({ feePercent: 2 }),
    });
    expect((await t.post(`${api}/cashOutEdter/versions/restore`, { id: 999_999 }, token)).status).toBe(404);
    // a version of another screen is not this screen's
    expect((await t.post(`${api}/payControl/versions/restore`, { id: history[1].id }, token)).status).toBe(404);

    await t.post(`${api}/cashOutEdter/channels/create`, { ...cashout, channel: 'bank', name: 'Bank' }, token);
    await t.post(`${api}/cashOutEdter/channels/delete`, { channel: 'bank' }, token);
    const bankCreate = (await t.get(`${api}/cashOutEdter/versions`, token, { key: 'bank' })).body.data.items.at(-1);
    expect((await t.post(`${api}/cashOutEdter/versions/restore`, { id: bankCreate.id }, token)).status).toBe(200);
    expect((await t.get(`${api}/cashOutEdter/channels`, token)).body.data.items.map((c: { channel: string }) => c.channel).sort()).toEqual(['bank', 'gcash']);
  });

  it('creates of one item at once: one is made, the others are told it exists; one version', async () => {
    const token = await as('secadmin');
    const body = { ...cashout, channel: 'racepay', name: 'Race' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.post(`${api}/cashOutEdter/channels/create`, body, token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const versions = (await t.get(`${api}/cashOutEdter/versions`, token, { key: 'racepay' })).body.data.items;
    expect(versions.map((v: { action: string }) => v.action)).toEqual(['create']);
    // and updates at once each see the one before: the versions form a chain
    await Promise.all([1, 2, 3, 4].map((fee) => t.post(`${api}/cashOutEdter/channels/update`, { ...body, feePercent: fee }, token)));
    const chain = (await t.get(`${api}/cashOutEdter/versions`, token, { key: 'racepay' })).body.data.items.reverse();
    for (let i = 1; i < chain.length; i += 1) expect(chain[i].before).toEqual(chain[i - 1].after);
    await t.post(`${api}/cashOutEdter/channels/delete`, { channel: 'racepay' }, token);
  });

  it('failures in a row close a cash-out channel with a log record that says why; staff reset the counter', async () => {
    const db = t.database.db;
    const now = new Date(t.clock.now);
    for (let i = 0; i < 2; i += 1) await db.transaction().execute((trx) => notePayoutOutcome(trx, 'gcash', false, now));
    expect((await db.transaction().execute((trx) => notePayoutOutcome(trx, 'gcash', true, now))).consecutiveFailures).toBe(0);
    let last;
    for (let i = 0; i < 3; i += 1) last = await db.transaction().execute((trx) => notePayoutOutcome(trx, 'gcash', false, now));
    expect(last).toEqual({ consecutiveFailures: 3, closed: true });
    const record = await db.selectFrom('operation_log').selectAll().where('operation', '=', 'remoteconfig.cashOutEdter.autoClose').executeTakeFirstOrThrow();
    expect(record.message).toBe('Closed after 3 consecutive payout failures (max 3)');
    const token = await as('serviceleader');
    const row = (await t.get(`${api}/cashOutEdter/channels`, token, { channel: 'gcash' })).body.data.items.find(
      (c: { channel: string }) => c.channel === 'gcash',
    );
    expect(row).toMatchObject({ status: 'close', consecutiveFailures: 3 });
    const reset = await t.post(`${api}/cashOutEdter/channels/resetFailures`, { channel: 'gcash' }, token);
    expect(reset.body.data).toMatchObject({ consecutiveFailures: 0, status: 'close' });
    expect((await t.post(`${api}/cashOutEdter/channels/resetFailures`, { channel: 'none' }, token)).status).toBe(404);
  });

  it('a partner account sees and changes only its own packages, and only their history', async () => {
    const admin = await as('secadmin');
    await t.post(`${api}/packageControl/packages/create`, { ...pkg, package: 'com.p1', partner: 1 }, admin);
    await t.post(`${api}/packageControl/packages/create`, { ...pkg, package: 'com.p2', partner: 2 }, admin);
    // a secadmin account of partner 1 that also holds the partner role is scoped
    await t.database.db
      .updateTable('console_account')
      .set({ roles: JSON.stringify(['secadmin', 'partner']), partner: 1 })
      .where('username', '=', 'delivery')
      .execute();
    const scoped = await t.loginAs('delivery');
    const seen = (await t.get(`${api}/packageControl/packages`, scoped)).body.data.items.map((p: { package: string }) => p.package);
    expect(seen).toEqual(['com.p1']);
    expect((await t.post(`${api}/packageControl/packages/update`, { ...pkg, package: 'com.p2', partner: 2 }, scoped)).status).toBe(404);
    expect((await t.post(`${api}/packageControl/packages/update`, { ...pkg, package: 'com.p1', partner: 2 }, scoped)).status).toBe(403);
    expect((await t.post(`${api}/packageControl/packages/update`, { ...pkg, package: 'com.p1', partner: 1, name: 'Mine' }, scoped)).status).toBe(200);
    const history = (await t.get(`${api}/packageControl/versions`, scoped)).body.data.items.map((v: { key: string }) => v.key);
    expect(new Set(history)).toEqual(new Set(['com.p1']));
    // platform-wide channels are not a partner's to change
    expect((await t.post(`${api}/payControl/products/create`, { ...product, productId: 'pp' }, scoped)).status).toBe(403);
  });

  it('withdrawalconfigs: defaults until saved; a save is a version the cash-out review reads', async () => {
    const token = await as('maint');
    expect((await t.get(`${api}/withdrawalconfigs`, token)).body.data).toEqual({
      fourEyesAmount: 1_000_000,
      dailyCount: 5,
      reviewFromHour: 9,
      reviewToHour: 21,
    });
    const saved = await t.post(`${api}/withdrawalconfigs/save`, { fourEyesAmount: 2_000_000, dailyCount: 3, reviewFromHour: 8, reviewToHour: 20 }, token);
    expect(saved.status).toBe(200);
    expect((await cashoutRules(t.database.db)).fourEyesAmount).toBe(2_000_000);
    const versions = (await t.get(`${api}/withdrawalconfigs/versions`, token)).body.data.items;
    expect(versions[0]).toMatchObject({ key: '', action: 'update', before: expect.objectContaining({ fourEyesAmount: 1_000_000 }) });
    await t.post(`${api}/withdrawalconfigs/save`, { fourEyesAmount: 5_000_000, dailyCount: 3, reviewFromHour: 8, reviewToHour: 20 }, token);
    expect((await t.post(`${api}/withdrawalconfigs/versions/restore`, { id: versions[0].id }, token)).status).toBe(200);
    expect((await cashoutRules(t.database.db)).fourEyesAmount).toBe(2_000_000);
  });
});
