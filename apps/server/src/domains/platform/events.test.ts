/**
 * POST /api/platform/events: the effect of every event type on the tables of migration 005,
 * refusals per event (400/404/409), duplicates repeating the first outcome, bans and
 * suspensions, and the whole-call 400 for a body not of the shape.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { reconcile } from '../ledger/reconcile';

const AT = '2026-10-30T08:15:00.000Z';

describe.each(databases())('platform events on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const balance = (uid: number) => db().selectFrom('player_balance').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();
  const player = (uid: number) => db().selectFrom('player').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();
  const entries = (ref: string) => db().selectFrom('ledger_entry').selectAll().where('ref', '=', ref).orderBy('id').execute();

  it('player.registered writes the player, its balance row with its partner, device and IP; 409 when the uid exists', async () => {
    const result = await p.event(
      'player.registered',
      {
        uid: 1001,
        name: 'Ana',
        ip: '203.0.113.7',
        deviceId: 'dev-ana',
        package: 'com.demo',
        partner: 1,
        phone: { country: '+63', number: '9171234567' },
        shareId: 'S1',
        inviterUid: undefined,
      },
      { id: 'reg-1001', at: AT },
    );
    expect(result).toEqual({ id: 'reg-1001', status: 'applied' });
    const row = await player(1001);
    expect(row).toMatchObject({
      name: 'Ana',
      register_ip: '203.0.113.7',
      register_device: 'dev-ana',
      register_package: 'com.demo',
      partner: 1,
      phone_country: '63',
      phone_number: '9171234567',
      share_id: 'S1',
      inviter_uid: null,
      app_id: 'demo-app',
      status: 'active',
    });
    expect(row.registered_at.toISOString()).toBe(AT);
    expect((await balance(1001)).partner).toBe(1);
    expect(await db().selectFrom('player_device').select(['device_id', 'uid']).where('uid', '=', 1001).execute()).toEqual([
      { device_id: 'dev-ana', uid: 1001 },
    ]);
    expect(await db().selectFrom('player_ip').select(['ip']).where('uid', '=', 1001).execute()).toEqual([{ ip: '203.0.113.7' }]);

    await p.register(1002, { inviterUid: 1001, shareId: 'P1001' });
    expect((await player(1002)).inviter_uid).toBe(1001);
    expect(await p.event('player.registered', { uid: 1001, name: 'Again', ip: '10.0.0.9', deviceId: 'd', package: 'com.demo' })).toMatchObject({
      status: 'rejected',
      code: 409,
      message: 'Player 1001 already exists',
    });
    expect(await p.event('player.registered', { uid: 1003, name: 'X', ip: '10.0.0.9', deviceId: 'd', package: 'p', inviterUid: 999999 })).toMatchObject({
      status: 'rejected',
      code: 404,
      message: 'Inviter 999999 not found',
    });
    expect(await p.event('player.registered', { uid: 1003, name: 'X', ip: '10.0.0.9', deviceId: 'd', package: 'p', partner: 77 })).toMatchObject({
      status: 'rejected',
      code: 404,
      message: 'Partner 77 not found',
    });
    expect(await db().selectFrom('player').select('uid').where('uid', '=', 1003).execute()).toEqual([]);
  });

  it('player.login keeps the trail, the devices and addresses, and the last login', async () => {
    await p.register(1010);
    await p.event('player.login', { uid: 1010, ip: '198.51.100.1', deviceId: 'dev-a', durationSeconds: 600 }, { at: '2026-11-01T00:00:00Z' });
    await p.event('player.login', { uid: 1010, ip: '198.51.100.2', deviceId: 'dev-b' }, { at: '2026-11-03T00:00:00Z' });
    // an older login arriving late is kept in the trail but does not move the last login back
    await p.event('player.login', { uid: 1010, ip: '198.51.100.3', deviceId: 'dev-a' }, { at: '2026-11-02T00:00:00Z' });
    const row = await player(1010);
    expect(row).toMatchObject({ login_ip: '198.51.100.2', login_device: 'dev-b', login_count: 3 });
    expect(row.last_login_at!.toISOString()).toBe('2026-11-03T00:00:00.000Z');
    const logins = await db().selectFrom('player_login').select(['ip', 'device_id', 'duration_seconds']).where('uid', '=', 1010).orderBy('at').execute();
    expect(logins).toEqual([
      { ip: '198.51.100.1', device_id: 'dev-a', duration_seconds: 600 },
      { ip: '198.51.100.3', device_id: 'dev-a', duration_seconds: null },
      { ip: '198.51.100.2', device_id: 'dev-b', duration_seconds: null },
    ]);
    const devA = await db().selectFrom('player_device').selectAll().where('uid', '=', 1010).where('device_id', '=', 'dev-a').executeTakeFirstOrThrow();
    expect([devA.first_at.toISOString(), devA.last_at.toISOString()]).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z']);
    expect(await p.event('player.login', { uid: 424242, ip: '10.0.0.1', deviceId: 'x' })).toMatchObject({ status: 'rejected', code: 404 });
  });

  it('bans and suspensions refuse registrations and logins with 409', async () => {
    await p.register(1020);
    const ban = (kind: 'account' | 'device' | 'ip', value: string) =>
      db().insertInto('ban').values({ kind, value, reason: 'test', banned_by: 'admin', banned_at: new Date() }).execute();
    await ban('device', 'bad-device');
    await ban('ip', '192.0.2.66');
    const reg = (uid: number, ip: string, deviceId: string) => p.event('player.registered', { uid, name: 'B', ip, deviceId, package: 'p' });
    expect(await reg(1021, '10.1.1.1', 'bad-device')).toMatchObject({ status: 'rejected', code: 409, message: 'Device bad-device is banned' });
    expect(await reg(1021, '192.0.2.66', 'fine')).toMatchObject({ status: 'rejected', code: 409, message: 'IP 192.0.2.66 is banned' });
    expect(await p.event('player.login', { uid: 1020, ip: '192.0.2.66', deviceId: 'fine' })).toMatchObject({ code: 409, message: 'IP 192.0.2.66 is banned' });
    await ban('account', '1020');
    expect(await p.event('player.login', { uid: 1020, ip: '10.1.1.1', deviceId: 'fine' })).toMatchObject({ code: 409, message: 'Account 1020 is banned' });
    await sql`UPDATE ban SET active = false WHERE value = '1020'`.execute(db());

    const until = new Date(t.clock.now + 86_400_000);
    await db().updateTable('player').set({ status: 'suspended', suspended_until: until }).where('uid', '=', 1020).execute();
    expect(await p.event('player.login', { uid: 1020, ip: '10.1.1.1', deviceId: 'fine' })).toMatchObject({
      status: 'rejected',
      code: 409,
      message: `Suspended until ${until.toISOString()}`,
    });
    await db()
      .updateTable('player')
      .set({ suspended_until: new Date(t.clock.now - 1000) })
      .where('uid', '=', 1020)
      .execute();
    expect(await p.event('player.login', { uid: 1020, ip: '10.1.1.1', deviceId: 'fine' })).toMatchObject({ status: 'applied' });
    await db().updateTable('player').set({ status: 'banned' }).where('uid', '=', 1020).execute();
    expect(await p.event('player.login', { uid: 1020, ip: '10.1.1.1', deviceId: 'fine' })).toMatchObject({ code: 409, message: 'Account 1020 is banned' });
    expect((await player(1020)).login_count).toBe(1);
    expect(await db().selectFrom('player').select('uid').where('uid', '=', 1021).execute()).toEqual([]);
  });

  it('player.profile and player.phoneBound keep their history', async () => {
    await p.register(1030, { name: 'Old' });
    await p.event('player.profile', { uid: 1030, name: 'New', gcash: '09171112222', avatar: '' }, { at: AT });
    expect(await player(1030)).toMatchObject({ name: 'New', gcash: '09171112222', avatar: '', bank: '' });
    await p.event('player.phoneBound', { uid: 1030, phone: { country: '63', number: '9170000001' } }, { at: AT });
    await p.event('player.phoneBound', { uid: 1030, phone: { country: '63', number: '9170000002' } }, { at: AT });
    const row = await player(1030);
    expect([row.phone_country, row.phone_number, row.phone_bound_at?.toISOString()]).toEqual(['63', '9170000002', AT]);
    const changes = await db().selectFrom('player_profile_change').select(['field', 'old_value', 'new_value']).where('uid', '=', 1030).orderBy('id').execute();
    expect(changes).toEqual([
      { field: 'name', old_value: 'Old', new_value: 'New' },
      { field: 'gcash', old_value: '', new_value: '09171112222' },
      { field: 'phone', old_value: null, new_value: '+63 9170000001' },
      { field: 'phone', old_value: '+63 9170000001', new_value: '+63 9170000002' },
    ]);
    expect(await p.event('player.profile', { uid: 1030 })).toMatchObject({ status: 'rejected', code: 400, message: 'data: Nothing to change' });
  });

  it('chips.transferred, safe moves, gifts, emotes and coin dealer sales go through the ledger with actor, reason, ref and key', async () => {
    await p.register(1040, { partner: 2 }, 1000);
    await p.register(1041, {}, 0);
    expect(await p.event('chips.transferred', { fromUid: 1040, toUid: 1041, amount: 300 }, { id: 'tr-1', at: AT })).toMatchObject({ status: 'applied' });
    const legs = await entries('tr-1');
    expect(legs.map((e) => [e.uid, e.currency, e.delta, e.balance_after, e.reason, e.actor, e.idem_key, e.at.toISOString()])).toEqual([
      [1040, 'chip', -300, 700, 'chips.transferred', 'app:demo-app', 'event:demo-app:tr-1:out', AT],
      [1041, 'chip', 300, 300, 'chips.transferred', 'app:demo-app', 'event:demo-app:tr-1:in', AT],
    ]);
    expect(
      await db().selectFrom('player_transfer').select(['kind', 'from_uid', 'to_uid', 'partner', 'amount', 'price']).where('from_uid', '=', 1040).execute(),
    ).toEqual([{ kind: 'player', from_uid: 1040, to_uid: 1041, partner: 2, amount: 300, price: null }]);
    expect(await p.event('chips.transferred', { fromUid: 1041, toUid: 1040, amount: 301 })).toMatchObject({
      status: 'rejected',
      code: 409,
      message: 'Insufficient balance',
    });
    expect(await p.event('chips.transferred', { fromUid: 1041, toUid: 1041, amount: 1 })).toMatchObject({
      status: 'rejected',
      code: 400,
      message: 'data.toUid: Cannot transfer to oneself',
    });
    expect(await p.event('chips.transferred', { fromUid: 1041, toUid: 9999, amount: 1 })).toMatchObject({
      status: 'rejected',
      code: 404,
      message: 'Player 9999 not found',
    });
    expect((await balance(1041)).chip).toBe(300); // the refused second leg undid the first

    await p.event('safe.deposit', { uid: 1040, amount: 200 });
    await p.event('safe.withdraw', { uid: 1040, amount: 50 });
    expect(await p.event('safe.withdraw', { uid: 1040, amount: 151 })).toMatchObject({ code: 409, message: 'Insufficient balance' });
    expect(await balance(1040)).toMatchObject({ chip: 550, safe: 150 });

    await p.event('gift.sent', { fromUid: 1040, toUid: 1041, giftId: 'rose', chips: 50, charisma: 5 }, { id: 'gift-1' });
    expect(await balance(1040)).toMatchObject({ chip: 500 });
    expect(await balance(1041)).toMatchObject({ charisma: 5 });
    expect((await entries('gift-1')).map((e) => e.idem_key)).toEqual(['event:demo-app:gift-1:chips', 'event:demo-app:gift-1:charisma']);
    expect(await db().selectFrom('player_gift').select(['from_uid', 'to_uid', 'gift_id', 'chips', 'charisma', 'partner']).execute()).toEqual([
      { from_uid: 1040, to_uid: 1041, gift_id: 'rose', chips: 50, charisma: 5, partner: 2 },
    ]);

    await p.event('emote.used', { uid: 1040, emoteId: 'smile', chips: 0 }, { id: 'emo-0' });
    await p.event('emote.used', { uid: 1040, emoteId: 'bomb', chips: 20 }, { id: 'emo-20' });
    expect(await entries('emo-0')).toEqual([]);
    expect((await entries('emo-20')).map((e) => [e.delta, e.idem_key])).toEqual([[-20, 'event:demo-app:emo-20']]);
    expect(await db().selectFrom('player_emote').select(['emote_id', 'chips', 'partner']).orderBy('id').execute()).toEqual([
      { emote_id: 'smile', chips: 0, partner: 2 },
      { emote_id: 'bomb', chips: 20, partner: 2 },
    ]);
    expect(await p.event('emote.used', { uid: 4040, emoteId: 'smile', chips: 0 })).toMatchObject({ code: 404 });

    await p.event('coindealer.sold', { dealerUid: 1040, toUid: 1041, amount: 100, price: 9000 }, { id: 'cd-1' });
    expect((await entries('cd-1')).map((e) => [e.uid, e.delta, e.reason])).toEqual([
      [1040, -100, 'coindealer.sold'],
      [1041, 100, 'coindealer.sold'],
    ]);
    expect(await db().selectFrom('player_transfer').select(['kind', 'amount', 'price']).where('kind', '=', 'coindealer').execute()).toEqual([
      { kind: 'coindealer', amount: 100, price: 9000 },
    ]);
    expect((await reconcile(db())).differences).toEqual([]);
  });

  it('feedback, tip-offs, texts and badges', async () => {
    await p.register(1050);
    await p.register(1051);
    await p.event('feedback.submitted', { uid: 1050, category: 'payment', text: '<b>where</b> are my chips' }, { at: AT });
    expect(await db().selectFrom('player_feedback').select(['uid', 'category', 'text', 'status']).execute()).toEqual([
      { uid: 1050, category: 'payment', text: '<b>where</b> are my chips', status: 'open' },
    ]);
    await p.event('tipoff.submitted', { uid: 1050, targetUid: 1051, reason: 'cheating', text: 'colludes' });
    expect(await db().selectFrom('player_tipoff').select(['uid', 'target_uid', 'reason', 'status']).execute()).toEqual([
      { uid: 1050, target_uid: 1051, reason: 'cheating', status: 'pending' },
    ]);
    expect(await p.event('tipoff.submitted', { uid: 1050, targetUid: 5555, reason: 'x', text: '' })).toMatchObject({
      code: 404,
      message: 'Player 5555 not found',
    });
    await p.event('sms.sent', { phone: { country: '63', number: '9175550000' }, code: '123456', provider: 'semaphore', purpose: 'bind' });
    expect(await db().selectFrom('sms_log').select(['phone_country', 'phone_number', 'code', 'provider', 'purpose', 'app_id']).execute()).toEqual([
      { phone_country: '63', phone_number: '9175550000', code: '123456', provider: 'semaphore', purpose: 'bind', app_id: 'demo-app' },
    ]);
    await p.event('badge.granted', { uid: 1050, badgeId: 'vip-gold', name: 'Gold' }, { at: AT });
    expect(await db().selectFrom('player_badge').select(['uid', 'badge_id', 'name']).execute()).toEqual([{ uid: 1050, badge_id: 'vip-gold', name: 'Gold' }]);
    expect(await p.event('badge.granted', { uid: 1050, badgeId: 'vip-gold', name: 'Gold' })).toMatchObject({
      code: 409,
      message: 'Player 1050 already holds badge vip-gold',
    });
  });

  it('results come in the order sent; a repeated id is a duplicate repeating the first outcome, within a call and across calls', async () => {
    await p.register(1060, {}, 100);
    const at = AT;
    const res = await p.events([
      { id: 'o-1', type: 'safe.deposit', at, data: { uid: 1060, amount: 60 } },
      { id: 'o-2', type: 'safe.deposit', at, data: { uid: 1060, amount: 60 } },
      { id: 'o-3', type: 'no.such.type', at, data: {} },
      { id: 'o-3b', type: 'constructor', at, data: {} },
      { id: 'o-4', type: 'safe.deposit', at, data: { uid: 1060, amount: '5' } },
      { id: 'o-1', type: 'safe.deposit', at, data: { uid: 1060, amount: 60 } },
      { id: 'o-5', type: 'safe.deposit', at, data: { uid: 1060, amount: 40 } },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual([
      { id: 'o-1', status: 'applied' },
      { id: 'o-2', status: 'rejected', code: 409, message: 'Insufficient balance' },
      { id: 'o-3', status: 'rejected', code: 400, message: 'type: Unknown event type no.such.type' },
      { id: 'o-3b', status: 'rejected', code: 400, message: 'type: Unknown event type constructor' },
      { id: 'o-4', status: 'rejected', code: 400, message: 'data.amount: Expected number' },
      { id: 'o-1', status: 'duplicate' },
      { id: 'o-5', status: 'applied' },
    ]);
    expect(await balance(1060)).toMatchObject({ chip: 0, safe: 100 });
    // sent again (even with other content): nothing applied, the first outcome repeated
    const again = await p.events([
      { id: 'o-2', type: 'safe.deposit', at, data: { uid: 1060, amount: 1 } },
      { id: 'o-4', type: 'safe.withdraw', at, data: { uid: 1060, amount: 1 } },
      { id: 'o-5', type: 'safe.deposit', at, data: { uid: 1060, amount: 40 } },
    ]);
    expect(again.body.data.results).toEqual([
      { id: 'o-2', status: 'duplicate', code: 409, message: 'Insufficient balance' },
      { id: 'o-4', status: 'duplicate', code: 400, message: 'data.amount: Expected number' },
      { id: 'o-5', status: 'duplicate' },
    ]);
    expect(await balance(1060)).toMatchObject({ chip: 0, safe: 100 });
  });

  it('one event id sent 100 times, 50 at once: applied once, every other answer a duplicate', async () => {
    await p.register(1070, {}, 1000);
    const send = () => p.events([{ id: 'once', type: 'safe.deposit', data: { uid: 1070, amount: 7 } }]);
    const answers = [...(await Promise.all(Array.from({ length: 50 }, send))), ...(await Promise.all(Array.from({ length: 50 }, send)))];
    const statuses = answers.map((a) => a.body.data.results[0].status);
    expect(statuses.filter((s) => s === 'applied')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(99);
    expect(await balance(1070)).toMatchObject({ chip: 993, safe: 7 });
    expect(await entries('once')).toHaveLength(2);
  });

  it('a body not of the shape is a 400 for the whole call and writes nothing', async () => {
    const count = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM platform_event`.execute(db())).rows[0].n);
    const before = await count();
    const ev = { id: 'shape-1', type: 'safe.deposit', at: AT, data: { uid: 1, amount: 1 } };
    const bad: [unknown, string][] = [
      [{}, 'events: Required'],
      [{ events: [] }, 'events: At least 1 event'],
      [{ events: Array.from({ length: 1001 }, (_, i) => ({ ...ev, id: `s${i}` })) }, 'events: At most 1000 events'],
      [{ events: [{ ...ev, at: '2026-11-22 10:00' }] }, 'events.0.at: Must be an ISO 8601 date-time with offset'],
      [{ events: [{ ...ev, id: '' }] }, 'events.0.id: Required'],
      [{ events: [{ ...ev, id: 'x'.repeat(65) }] }, 'events.0.id: Over 64 characters'],
      [{ events: [{ ...ev, data: [1] }] }, 'events.0.data: Expected object'],
      [{ events: [{ ...ev, extra: 1 }] }, 'events.0.extra: Unknown field'],
      [{ events: [ev], more: true }, 'more: Unknown field'],
      ['[1,2', 'body: Invalid JSON'],
    ];
    for (const [body, message] of bad) {
      const res = await p.post('/api/platform/events', body);
      expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
    }
    expect(await count()).toBe(before);
  });

  it('text PostgreSQL cannot store (NUL, unpaired surrogates) is a 400 or stored as U+FFFD, never a 500', async () => {
    const res = await p.events([
      { id: 'nul-1', type: 'player.registered', data: { uid: 1090, name: 'a\u0000b', ip: '10.0.0.1', deviceId: 'd', package: 'p' } },
      { id: 'sur-1', type: 'player.registered', data: { uid: 1091, name: 'x\ud800y', ip: '10.0.0.1', deviceId: 'd\udfff', package: 'p' } },
      { id: 'sur-2', type: 'sms.sent', data: { '\ud800key': '\u0000', junk: 'x\udc00' } },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual([
      { id: 'nul-1', status: 'rejected', code: 400, message: 'data.name: Contains a NUL character' },
      { id: 'sur-1', status: 'applied' },
      { id: 'sur-2', status: 'rejected', code: 400, message: expect.stringMatching(/^data\./) },
    ]);
    expect((await player(1091)).name).toBe('x\uFFFDy');
  });

  it('a call of 1000 events up to 4 MiB is accepted; a larger body is a 413', async () => {
    await p.register(1080, {}, 0);
    const big = 'x'.repeat(2000);
    const events = Array.from({ length: 1000 }, (_, i) => ({
      id: `big-${i}`,
      type: 'feedback.submitted',
      at: AT,
      data: { uid: 1080, category: 'c', text: big },
    }));
    const res = await p.events(events);
    expect(res.status).toBe(200);
    expect(res.body.data.results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
    const huge = { events: [{ id: 'huge', type: 'sms.sent', at: AT, data: { pad: 'y'.repeat(4 * 1024 * 1024) } }] };
    const refused = await p.post('/api/platform/events', huge);
    expect(refused).toEqual({ status: 413, body: { code: 413, message: 'Request body is larger than 4 MiB' } });
  });
});
