/**
 * The Tongits arena on each database: the tables (admin through the hidden arenamanage; 400
 * naming the field; 403 before the body is read; read by the module's roles), tickets (the first
 * of the day free, then paid through the ledger; 409 Insufficient balance changing nothing; a
 * repeated request answers the first; an empty seat taken at once), results (the defence reward
 * and the streak bonus paid once however often it is reported; the winner takes the seat; void
 * refunds), staff removal of a defender (reason, operation log), closing a table, the lists and
 * their exports, the ticket ranking and the season settlement (once under concurrent runs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { settleDue } from './arena';

const HOUR = 3_600_000;
const A = '/api/activities/tongitsarena';
const T1 = {
  id: 't1',
  name: 'Arena 1',
  stake: 1_000,
  defenceReward: 500,
  streakSteps: [
    { streak: 3, bonus: 200 },
    { streak: 5, bonus: 1_000 },
  ],
  open: true,
};
const T2 = { id: 't2', name: 'Arena 2', stake: 3_000, defenceReward: 1_500, streakSteps: [], open: true };

describe.each(databases())('tongitsarena on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  const tokens: Record<string, string> = {};
  let request = 0;
  const ticket = (uid: number, table: string, requestId = `req-${(request += 1)}`) => p.post('/api/platform/tongitsarena/ticket', { requestId, uid, table });
  const result = (challengeId: number, outcome: string) => p.post('/api/platform/tongitsarena/result', { challengeId, outcome, matchId: `m-${challengeId}` });
  const chips = async (uid: number) =>
    Number((await t.database.db.selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow()).chip);
  const count = async (table: 'arena_challenge' | 'ledger_entry' | 'arena_reign') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await testApp(kind, { session: { idleMs: 3 * 24 * HOUR, absoluteMs: 3 * 24 * HOUR, touchEveryMs: 60_000 } }, { background: false });
    p = await platformClient(t);
    for (let uid = 9601; uid <= 9612; uid++) await p.register(uid, { deviceId: uid === 9612 ? 'dev-9611' : `dev-${uid}` });
    await p.credit(9602, 5_000);
    await p.credit(9605, 2_000);
    for (const who of ['admin', 'business', 'service', 'secadmin', 'sales', 'partner']) tokens[who] = await t.loginAs(who);
  });
  afterAll(async () => t?.close());

  it('tables: admin declares and changes them; 400 naming the field; the others 403 before the body is read, but read', async () => {
    for (const who of ['business', 'service', 'secadmin']) {
      expect((await t.post(`${A}/tables/create`, { nonsense: true }, tokens[who])).status, who).toBe(403);
      expect((await t.post(`${A}/settle`, 'not json', tokens[who])).status, who).toBe(403);
      expect((await t.get(`${A}/tables`, tokens[who])).status, who).toBe(200);
    }
    for (const who of ['sales', 'partner']) expect((await t.get(`${A}/tables`, tokens[who])).status, who).toBe(403);
    const create = (body: unknown) => t.post(`${A}/tables/create`, body, tokens.admin);
    expect((await create({ ...T1, stake: 0 })).body).toMatchObject({ code: 400, message: 'stake: Must be more than 0' });
    expect(
      (
        await create({
          ...T1,
          streakSteps: [
            { streak: 3, bonus: 1 },
            { streak: 3, bonus: 2 },
          ],
        })
      ).body.message,
    ).toBe('streakSteps.1.streak: Must be more than the step before');
    expect((await create({ ...T1, id: 'Bad Id' })).body.message).toMatch(/^id: Must be 1–32 of a-z/);
    expect((await create({ ...T1, name: '' })).body.message).toBe('name: Required');
    expect((await create({ ...T1, open: 'yes' })).body.message).toBe('open: Expected boolean');
    expect((await create({ ...T1, extra: 1 })).status).toBe(400);

    expect((await create(T1)).status).toBe(200);
    expect((await create(T2)).status).toBe(200);
    expect((await create(T1)).body).toMatchObject({ code: 409, message: 'Table t1 already exists' });
    expect((await t.post(`${A}/tables/update`, { ...T2, id: 'zz' }, tokens.admin)).body).toMatchObject({ code: 404, message: 'Table zz not found' });
    const list = await t.get(`${A}/tables`, tokens.service);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.items[0]).toMatchObject({
      id: 't1',
      name: 'Arena 1',
      defenceReward: 500,
      defenderUid: null,
      open: true,
      streakSteps: T1.streakSteps,
    });
    const versions = await t.get(`${A}/tables/versions`, tokens.business, { key: 't1' });
    expect(versions.body.data.items[0]).toMatchObject({ key: 't1', action: 'create', actor: 'admin', after: T1 });
    const log = await t.database.db
      .selectFrom('operation_log')
      .select(['operation', 'username'])
      .where('target', '=', 'activities.tongitsarena.tables:t1')
      .execute();
    expect(log).toEqual([{ operation: 'activities.tongitsarena.tables.create', username: 'admin' }]);
  });

  it('tickets: the first of the day free and an empty seat taken at once; then paid; a repeated request answers the first; 409s change nothing', async () => {
    const first = await ticket(9601, 't1', 'seat-9601');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      table: 't1',
      uid: 9601,
      free: true,
      price: 0,
      state: 'seated',
      defender: null,
      repeated: false,
      season: '2026-11-16',
    });
    expect((await ticket(9601, 't1', 'seat-9601')).body.data).toMatchObject({ challengeId: first.body.data.challengeId, state: 'seated', repeated: true });
    expect((await ticket(9601, 't2', 'seat-9601')).body).toMatchObject({ code: 409, message: 'Request seat-9601 was a ticket of another player or table' });
    expect((await ticket(9601, 't2')).body).toMatchObject({ code: 409, message: 'Player defends table t1' });

    const c1 = await ticket(9602, 't1');
    expect(c1.body.data).toMatchObject({ free: true, price: 0, state: 'pending', defender: { uid: 9601, name: 'Player 9601' }, balance: 5_000 });
    expect((await ticket(9602, 't2')).body).toMatchObject({ code: 409, message: 'Player has a challenge pending' });
    expect((await ticket(9603, 'nope')).body).toMatchObject({ code: 404, message: 'Table nope not found' });
    expect((await ticket(99_999, 't1')).body).toMatchObject({ code: 404, message: 'Player 99999 not found' });

    // defence 1: the reward
    const r1 = await result(c1.body.data.challengeId, 'defended');
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    expect(r1.body.data).toMatchObject({
      state: 'defended',
      defenderUid: 9601,
      streak: 1,
      reward: 500,
      bonus: 0,
      paid: 500,
      repeated: false,
      seat: { uid: 9601 },
    });
    expect(await chips(9601)).toBe(500);
    // reported again: the first answer, nothing paid; another outcome: 409
    const again = await Promise.all([result(c1.body.data.challengeId, 'defended'), result(c1.body.data.challengeId, 'defended')]);
    for (const a of again) expect(a.body.data).toMatchObject({ paid: 500, repeated: true });
    expect((await result(c1.body.data.challengeId, 'beaten')).body).toMatchObject({
      code: 409,
      message: `Challenge ${c1.body.data.challengeId} already ended: defended`,
    });
    expect((await result(first.body.data.challengeId, 'defended')).body.message).toMatch(/took an empty seat at its ticket/);
    expect(await chips(9601)).toBe(500);

    // the second ticket of the day is paid (1,000); defences 2 and 3: the streak bonus from the third
    const c2 = await ticket(9602, 't1');
    expect(c2.body.data).toMatchObject({ free: false, price: 1_000, balance: 4_000 });
    expect((await result(c2.body.data.challengeId, 'defended')).body.data).toMatchObject({ streak: 2, paid: 500 });
    const c3 = await ticket(9602, 't1');
    expect((await result(c3.body.data.challengeId, 'defended')).body.data).toMatchObject({ streak: 3, reward: 500, bonus: 200, paid: 700 });
    expect(await chips(9601)).toBe(1_700);
    expect(await chips(9602)).toBe(3_000);

    // no chips: the free ticket, then 409 Insufficient balance and nothing written
    const c4 = await ticket(9604, 't1');
    expect(c4.body.data).toMatchObject({ free: true, balance: 0 });
    // void: the free ticket is given back
    expect((await result(c4.body.data.challengeId, 'void')).body.data).toMatchObject({ state: 'void', refunded: false });
    const c5 = await ticket(9604, 't1');
    expect(c5.body.data).toMatchObject({ free: true });
    expect((await result(c5.body.data.challengeId, 'defended')).body.data).toMatchObject({ streak: 4, paid: 700 });
    const [challenges, entries] = [await count('arena_challenge'), await count('ledger_entry')];
    expect((await ticket(9604, 't1')).body).toMatchObject({ code: 409, message: 'Insufficient balance' });
    expect([await count('arena_challenge'), await count('ledger_entry')]).toEqual([challenges, entries]);

    // a paid ticket voided: refunded
    const c6b = await ticket(9602, 't1');
    expect(c6b.body.data).toMatchObject({ free: false, price: 1_000, balance: 2_000 });
    expect((await result(c6b.body.data.challengeId, 'void')).body.data).toMatchObject({ state: 'void', refunded: true });
    expect(await chips(9602)).toBe(3_000);
    expect((await ticket(9605, 't2')).body.data).toMatchObject({ state: 'seated' }); // free: takes the empty seat of t2
    const c6 = await ticket(9606, 't2');
    expect(c6.body.data).toMatchObject({ state: 'pending', defender: { uid: 9605 } });

    // the challenger wins: 9601's reign ends (beaten), 9603 sits
    const c7 = await ticket(9603, 't1');
    const won = await result(c7.body.data.challengeId, 'beaten');
    expect(won.body.data).toMatchObject({ state: 'won', defenderUid: 9601, paid: 0, seat: { uid: 9603 } });
    expect((await ticket(9603, 't2')).body.message).toBe('Player defends table t1');
    const reign = await t.database.db.selectFrom('arena_reign').selectAll().where('uid', '=', 9601).executeTakeFirstOrThrow();
    expect(reign).toMatchObject({ arena: 't1', ended_how: 'beaten', ended_by: 'uid:9603', defences: 4 });
    expect(Number(reign.earned)).toBe(2_400);

    // one ledger entry per defence paid
    const paid = await t.database.db
      .selectFrom('ledger_entry')
      .select(['uid', 'delta', 'idem_key'])
      .where('reason', '=', 'activity.tongitsarena')
      .orderBy('id')
      .execute();
    expect(paid.map((e) => [e.uid, Number(e.delta)])).toEqual([
      [9601, 500],
      [9601, 500],
      [9601, 700],
      [9601, 700],
    ]);
    expect(new Set(paid.map((e) => e.idem_key)).size).toBe(4);
    // a stale pending challenge is void at the player's next ticket (its free ticket back)
    t.clock.advance(31 * 60_000);
    const c8 = await ticket(9606, 't1');
    expect(c8.body.data).toMatchObject({ free: true, state: 'pending', defender: { uid: 9603 } });
    expect((await result(c6.body.data.challengeId, 'defended')).body.message).toBe(`Challenge ${c6.body.data.challengeId} already ended: void`);
    expect((await result(c8.body.data.challengeId, 'beaten')).body.data).toMatchObject({ state: 'won', seat: { uid: 9606 } });
    // the next day: a free ticket again
    t.clock.advance(6 * HOUR);
    expect((await ticket(9602, 't2')).body.data).toMatchObject({ free: true });
    t.clock.advance(-(6 * HOUR + 31 * 60_000));
  });

  it("the platform's tables and input: bad fields are 400 naming them", async () => {
    const tables = await p.get('/api/platform/tongitsarena/tables', 'uid=9602');
    expect(tables.status, JSON.stringify(tables.body)).toBe(200);
    expect(tables.body.data.ticketPrice).toBe(1_000);
    expect(tables.body.data.tables.map((x: { id: string; defender: { uid: number } | null }) => [x.id, x.defender?.uid])).toEqual([
      ['t1', 9606],
      ['t2', 9605],
    ]);
    expect(tables.body.data.me).toMatchObject({ uid: 9602, defending: null });
    expect((await p.post('/api/platform/tongitsarena/ticket', { requestId: 'x', uid: 'x', table: 't1' })).body.message).toBe('uid: Expected number');
    expect((await p.post('/api/platform/tongitsarena/ticket', { requestId: '', uid: 9601, table: 't1' })).body.message).toBe('requestId: Required');
    expect((await p.post('/api/platform/tongitsarena/result', { challengeId: 1, outcome: 'draw' })).body.message).toBe(
      'outcome: Must be defended, beaten or void',
    );
    expect((await p.post('/api/platform/tongitsarena/result', { challengeId: 99_999, outcome: 'void' })).body).toMatchObject({
      code: 404,
      message: 'Challenge 99999 not found',
    });
    expect((await p.get('/api/platform/tongitsarena/ranking', 'season=2026-11-17')).body.message).toBe('season: Must be the Monday (YYYY-MM-DD) of a season');
  });

  it('defenders: removed with a reason by admin or business (403 before the body for the others, 400 naming the field), in the operation log', async () => {
    const now = await t.get(`${A}/defenders`, tokens.service);
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    const row = now.body.data.items.find((r: { table: string }) => r.table === 't1');
    expect(row).toMatchObject({ uid: 9606, ended: 'holding', tableName: 'Arena 1', open: true });
    expect((await t.post(`${A}/defenders/remove`, { nonsense: 1 }, tokens.service)).status).toBe(403);
    expect((await t.post(`${A}/defenders/remove`, { reignId: row.id }, tokens.business)).body.message).toBe('reason: Required');
    expect((await t.post(`${A}/defenders/remove`, { reignId: row.id, reason: '   ' }, tokens.business)).body.message).toBe('reason: Required');
    expect((await t.post(`${A}/defenders/remove`, { reignId: row.id, reason: 'x'.repeat(201) }, tokens.business)).body.message).toBe(
      'reason: Over 200 characters',
    );
    const removed = await t.post(`${A}/defenders/remove`, { reignId: row.id, reason: 'Left the table idle' }, tokens.business);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await t.post(`${A}/defenders/remove`, { reignId: row.id, reason: 'again' }, tokens.business)).body).toMatchObject({
      code: 409,
      message: `Reign ${row.id} already ended (removed)`,
    });
    const log = await t.database.db
      .selectFrom('operation_log')
      .select(['operation', 'username', 'after'])
      .where('target', '=', 'tongitsarena:t1:9606')
      .execute();
    expect(log).toEqual([
      { operation: 'activities.tongitsarena.defenders.remove', username: 'business', after: { removed: true, reason: 'Left the table idle' } },
    ]);
    const reigns = await t.get(`${A}/reigns`, tokens.secadmin, { ended: 'removed' });
    expect(reigns.body.data.items).toEqual([
      expect.objectContaining({ uid: 9606, ended: 'removed', endedBy: 'staff:business', reason: 'Left the table idle' }),
    ]);
    expect((await t.get(`${A}/reigns`, tokens.secadmin, { ended: 'gone' })).body.message).toMatch(/^ended: Must be one of holding/);

    // the seat is empty: a pending challenge's result seats its challenger, whatever it was
    const pending = await ticket(9607, 't2');
    await t.post(
      `${A}/defenders/remove`,
      { reignId: (await t.get(`${A}/defenders`, tokens.admin, { table: 't2' })).body.data.items[0].id, reason: 'Cheating report' },
      tokens.admin,
    );
    expect((await result(pending.body.data.challengeId, 'defended')).body.data).toMatchObject({ state: 'seated', note: 'Seat was empty', seat: { uid: 9607 } });
    // the empty t1: the next ticket takes it
    expect((await ticket(9608, 't1')).body.data).toMatchObject({ state: 'seated' });
  });

  it('closing a table ends its reign; its tickets and results are refused, void is not', async () => {
    const pending = await ticket(9609, 't1');
    expect(pending.body.data).toMatchObject({ state: 'pending', defender: { uid: 9608 } });
    expect((await t.post(`${A}/tables/status`, { id: 't1', open: false, reason: 'Maintenance' }, tokens.business)).status).toBe(403);
    const closed = await t.post(`${A}/tables/status`, { id: 't1', open: false, reason: 'Maintenance' }, tokens.admin);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.ended).not.toBeNull();
    expect((await ticket(9610, 't1')).body).toMatchObject({ code: 409, message: 'Table is closed' });
    expect((await result(pending.body.data.challengeId, 'beaten')).body).toMatchObject({ code: 409, message: 'Table is closed' });
    expect((await result(pending.body.data.challengeId, 'void')).body.data).toMatchObject({ state: 'void' });
    const reign = await t.get(`${A}/reigns`, tokens.service, { uid: '9608' });
    expect(reign.body.data.items[0]).toMatchObject({ ended: 'closed', reason: 'Maintenance', endedBy: 'staff:admin' });
    expect((await t.post(`${A}/tables/update`, { ...T1, open: true }, tokens.admin)).status).toBe(200);
  });

  it('logs: filters, paging and export; a bad filter is a 400 naming it', async () => {
    const all = await t.get(`${A}/logs`, tokens.service, { pageSize: '5' });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data.items).toHaveLength(5);
    expect(all.body.data.nextCursor).toBeTruthy();
    const next = await t.get(`${A}/logs`, tokens.service, { pageSize: '5', cursor: all.body.data.nextCursor });
    expect(next.body.data.items[0].id).toBeLessThan(all.body.data.items[4].id);
    // uid: as challenger or as defender
    const mine = await t.get(`${A}/logs`, tokens.service, { uid: '9601' });
    expect(mine.body.data.items.every((r: { uid: number; defenderUid: number }) => r.uid === 9601 || r.defenderUid === 9601)).toBe(true);
    expect(mine.body.data.items).toHaveLength(6);
    const defended = await t.get(`${A}/logs`, tokens.service, { state: 'defended', table: 't1' });
    expect(defended.body.data.items.map((r: { streak: number }) => r.streak).sort()).toEqual([1, 2, 3, 4]);
    expect((await t.get(`${A}/logs`, tokens.service, { state: 'nope' })).body.message).toMatch(/^state: Must be one of pending/);
    expect((await t.get(`${A}/logs`, tokens.service, { uid: 'x' })).body.message).toBe('uid: Must be an integer');
    expect((await t.get(`${A}/logs`, tokens.service, { from: 'yesterday' })).body.message).toMatch(/^from: /);
    const csv = await t.app.inject({ method: 'GET', url: `${A}/logs/export?table=t1&state=defended`, headers: { 'x-token': tokens.business } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(5);
    expect((await t.get(`${A}/logs`, tokens.sales)).status).toBe(403);
  });

  it('ticket ranking and the season settlement: once, under two concurrent runs and a third; ineligible players and a shared device skipped', async () => {
    const save = (settings: unknown, who = 'admin') => t.post(`${A}/configs/update`, { settings }, tokens[who]);
    const tiers = [
      { from: 1, to: 1, reward: 10_000 },
      { from: 2, to: 3, reward: 4_000 },
      { from: 4, to: 10, reward: 1_000 },
    ];
    expect((await save({ ticketPrice: 1_000, tiers: [tiers[0], { from: 1, to: 3, reward: 5 }], totalBudget: 0, dailyBudget: 0 })).body.message).toBe(
      'settings.tiers.1.from: Must be after the tier before (more than 1)',
    );
    expect((await save({ ticketPrice: 0, tiers, totalBudget: 0, dailyBudget: 0 })).body.message).toBe('settings.ticketPrice: Must be more than 0');
    expect((await save({ ticketPrice: 1_000, tiers, totalBudget: 0, dailyBudget: 0 }, 'business')).status).toBe(403);
    expect((await t.get(`${A}/configs`, tokens.service)).body.data).toMatchObject({ version: 0, settings: { ticketPrice: 1_000 } });
    const saved = await save({ ticketPrice: 1_000, tiers, totalBudget: 0, dailyBudget: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await t.get(`${A}/configs/versions`, tokens.admin)).body.data.items[0]).toMatchObject({ actor: 'admin', after: { tiers } });

    // 9601 sits on the reopened t1; 9611 and 9612 share a device; 9610 is self-excluded after playing; 9604 banned
    for (const uid of [9610, 9611, 9612]) await p.credit(uid, 5_000);
    expect((await ticket(9601, 't1')).body.data).toMatchObject({ state: 'seated', free: false });
    const play = async (uid: number, outcome: string) => {
      const c = await ticket(uid, 't1');
      expect(c.status, JSON.stringify(c.body)).toBe(200);
      expect((await result(c.body.data.challengeId, outcome)).status).toBe(200);
    };
    await play(9610, 'void');
    await play(9610, 'defended');
    await play(9611, 'defended');
    await play(9612, 'defended');
    await play(9611, 'defended');
    await play(9612, 'defended');
    await t.database.db
      .insertInto('player_control')
      .values({
        uid: 9610,
        scope: 'house',
        blocked: '[]',
        cool_until: new Date(t.clock.now + 10 * 24 * HOUR),
        updated_by: 'test',
        updated_at: new Date(t.clock.now),
      })
      .execute();
    await t.database.db.updateTable('player').set({ status: 'banned' }).where('uid', '=', 9604).execute();

    const rank = await t.get(`${A}/ticketrank`, tokens.service, { cursor: '', pageSize: '50', season: '', top: '' });
    expect(rank.status, JSON.stringify(rank.body)).toBe(200);
    expect(rank.body.data.season).toMatchObject({ key: '2026-11-16', ended: false, settled: false });
    const rows = rank.body.data.items.map((r: { uid: number; tickets: number; tier: string | null; reward: number }) => [r.uid, r.tickets, r.tier, r.reward]);
    // 9602: 3 tickets used this season (a void one does not count, the one of Monday the 23rd is the next season's); then 9601, 9611, 9612 with 2
    expect(rows.slice(0, 4)).toEqual([
      [9602, 3, '1', 10_000],
      [9601, 2, '2-3', 4_000],
      [9611, 2, '2-3', 4_000],
      [9612, 2, '4-10', 1_000],
    ]);
    expect(rows).toHaveLength(10);
    expect(rows.map((r: number[]) => r[0])).not.toContain(9604);
    expect((await t.get(`${A}/ticketrank`, tokens.service, { top: '2' })).body.data.items).toHaveLength(2);
    expect((await t.get(`${A}/ticketrank`, tokens.service, { season: '2026-11-17' })).body.message).toBe('season: Must be the Monday (YYYY-MM-DD) of a season');
    expect((await t.get(`${A}/ticketrank`, tokens.service, { top: '101' })).body.message).toMatch(/^top: /);
    const csv = await t.app.inject({ method: 'GET', url: `${A}/ticketrank/export?top=3`, headers: { 'x-token': tokens.business } });
    expect(csv.body.trim().split('\n')).toHaveLength(4);
    const mine = await p.get('/api/platform/tongitsarena/ranking', 'uid=9602');
    expect(mine.body.data.me).toEqual({ uid: 9602, rank: 1, tickets: 3, reward: 10_000 });

    expect((await t.post(`${A}/settle`, {}, tokens.admin)).body.data.settled).toEqual([]);
    t.clock.advance(6.5 * HOUR); // Monday 2026-11-23 00:30 GMT+08:00: the season of the 16th ended
    const [a, b, c] = await Promise.all([
      t.post(`${A}/settle`, {}, tokens.admin),
      t.post(`${A}/settle`, {}, tokens.admin),
      settleDue(t.database.db, new Date(t.clock.now), 'system:tongitsarena'),
    ]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const all = [...a.body.data.settled, ...b.body.data.settled, ...c];
    expect(all).toHaveLength(1);
    expect(all[0].season).toBe('2026-11-16');
    expect(await settleDue(t.database.db, new Date(t.clock.now), 'system:tongitsarena')).toEqual([]);
    const lines = await t.get(`${A}/seasons`, tokens.service, { season: '2026-11-16' });
    expect(lines.status, JSON.stringify(lines.body)).toBe(200);
    // the season's ranks in order
    expect(lines.body.data.items.map((l: { rank: number }) => l.rank)).toEqual(lines.body.data.items.map((_: unknown, i: number) => i + 1));
    const byUid = Object.fromEntries(lines.body.data.items.map((l: { uid: number; state: string; reason: string }) => [l.uid, [l.state, l.reason]]));
    expect(byUid[9602]).toEqual(['paid', '']);
    expect(byUid[9610]).toEqual(['skipped', 'Player is self-excluded']);
    expect([byUid[9611]?.[1], byUid[9612]?.[1]].sort()).toEqual(['', 'Device already rewarded']);
    const entries = await t.database.db
      .selectFrom('ledger_entry')
      .select(['uid', 'idem_key'])
      .where('idem_key', 'like', 'activity:tongitsarena:season:%')
      .execute();
    expect(entries.length).toBe(all[0].paid);
    expect(entries.find((e) => e.uid === 9602)?.idem_key).toBe('activity:tongitsarena:season:2026-11-16:9602');
    expect((await t.get(`${A}/ticketrank`, tokens.service, { season: '2026-11-16' })).body.data.season).toMatchObject({ ended: true, settled: true });
    expect((await t.get(`${A}/seasons`, tokens.service, { season: '2026-13-01' })).body.message).toBe('season: Must be a real day');
    const seasonCsv = await t.app.inject({ method: 'GET', url: `${A}/seasons/export`, headers: { 'x-token': tokens.secadmin } });
    expect(seasonCsv.statusCode).toBe(200);
  });

  it('at once: one request sent twice makes one ticket; one result reported three times pays once', async () => {
    expect((await t.post(`${A}/tables/create`, { ...T2, id: 't3', name: 'Arena 3' }, tokens.admin)).status).toBe(200);
    const seat = await Promise.all([ticket(9603, 't3', 'twice-1'), ticket(9603, 't3', 'twice-1')]);
    expect(seat.map((s) => s.status)).toEqual([200, 200]);
    expect(seat.map((s) => s.body.data.repeated).sort()).toEqual([false, true]);
    expect(seat[0].body.data.challengeId).toBe(seat[1].body.data.challengeId);
    const c = await ticket(9605, 't3');
    expect(c.body.data).toMatchObject({ state: 'pending', defender: { uid: 9603 } });
    const before = await chips(9603);
    const reports = await Promise.all([1, 2, 3].map(() => result(c.body.data.challengeId, 'defended')));
    expect(reports.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(reports.filter((r) => !r.body.data.repeated)).toHaveLength(1);
    expect(await chips(9603)).toBe(before + 1_500);
    expect((await ticket(9605, 't3', `${c.body.data.challengeId}-again`)).body.data).toMatchObject({ free: false });
  });
});
