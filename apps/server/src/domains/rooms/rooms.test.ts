/**
 * Rooms on both databases: roles from the catalogue, 400s naming the field, a
 * template edit leaves the tables made before it unchanged, quick-match tiers never overlap
 * and seat a balance in the tier that holds it, the mini-games' limits within the game's
 * settings, the partner game store scoped to the partner (and its revenue share kept to the
 * platform), the partner reports over reported rounds, and the signed platform calls (ETag, 304).
 */
import { FairStream, getGame, newSeed, seedHash } from '@console/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSignature } from '../../http/platform-operation';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { dayRange } from '../../http/range';
import { partnerGameSum } from './reports';
import { roomOperations } from './routes';

const P = '/api/platmanager';
const S = '/api/partnermanager/gamestoreV1';
const AT = new Date('2026-11-22T09:00:00Z');
let seq = 0;

const template = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  game: 'tongits',
  name: `Room ${id}`,
  ante: 100,
  minBalance: 1_000,
  maxBalance: 100_000,
  rakeBps: 500,
  rakeCap: 0,
  seats: 3,
  aiSeats: 1,
  turnSeconds: 20,
  open: true,
  ...extra,
});
const tier = (id: string, minBalance: number, maxBalance: number, tpl: string, extra: Record<string, unknown> = {}) => ({
  id,
  game: 'tongits',
  name: `Tier ${id}`,
  minBalance,
  maxBalance,
  template: tpl,
  open: true,
  ...extra,
});

/** One Tongits hand at `table` as a table server plays it (null seats: AI). */
async function hand(p: PlatformClient, seats: (number | null)[], table: string, ante = 1_000) {
  const game = getGame('tongits');
  const settings = game.defaults;
  const seed = newSeed();
  const roundId = `rm-${process.pid}-${(seq += 1)}`;
  const sample = game.sampleBets(settings, new FairStream(seed, 'tongits')) as { seats: { seat: string }[] };
  const bets = { end: { how: 'stock', by: 'p2' }, seats: sample.seats.map((s) => ({ ...s, amount: ante })) };
  const outcome = game.play(settings, seed, bets);
  for (const [k, uid] of seats.entries())
    if (uid) await p.post('/api/platform/wallet/debit', { txId: `${roundId}:b${k}`, uid, currency: 'chip', amount: ante, reason: 'game.bet', ref: roundId });
  const winner = outcome.payouts.findIndex((x) => x.win > 0);
  if (seats[winner])
    await p.post('/api/platform/wallet/credit', {
      txId: `${roundId}:w`,
      uid: seats[winner],
      currency: 'chip',
      amount: outcome.payouts[winner].win,
      reason: 'game.win',
      ref: roundId,
    });
  const result = await p.event('game.round', {
    game: 'tongits',
    roundId,
    server: 'ts-1',
    table,
    configVersion: 0,
    seedHash: seedHash(seed),
    seed,
    bets,
    result: outcome.result,
    seats: outcome.payouts.map((x, k) => (seats[k] ? { ...x, uid: seats[k], bot: false } : { ...x, bot: true })),
    startedAt: new Date(AT.getTime() - 200_000).toISOString(),
    endedAt: AT.toISOString(),
  });
  expect(result.status).toBe('applied');
  return roundId;
}

