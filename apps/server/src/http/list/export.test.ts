/**
 * GET <list>/export: a CSV of the whole filtered set, headed and formatted as the screen
 * asks (`columns`), BOM, formula-safe, named `<name>-YYYYMMDD-HHmmss.csv`; the same roles,
 * filters and partner scope as the list; no operation-log record; read in keyset chunks.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldlogs } from '../../domains/player-lists/ledger';
import { userlist } from '../../domains/player-lists/players';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { compile } from './define';
import { walk } from './run';
import { seedPlayers, type SeededPlayer } from './test-fixtures';

const COLUMNS = [
  { key: 'uid', title: '玩家ID', format: 'uid' },
  { key: 'name', title: 'Name, "nick"' },
  { key: 'chip', title: '筹码', format: 'money' },
  { key: 'status', title: '状态', labels: { active: '正常', banned: '封禁' } },
  { key: 'registeredAt', title: 'Registered', format: 'datetime' },
  { key: 'lastLoginAt', title: 'Last login', format: 'datetime' },
];

describe.each(databases())('list export on $kind', (db) => {
  let t: TestApp;
  let admin: string;
  let players: SeededPlayer[];

  beforeAll(async () => {
    t = await testApp(db);
    ({ players } = await seedPlayers(t.database.db));
    await t.database.db
      .insertInto('player')
      .values({
        uid: 31,
        name: '=HYPERLINK("http://x","y")',
        register_ip: '-1+2',
        register_device: 'd',
        registered_at: new Date('2026-10-03T00:00:00Z'),
        partner: 1,
      })
      .execute();
    await t.database.db.insertInto('player_balance').values({ uid: 31, partner: 1 }).execute();
    admin = await t.loginAs('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const exportCsv = (path: string, query: Record<string, string>, token = admin) =>
    t.app.inject({ method: 'GET', url: `/api/usermanager/${path}/export`, query, headers: { 'x-token': token } });
  const lines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(0, -1);

  it("streams the whole filtered set with the screen's titles and formats", async () => {
    const res = await exportCsv('userlist', { columns: JSON.stringify(COLUMNS), sort: 'uid', order: 'ascend', to: '2026-10-02T06:00:00+08:00' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="userlist-20261122-180000.csv"');
    expect(res.body.startsWith('\uFEFF玩家ID,"Name, ""nick""",筹码,状态,Registered,Last login\r\n')).toBe(true);
    const rows = lines(res.body);
    expect(rows).toHaveLength(1 + 30);
    expect(rows[7]).toBe('7,Alpha_7,3.00,封禁,2026-10-01 07:00:00,2026-10-02 09:00:00');
    expect(rows[5]).toBe('5,Alpha_5,1.00,正常,2026-10-01 05:00:00,-');
    expect(res.trailers['x-row-count']).toBe('30');
  });

  it('neutralises formulas and quotes fields; without columns the keys head raw values', async () => {
    const res = await exportCsv('userlist', { uid: '31' });
    const [header, row] = lines(res.body);
    expect(header.split(',')).toEqual(Object.keys(userlist.item.shape));
    expect(row.startsWith('31,"\'=HYPERLINK(""http://x"",""y"")",')).toBe(true);
    expect(row.split(',').at(-1)).toBe("'-1+2");
  });

  it('keeps partner scope, filters and sort: a partner account exports only its own players', async () => {
    const partner = await t.loginAs('partner');
    const res = await exportCsv('userlist', { columns: JSON.stringify([{ key: 'uid', title: 'uid' }]), sort: 'chip', order: 'descend' }, partner);
    const own = [...players.filter((p) => p.partner === 1), { uid: 31, chip: 0 }].sort((a, b) => b.chip - a.chip || b.uid - a.uid);
    expect(lines(res.body).slice(1)).toEqual(own.map((p) => String(p.uid)));
    const ledger = await exportCsv('goldlogs', { columns: JSON.stringify([{ key: 'partner', title: 'p' }]) }, partner);
    expect(new Set(lines(ledger.body).slice(1))).toEqual(new Set(['1']));
  });

  it("needs the list's roles (403) and writes no operation-log record", async () => {
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from operation_log where operation like 'usermanager.%'`.execute(t.database.db)).rows[0].n);
    const before = await count();
    expect((await exportCsv('userlist', {})).statusCode).toBe(200);
    expect((await exportCsv('goldlogs', {})).statusCode).toBe(200);
    expect(await count()).toBe(before);
    expect((await exportCsv('userlist', {}, await t.loginAs('maint'))).statusCode).toBe(403);
    expect((await exportCsv('moneylogs', {}, await t.loginAs('service'))).statusCode).toBe(403);
    expect((await exportCsv('userlist', {}, 'nope')).statusCode).toBe(401);
  });

  it('refuses bad columns and bad filters with a 400 naming them', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ columns: 'uid,name' }, 'columns: Must be a JSON array of columns'],
      [{ columns: '{"key":"uid"}' }, 'columns: Expected array'],
      [{ columns: '[]' }, 'columns: At least one column'],
      [{ columns: JSON.stringify([{ key: 'password', title: 'x' }]) }, 'columns.0.key: Unknown column'],
      [{ columns: JSON.stringify([{ key: 'uid', title: 'x', format: 'html' }]) }, expect.stringMatching(/^columns\.0\.format: Must be one of text, /)],
      [{ columns: JSON.stringify([{ key: 'uid', title: 'x', extra: 1 }]) }, 'columns.0.extra: Unknown field'],
      [{ columns: JSON.stringify([{ key: 'uid', title: 'x'.repeat(201) }]) }, 'columns.0.title: Over 200 characters'],
      [{ columns: JSON.stringify(Array(101).fill({ key: 'uid', title: 'x' })) }, 'columns: At most 100 columns'],
      [{ columns: 'x'.repeat(40_000) }, 'columns: Over 32768 characters'],
      [{ uid: 'abc' }, 'uid: Must be an integer'],
      [{ cursor: '' }, 'cursor: Unknown field'],
    ];
    for (const [query, message] of cases) {
      const res = await exportCsv('userlist', query);
      expect(res.statusCode, JSON.stringify(query).slice(0, 80)).toBe(400);
      expect(JSON.parse(res.body).message).toEqual(message);
    }
  });

  it('reads in keyset chunks: every row once, in order, across chunk boundaries', async () => {
    const list = compile(goldlogs);
    const user = { roles: ['admin'], partner: 0 };
    const chunks: number[][] = [];
    for await (const rows of walk(t.database.db, list, user, {}, 4)) chunks.push(rows.map((r) => r.id as number));
    const all = (await t.get('/api/usermanager/goldlogs', admin, { pageSize: '500' })).body.data.items.map((e: { id: number }) => e.id);
    expect(chunks.flat()).toEqual(all);
    expect(chunks.slice(0, -1).every((c) => c.length === 4)).toBe(true);
  });
});