describe.each(databases())('rooms on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let admin: string;
  let secadmin: string;
  let admin1: string;
  let business: string;
  let partner: string;

  const signed = async (url: string, query: string, headers: Record<string, string> = {}) => {
    const timestamp = String(t.clock.now);
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}?${query}`,
      headers: { 'x-app-id': p.appId, 'x-timestamp': timestamp, 'x-signature': platformSignature('demo-platform-secret', timestamp, query), ...headers },
    });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : {}, etag: res.headers.etag };
  };

  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    for (const [uid, partnerId, chips] of [
      [8101, 1, 50_000],
      [8102, 1, 300_000],
      [8103, 2, 2_000_000],
    ] as const)
      await p.register(uid, { partner: partnerId }, chips);
    [admin, secadmin, business, partner] = await Promise.all([t.loginAs('admin'), t.loginAs('secadmin'), t.loginAs('business'), t.loginAs('partner')]);
    // an admin account of partner 1 (the catalogue keeps /partnermanager from accounts without a partner, admin included)
    const a = await t.database.db.selectFrom('console_account').select(['password_hash']).where('username', '=', 'admin').executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('console_account')
      .values({ username: 'admin_p1', password_hash: a.password_hash, name: 'Admin of partner 1', roles: JSON.stringify(['admin']), partner: 1 })
      .execute();
    admin1 = await t.loginAs('admin_p1');
  }, 180_000);
  afterAll(async () => t?.close());
  const db = () => t.database.db;

  it('platmanager screens are admin and secadmin only; gamestoreV1 admin (with a partner) and partner', async () => {
    for (const url of [
      `${P}/template`,
      `${P}/table`,
      `${P}/quicktemplate`,
      `${P}/quicktable`,
      `${P}/tinygamequicktemplate`,
      `${P}/partnergamesum`,
      `${P}/partnergamelogs`,
    ]) {
      expect((await t.get(url, business)).status, url).toBe(403);
      expect((await t.get(url, partner)).status, url).toBe(403);
      expect((await t.get(url, admin)).status, url).toBe(200);
    }
    expect((await t.post(`${P}/template/create`, template('x1'), partner)).status).toBe(403);
    expect((await t.get(S, business)).status).toBe(403);
    expect((await t.get(S, partner)).status).toBe(200);
    expect((await t.get(S, secadmin)).status).toBe(403);
    expect((await t.get(S, admin)).status).toBe(403);
    expect((await t.get(S, admin1)).status).toBe(200);
    expect((await t.get(`${P}/template`, secadmin)).status).toBe(200);
  });

  it('refuses bad templates with a 400 naming the field, and changes nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [template('t-bad', { ante: 0 }), 'ante: Must be at least 1'],
      [template('t-bad', { minBalance: 5_000, maxBalance: 4_000 }), 'maxBalance: Must be 0 (no limit) or at least minBalance'],
      [template('t-bad', { aiSeats: 3 }), 'aiSeats: Must be fewer than the seats'],
      [template('t-bad', { seats: 4 }), 'seats: tongits plays with 3 seats'],
      [template('t-bad', { minBalance: 50 }), 'minBalance: Must be at least the ante'],
      [template('t-bad', { game: 'chess' }), 'game: Must be one of tongits, pusoy, hightexas, mines1v1, lucky9'],
      [template('T Bad'), 'id: Must be 1 to 32 lowercase letters, digits, _ or - (starting with a letter or digit)'],
      [{ ...template('t-bad'), extra: 1 }, 'extra: Unknown field'],
    ];
    for (const [body, message] of bad) {
      const res = await t.post(`${P}/template/create`, body, admin);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    expect(await db().selectFrom('room_item').select('key').where('key', '=', 't-bad').execute()).toEqual([]);
  });

  it('a template edit changes new tables only: old tables keep their snapshot and version; the history shows both', async () => {
    expect((await t.post(`${P}/template/create`, template('bronze'), admin)).status).toBe(200);
    const first = await t.post(`${P}/table/open`, { template: 'bronze', count: 2 }, admin);
    expect(first.body.data.codes).toEqual(['bronze:1', 'bronze:2']);
    expect((await t.post(`${P}/template/update`, template('bronze', { ante: 200, aiSeats: 2, minBalance: 2_000 }), admin)).status).toBe(200);
    const second = await t.post(`${P}/table/open`, { template: 'bronze', count: 1 }, admin);
    expect(second.body.data.codes).toEqual(['bronze:3']);
    expect(second.body.data.version).toBeGreaterThan(first.body.data.version);

    const list = (await t.get(`${P}/table`, admin, { template: 'bronze' })).body.data.items as Record<string, unknown>[];
    expect(list.map((x) => [x.code, x.ante, x.aiSeats, x.current])).toEqual([
      ['bronze:1', 100, 1, false],
      ['bronze:2', 100, 1, false],
      ['bronze:3', 200, 2, true],
    ]);
    expect((await t.get(`${P}/table`, admin, { current: 'false' })).body.data.total).toBe(2);
    const tpl = (await t.get(`${P}/template`, admin)).body.data.items.find((x: { id: string }) => x.id === 'bronze');
    expect([tpl.ante, tpl.tables, tpl.olderTables]).toEqual([200, 3, 2]);

    const versions = (await t.get(`${P}/template/versions`, admin, { key: 'bronze' })).body.data.items;
    expect(versions.map((v: { action: string }) => v.action)).toEqual(['update', 'create']);
    const log = await db()
      .selectFrom('operation_log')
      .select(['operation', 'target'])
      .where('operation', 'in', ['platmanager.template.create', 'platmanager.template.update', 'platmanager.table.open'])
      .where('target', 'like', '%bronze')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.operation)).toEqual([
      'platmanager.template.create',
      'platmanager.table.open',
      'platmanager.template.update',
      'platmanager.table.open',
    ]);

    // close, close again (409), reopen keeps the old snapshot; a closed template makes no tables
    const id = list[0].id as number;
    expect((await t.post(`${P}/table/close`, { id }, admin)).status).toBe(200);
    expect((await t.post(`${P}/table/close`, { id }, admin)).status).toBe(409);
    expect((await t.post(`${P}/table/reopen`, { id }, admin)).status).toBe(200);
    expect((await t.get(`${P}/table`, admin, { code: 'bronze:1' })).body.data.items[0].ante).toBe(100);
    expect((await t.post(`${P}/table/close`, { id: 999_999 }, admin)).status).toBe(404);
    expect((await t.post(`${P}/template/create`, template('shut', { open: false }), admin)).status).toBe(200);
    const shut = await t.post(`${P}/table/open`, { template: 'shut', count: 1 }, admin);
    expect([shut.status, shut.body.message]).toEqual([400, 'template: Template shut is closed: it makes no new tables']);
    // a template with open tables is not removed
    expect((await t.post(`${P}/template/delete`, { id: 'bronze' }, admin)).status).toBe(409);
  });

  it('quick-match tiers never overlap (400 naming the field) and seat a balance in the tier that holds it', async () => {
    expect((await t.post(`${P}/template/create`, template('silver', { ante: 500, minBalance: 5_000, maxBalance: 0 }), admin)).status).toBe(200);
    expect((await t.post(`${P}/quicktemplate/create`, tier('q-low', 2_000, 99_999, 'bronze'), admin)).status).toBe(200);
    expect((await t.post(`${P}/quicktemplate/create`, tier('q-high', 100_000, 0, 'silver'), admin)).status).toBe(200);
    const refusals: [Record<string, unknown>, string][] = [
      [tier('q-mid', 50_000, 200_000, 'silver'), 'minBalance: Overlaps tier q-high (₱1,000 – no limit): the tiers of a game must not overlap'],
      [tier('q-mid', 1_000, 1_500, 'bronze'), "minBalance: The tier starts at ₱10, below template bronze's minimum balance ₱20"],
      [tier('q-mid', 2_000, 0, 'bronze'), "maxBalance: The tier reaches no limit, above template bronze's maximum balance ₱1,000"],
      [tier('q-mid', 2_000, 3_000, 'nope'), 'template: Unknown template nope'],
      [tier('q-mid', 5_000, 1_000, 'bronze'), 'maxBalance: Must be 0 (no limit) or at least minBalance'],
    ];
    for (const [body, message] of refusals) {
      const res = await t.post(`${P}/quicktemplate/create`, body, admin);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    // moving a tier onto its neighbour is refused the same way
    const moved = await t.post(`${P}/quicktemplate/update`, tier('q-low', 2_000, 150_000, 'bronze'), admin);
    expect([moved.status, moved.body.message.split(':')[0]]).toEqual([400, 'maxBalance']);

    expect((await t.post(`${P}/quicktable/open`, { tier: 'q-low', count: 2 }, admin)).body.data.codes).toEqual(['bronze:4', 'bronze:5']);
    const match = async (q: Record<string, string>) => (await t.get(`${P}/quicktemplate/match`, admin, { game: 'tongits', ...q })).body.data;
    expect((await match({ balance: '50000' })).tier.id).toBe('q-low');
    expect((await match({ balance: '50000' })).table.code).toBe('bronze:4');
    expect((await match({ balance: '99999' })).tier.id).toBe('q-low');
    expect((await match({ balance: '100000' })).tier.id).toBe('q-high');
    expect((await match({ balance: '100000' })).table).toBeNull();
    expect((await match({ balance: '1999' })).tier).toBeNull();
    expect((await match({ uid: '8102' })).tier.id).toBe('q-high');
    expect((await match({ uid: '8101' })).tier.id).toBe('q-low');
    const both = await t.get(`${P}/quicktemplate/match`, admin, { game: 'tongits' });
    expect([both.status, both.body.message]).toEqual([400, 'balance: Give balance or uid (one of them)']);
    expect((await t.get(`${P}/quicktable`, admin)).body.data.items.map((x: { code: string; tier: string }) => [x.code, x.tier])).toEqual([
      ['bronze:4', 'q-low'],
      ['bronze:5', 'q-low'],
    ]);
    // a template edit must keep its tiers inside it
    const squeeze = await t.post(`${P}/template/update`, template('bronze', { ante: 200, minBalance: 3_000 }), admin);
    expect([squeeze.status, squeeze.body.message.split(':')[0]]).toEqual([400, 'minBalance']);
  });

  it("mini-game quick templates stay within the game's settings", async () => {
    const ok = { game: 'colorgame', minBet: 100, maxBet: 100_000, countdownSeconds: 15, chips: [100, 1_000, 10_000], open: true };
    expect((await t.post(`${P}/tinygamequicktemplate/create`, ok, admin)).status).toBe(200);
    const bad: [Record<string, unknown>, string][] = [
      [{ ...ok, game: 'rocket', chips: [1_000, 500] }, 'chips.1: Chips must rise'],
      [{ ...ok, game: 'rocket', chips: [50_000, 500_000] }, 'chips.1: Must be within minBet and maxBet'],
      [{ ...ok, game: 'rocket', maxBet: 50 }, 'maxBet: Must be at least minBet'],
      [{ ...ok, game: 'rocket', maxBet: 5_000_000, chips: [100] }, "maxBet: Above Rocket's maximum bet ₱10,000 (its settings)"],
      [{ ...ok, game: 'tongits' }, 'game: tongits is a table game: its rooms are templates'],
      [{ ...ok, game: 'rocket', countdownSeconds: 1 }, 'countdownSeconds: Must be at least 3'],
    ];
    for (const [body, message] of bad) {
      const res = await t.post(`${P}/tinygamequicktemplate/create`, body, admin);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(
      (await t.get(`${P}/tinygamequicktemplate`, admin)).body.data.items.map((x: { game: string; settingsMaxBet: number }) => [x.game, x.settingsMaxBet]),
    ).toEqual([['colorgame', 1_000_000]]);
  });

  it('the game store: a partner sees and edits only its own entries and never its revenue share', async () => {
    const entry = (partnerId: number, game: string, extra: Record<string, unknown> = {}) => ({
      partner: partnerId,
      game,
      enabled: true,
      order: 10,
      tiers: [],
      revenueShareBps: 6_000,
      ...extra,
    });
    expect((await t.post(`${S}/create`, entry(1, 'tongits', { tiers: ['q-low'] }), admin1)).status).toBe(200);
    expect((await t.post(`${S}/create`, entry(2, 'tongits', { revenueShareBps: 5_000 }), admin1)).status).toBe(200);
    const bad = await t.post(`${S}/create`, entry(1, 'pusoy', { tiers: ['q-low'] }), admin1);
    expect([bad.status, bad.body.message]).toEqual([400, 'tiers.0: Tier q-low is a tongits tier, not pusoy']);
    expect((await t.post(`${S}/create`, entry(9, 'pusoy'), admin1)).body.message).toBe('partner: Unknown partner 9');

    const mine = (await t.get(S, partner)).body.data.items;
    expect(mine.map((x: { key: string }) => x.key)).toEqual(['1:tongits']);
    expect((await t.get(S, admin1)).body.data.total).toBe(2);
    // a partner reorders its own entry; not another partner's (404 as if absent), not for another partner (403)
    expect((await t.post(`${S}/update`, entry(1, 'tongits', { order: 5, tiers: ['q-low'] }), partner)).status).toBe(200);
    expect((await t.post(`${S}/update`, entry(2, 'tongits', { order: 5, revenueShareBps: 5_000 }), partner)).status).toBe(404);
    expect((await t.post(`${S}/create`, entry(2, 'pusoy'), partner)).status).toBe(403);
    const share = await t.post(`${S}/update`, entry(1, 'tongits', { revenueShareBps: 9_000 }), partner);
    expect([share.status, share.body.message]).toEqual([403, 'revenueShareBps: Only the platform sets the revenue share (60%)']);
    expect((await t.post(`${S}/create`, entry(1, 'colorgame', { order: 20 }), partner)).status).toBe(200);
    // versions: a partner sees its own only, and cannot restore a share it may not set
    const versions = (await t.get(`${S}/versions`, partner)).body.data.items as { id: number; key: string }[];
    expect(new Set(versions.map((v) => v.key))).toEqual(new Set(['1:tongits', '1:colorgame']));
    const other = (await t.get(`${S}/versions`, admin1, { key: '2:tongits' })).body.data.items[0].id;
    expect((await t.post(`${S}/versions/restore`, { id: other }, partner)).status).toBe(404);
    expect((await t.post(`${S}/update`, entry(1, 'tongits', { order: 5, tiers: ['q-low'], revenueShareBps: 7_000 }), admin1)).status).toBe(200);
    const old = (await t.get(`${S}/versions`, partner, { key: '1:tongits' })).body.data.items.at(-1).id;
    expect((await t.post(`${S}/versions/restore`, { id: old }, partner)).status).toBe(403);
    expect((await t.post(`${S}/versions/restore`, { id: old }, admin1)).status).toBe(200);
    // a tier offered in a store is not removed
    expect((await t.post(`${P}/quicktemplate/delete`, { id: 'q-high' }, admin)).status).toBe(200);
    expect((await t.post(`${P}/quicktemplate/delete`, { id: 'q-low' }, admin)).status).toBe(409);
  });

  it("a partner account reaches no other partner's data through any room operation", async () => {
    for (const op of roomOperations) {
      const url = op.url;
      if (op.screen!.startsWith('/platmanager/')) {
        const res = op.method === 'GET' ? await t.get(url, partner) : await t.post(url, {}, partner);
        expect(res.status, url).toBe(403);
        continue;
      }
      if (op.method === 'GET' && url.endsWith('/export')) {
        const csv = await t.app.inject({ method: 'GET', url, headers: { 'x-token': partner } });
        expect(csv.statusCode, url).toBe(200);
        expect(csv.body, url).toContain('1:tongits');
        expect(csv.body, url).not.toContain('2:tongits');
        continue;
      }
      if (op.method === 'GET') {
        const res = await t.get(url, partner, { pageSize: '100' });
        expect(res.status, url).toBe(200);
        for (const item of res.body.data.items as { partner?: number; key: string }[]) expect(item.partner ?? Number(item.key.split(':')[0]), url).toBe(1);
        continue;
      }
      const other = url.endsWith('/restore')
        ? { id: (await t.get(`${S}/versions`, admin1, { key: '2:tongits' })).body.data.items[0].id }
        : { partner: 2, game: 'tongits', enabled: false, order: 1, tiers: [], revenueShareBps: 5_000 };
      const res = await t.post(url, url.endsWith('/delete') ? { partner: 2, game: 'tongits' } : other, partner);
      expect([403, 404, 409], url).toContain(res.status);
    }
    expect((await t.get(S, admin1, { partner: '2' })).body.data.items[0]).toMatchObject({ partner: 2, enabled: true, revenueShareBps: 5_000 });
  });

  it('partner reports read the reported rounds: per partner and game, and the rounds by partner', async () => {
    await hand(p, [8101, 8102, null], 'bronze:1');
    await hand(p, [8103, null, null], 'bronze:2');
    await hand(p, [8101, null, null], 'bronze:1');
    const range = { from: '2026-11-20T00:00:00+08:00', to: '2026-11-23T23:59:59+08:00' };
    const sum = (await t.get(`${P}/partnergamesum`, admin, range)).body.data.items as Record<string, number | string>[];
    const byKey = new Map(sum.map((r) => [r.key, r]));
    expect(byKey.get('1:tongits')!.players).toBe(2);
    expect(byKey.get('2:tongits')!.players).toBe(1);
    expect(byKey.get('1:tongits')!.bets).toBe(3);
    const one = byKey.get('1:tongits')!;
    expect(one.revenue).toBe(one.rake);
    expect(one.partnerShare).toBe(Math.floor((Number(one.rake) * 6_000) / 10_000));
    expect((await t.get(`${P}/partnergamesum`, admin, { ...range, partner: '2' })).body.data.items.map((r: { key: string }) => r.key)).toEqual(['2:tongits']);
    expect((await t.get(`${P}/partnergamesum`, admin, { from: range.from })).body.message).toBe('to: Required with the other end of the range');
    // the partner scope holds inside the report too (were a partner account given the screen)
    const scoped = await partnerGameSum(db(), { roles: ['partner'], partner: 2 }, dayRange('2026-11-20', '2026-11-23'), {});
    expect(scoped.map((r) => r.key)).toEqual(['2:tongits']);
    expect(await partnerGameSum(db(), { roles: ['partner'], partner: 0 }, dayRange('2026-11-20', '2026-11-23'), {})).toEqual([]);

    const logs = (await t.get(`${P}/partnergamelogs`, admin, { partner: '1', game: 'tongits' })).body.data.items as { table: string; partner: number }[];
    expect(logs.length).toBeGreaterThanOrEqual(2);
    expect(logs.every((l) => l.partner === 1)).toBe(true);
    const csv = await t.app.inject({ method: 'GET', url: `${P}/partnergamelogs/export?partner=1`, headers: { 'x-token': admin } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n').length).toBeGreaterThan(2);
    // the tables show the players of their last round
    const tables = (await t.get(`${P}/table`, admin, { template: 'bronze' })).body.data.items as { code: string; players: number | null; rounds: number }[];
    expect(tables.find((x) => x.code === 'bronze:1')).toMatchObject({ rounds: 2 });
    expect(tables.find((x) => x.code === 'bronze:3')!.players).toBeNull();
  });

  it('game servers read templates, tables and tiers through the signed platform call, with ETag and 304', async () => {
    const first = await signed('/api/platform/rooms/configs', 'game=tongits');
    expect(first.status).toBe(200);
    expect(first.etag).toBe(`"${first.body.data.version}"`);
    const tables = first.body.data.tables as { code: string; rules: { ante: number }; templateVersion: number }[];
    expect(tables.find((x) => x.code === 'bronze:1')!.rules.ante).toBe(100);
    expect(tables.find((x) => x.code === 'bronze:3')!.rules.ante).toBe(200);
    expect((await signed('/api/platform/rooms/configs', 'game=tongits', { 'if-none-match': first.etag! })).status).toBe(304);
    const forPartner = await signed('/api/platform/rooms/configs', 'game=tongits&partner=1');
    expect(forPartner.body.data.quickTiers.map((x: { id: string }) => x.id)).toEqual(['q-low']);
    expect(forPartner.body.data.store.order).toBe(10);
    expect((await signed('/api/platform/rooms/configs', 'game=tongits&partner=77')).status).toBe(404);
    expect((await signed('/api/platform/rooms/configs', 'game=chess')).body.message).toMatch(/^game: Must be one of/);
    // a change is a new version
    expect((await t.post(`${P}/table/open`, { template: 'silver', count: 1 }, admin)).status).toBe(200);
    expect((await signed('/api/platform/rooms/configs', 'game=tongits', { 'if-none-match': first.etag! })).status).toBe(200);
    const m = await signed('/api/platform/rooms/quickmatch', 'game=tongits&balance=5000');
    expect(m.body.data.tier.id).toBe('q-low');
    const tiny = await signed('/api/platform/rooms/tinyquick', 'game=colorgame');
    expect(tiny.body.data.games[0].chips).toEqual([100, 1_000, 10_000]);
    // unsigned: 401
    expect((await t.app.inject({ method: 'GET', url: '/api/platform/rooms/configs?game=tongits' })).statusCode).toBe(401);
  });

  it("one catalogue (decision 035): the Tongits templates are the rooms its table servers and screens read, with the game's fee in force", async () => {
    const g = '/api/tinygames/tongits/tongitsconfig';
    const settings = (await t.get(`${g}/settings`, admin)).body.data.settings;
    expect((await t.post(`${g}/settings/update`, { settings: { ...settings, feeBps: 600, turnSeconds: 25 } }, admin)).status).toBe(200);
    // templates, the tables' rules and both platform answers carry the game's fee and turn time now
    const tpl = (await t.get(`${P}/template`, admin, { game: 'tongits' })).body.data.items as {
      id: string;
      rakeBps: number;
      turnSeconds: number;
      mode: string;
    }[];
    expect(tpl.length).toBeGreaterThan(0);
    expect(tpl.every((x) => x.rakeBps === 600 && x.turnSeconds === 25 && x.mode === 'table')).toBe(true);
    const platform = (await signed('/api/platform/rooms/configs', 'game=tongits')).body.data;
    expect(platform.templates.every((x: { rakeBps: number }) => x.rakeBps === 600)).toBe(true);
    expect(platform.tables.every((x: { rules: { rakeBps: number; turnSeconds: number } }) => x.rules.rakeBps === 600 && x.rules.turnSeconds === 25)).toBe(true);
    const rooms = (await signed('/api/platform/tablegames/configs', 'game=tongits')).body.data.rooms as { room: string; ante: number }[];
    expect(rooms.map((r) => r.room).sort()).toEqual(tpl.map((x) => x.id).sort());
    // a save keeps the room to the game's values (400 naming the field otherwise); a hightexas room has its own rake
    const bronze = (await t.get(`${P}/template`, admin)).body.data.items.find((x: { id: string }) => x.id === 'bronze');
    const { version: _v, tables: _t, olderTables: _o, ...doc } = bronze;
    expect((await t.post(`${P}/template/update`, { ...doc, name: 'Bronze' }, admin)).status).toBe(200);
    expect((await t.post(`${P}/template/update`, { ...doc, rakeBps: 500 }, admin)).body.message).toMatch(
      /^rakeBps: The rake of Tongits rooms is the game's fee \(600 bps/,
    );
    expect(
      (await t.post(`${P}/template/create`, template('htx', { game: 'hightexas', seats: 6, rakeBps: 450, rakeCap: 6_000, turnSeconds: 30 }), admin)).status,
    ).toBe(200);
    const htx = (await t.get(`${P}/template`, admin, { game: 'hightexas' })).body.data.items.find((x: { id: string }) => x.id === 'htx');
    expect([htx.rakeBps, htx.rakeCap, htx.turnSeconds]).toEqual([450, 6_000, 30]);
  });
});
