/**
 * GET /api/admin/userinfo/logs in its two forms: page mode `{items, total}` (no `cursor`) and
 * cursor mode `{items, nextCursor}` (`cursor` present, empty for the first step). A known set
 * of records is appended in October 2026, before the test clock, so a from/to window over
 * October isolates it from the records the demo seed and the calls themselves write.
 */
import type { OperationResult } from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { appendOperationLog } from './chain';

interface Seeded {
  id: number;
  username: string;
  partner: number;
  operation: string;
  result: OperationResult;
  at: Date;
}

const OCTOBER = { from: '2026-10-01T00:00:00+08:00', to: '2026-10-31T23:59:59+08:00' };
const RESULTS: OperationResult[] = ['ok', 'refused', 'failed'];
const COUNT = 23;

describe.each(databases())('operation log list on $kind', (db) => {
  let t: TestApp;
  let admin: string;
  let partner: string;
  /** The October records, newest (highest id) first, as the list orders them. */
  let seeded: Seeded[] = [];

  beforeAll(async () => {
    t = await testApp(db);
    admin = await t.loginAs('admin');
    partner = await t.loginAs('partner');
    for (let i = 0; i < COUNT; i++) {
      const r = {
        username: i % 2 === 0 ? 'alice_log' : 'bob_log',
        partner: [0, 1, 2][i % 3],
        operation: i % 4 === 0 ? 'test.beta.change' : 'test.alpha',
        result: RESULTS[i % 3 === 0 ? 0 : i % 5 === 0 ? 2 : 1],
        at: new Date(Date.parse('2026-10-10T00:00:00+08:00') + i * 60_000),
      };
      const id = await appendOperationLog(t.database.db, { ...r, target: `t${i}`, status: 200, message: '', before: null, after: null, ip: '10.0.0.1' }, r.at);
      seeded.push({ id, ...r });
    }
    seeded = seeded.reverse();
  });
  afterAll(async () => {
    await t.close();
  });

  const logs = (query: Record<string, string | string[]> = {}, token = admin) => t.get('/api/admin/userinfo/logs', token, query as Record<string, string>);
  const ids = (items: { id: number }[]) => items.map((r) => r.id);
  const idsWhere = (keep: (r: Seeded) => boolean) => seeded.filter(keep).map((r) => r.id);

  /** Every id of a cursor walk (`cursor=` first, then each nextCursor). */
  async function walk(query: Record<string, string>, token = admin) {
    const walked: number[] = [];
    let cursor = '';
    for (let step = 0; step < 1000; step++) {
      const res = await logs({ ...query, cursor }, token);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(['items', 'nextCursor']);
      walked.push(...ids(res.body.data.items));
      if (res.body.data.nextCursor === null) return walked;
      cursor = res.body.data.nextCursor;
    }
    throw new Error('cursor walk did not end');
  }

  describe('page mode (no cursor)', () => {
    it('answers {items, total}: the first 20, newest first, total of the filtered set', async () => {
      const res = await logs(OCTOBER);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(['items', 'total']);
      expect(res.body.data.total).toBe(COUNT);
      expect(ids(res.body.data.items)).toEqual(seeded.slice(0, 20).map((r) => r.id));
      expect(res.body.data.items[0]).toMatchObject({ username: seeded[0].username, target: 't22', ip: '10.0.0.1', at: '2026-10-10T00:22:00.000+08:00' });
    });

    it('pages to the boundaries: full pages, a partial last page, an empty page past the end', async () => {
      const page = async (p: string, size: string) => (await logs({ ...OCTOBER, page: p, pageSize: size })).body.data;
      const [p1, p2, p3, p4] = await Promise.all(['1', '2', '3', '4'].map((p) => page(p, '10')));
      expect([p1, p2, p3, p4].map((d) => d.total)).toEqual([COUNT, COUNT, COUNT, COUNT]);
      expect([p1, p2, p3, p4].map((d) => d.items.length)).toEqual([10, 10, 3, 0]);
      expect([...ids(p1.items), ...ids(p2.items), ...ids(p3.items)]).toEqual(seeded.map((r) => r.id));
      expect(await page('1', '500')).toMatchObject({ total: COUNT, items: expect.any(Array) });
      expect(ids((await page('1', '500')).items)).toEqual(seeded.map((r) => r.id));
      expect(ids((await page(String(COUNT), '1')).items)).toEqual([seeded[COUNT - 1].id]);
      expect(await page(String(COUNT + 1), '1')).toEqual({ items: [], total: COUNT });
      expect(await page('1000000', '500')).toEqual({ items: [], total: COUNT });
      expect(ids((await page('1', '1')).items)).toEqual([seeded[0].id]);
    });

    it('counts the total over the same filters as the items', async () => {
      const cases: [Record<string, string>, (r: Seeded) => boolean][] = [
        [{ username: 'alice_log' }, (r) => r.username === 'alice_log'],
        [{ result: 'failed' }, (r) => r.result === 'failed'],
        [{ result: 'refused' }, (r) => r.result === 'refused'],
        [{ operation: 'test.beta' }, (r) => r.operation.startsWith('test.beta')],
        [{ operation: 'test.' }, () => true],
        [
          { username: 'bob_log', result: 'refused', operation: 'test.alpha' },
          (r) => r.username === 'bob_log' && r.result === 'refused' && r.operation === 'test.alpha',
        ],
        [
          { from: '2026-10-10T00:05:00+08:00', to: '2026-10-10T00:09:00+08:00' },
          (r) => r.at >= new Date('2026-10-10T00:05:00+08:00') && r.at <= new Date('2026-10-10T00:09:00+08:00'),
        ],
        [{ username: 'nobody_here' }, () => false],
      ];
      for (const [filters, keep] of cases) {
        const expected = idsWhere(keep);
        const data = (await logs({ ...OCTOBER, ...filters, pageSize: '4' })).body.data;
        expect({ filters, total: data.total }).toEqual({ filters, total: expected.length });
        expect(ids(data.items)).toEqual(expected.slice(0, 4));
        const second = (await logs({ ...OCTOBER, ...filters, pageSize: '4', page: '2' })).body.data;
        expect(ids(second.items)).toEqual(expected.slice(4, 8));
        expect(second.total).toBe(expected.length);
      }
      expect(idsWhere((r) => r.result === 'failed').length).toBeGreaterThan(0);
    });

    it('counts the whole visible log without filters', async () => {
      const data = (await logs({ pageSize: '500' })).body.data;
      expect(data.total).toBe(data.items.length);
      expect(data.total).toBeGreaterThan(COUNT);
      expect(ids(data.items)).toEqual([...ids(data.items)].sort((a, b) => b - a));
    });

    it('shows a partner account only its own partner’s records, and counts only those', async () => {
      const own = idsWhere((r) => r.partner === 1);
      const data = (await logs({ ...OCTOBER, pageSize: '3' }, partner)).body.data;
      expect(data.total).toBe(own.length);
      expect(ids(data.items)).toEqual(own.slice(0, 3));
      const last = (await logs({ ...OCTOBER, pageSize: '3', page: String(Math.ceil(own.length / 3)) }, partner)).body.data;
      expect(ids(last.items)).toEqual(own.slice(-(own.length % 3 || 3)));
      expect((await logs({ ...OCTOBER, username: 'bob_log' }, partner)).body.data.total).toBe(
        idsWhere((r) => r.partner === 1 && r.username === 'bob_log').length,
      );

      const everything = (await logs({ pageSize: '500' }, partner)).body.data;
      expect(everything.total).toBe(everything.items.length);
      expect(everything.items.every((r: any) => r.partner === 1)).toBe(true);
      // the partner's own sign-in (demo seed and beforeAll) is there too
      expect(everything.total).toBeGreaterThan(own.length);
      expect((await logs({ pageSize: '500' })).body.data.total).toBeGreaterThan(everything.total);
    });
  });

  describe('cursor mode (cursor present)', () => {
    it('starts with cursor= and walks the filtered set in steps, newest first, to nextCursor null', async () => {
      expect(await walk({ ...OCTOBER, pageSize: '4' })).toEqual(seeded.map((r) => r.id));
      expect(await walk({ ...OCTOBER, pageSize: '23' })).toEqual(seeded.map((r) => r.id));
      expect(await walk({ ...OCTOBER, pageSize: '22' })).toEqual(seeded.map((r) => r.id));
      expect(await walk({ ...OCTOBER, username: 'alice_log', pageSize: '5' })).toEqual(idsWhere((r) => r.username === 'alice_log'));
      expect(await walk({ ...OCTOBER, operation: 'test.beta', result: 'ok', pageSize: '2' })).toEqual(
        idsWhere((r) => r.operation.startsWith('test.beta') && r.result === 'ok'),
      );
      expect(await walk({ ...OCTOBER, username: 'nobody_here' })).toEqual([]);
      const first = (await logs({ ...OCTOBER, cursor: '' })).body.data;
      expect(first).toEqual({ items: expect.any(Array), nextCursor: null });
      expect(first.items).toHaveLength(COUNT); // default step 50
    });

    it('walks the whole log, the same records page mode lists', async () => {
      const listed = ids((await logs({ pageSize: '500' })).body.data.items);
      expect(await walk({ pageSize: '7' })).toEqual(listed);
      expect(await walk({})).toEqual(listed);
    });

    it('walks only the partner’s own records for a partner account', async () => {
      const listed = (await logs({ pageSize: '500' }, partner)).body.data.items;
      expect(await walk({ pageSize: '2' }, partner)).toEqual(ids(listed));
      expect(await walk({ ...OCTOBER, pageSize: '2' }, partner)).toEqual(idsWhere((r) => r.partner === 1));
    });
  });

  it('refuses unknown and ill-typed parameters with a 400 naming the field', async () => {
    const cases: [Record<string, string | string[]>, string][] = [
      [{ page: '0' }, 'page: Must be at least 1'],
      [{ page: '-1' }, 'page: Must be at least 1'],
      [{ page: '1.5' }, 'page: Must be an integer'],
      [{ page: 'two' }, 'page: Must be an integer'],
      [{ page: '' }, 'page: Must be an integer'],
      [{ page: '1000001' }, 'page: Must be at most 1000000'],
      [{ page: ['1', '2'] }, 'page: Expected string'],
      [{ pageSize: '0' }, 'pageSize: Must be at least 1'],
      [{ pageSize: '501' }, 'pageSize: Must be at most 500'],
      [{ pageSize: '501', cursor: '' }, 'pageSize: Must be at most 500'],
      [{ page: '1', cursor: '' }, 'page: Not allowed with cursor'],
      [{ page: '2', cursor: 'aWQ6MTA' }, 'page: Not allowed with cursor'],
      [{ cursor: 'bogus' }, 'cursor: Invalid cursor'],
      [{ cursor: 'a b' }, 'cursor: Invalid cursor'],
      [{ cursor: 'x'.repeat(65) }, 'cursor: Over 64 characters'],
      [{ cursor: ['', ''] }, 'cursor: Expected string'],
      [{ total: '5' }, 'total: Unknown field'],
      [{ sort: 'id' }, 'sort: Unknown field'],
      [{ account: 'admin' }, 'account: Unknown field'],
      [{ result: 'maybe' }, 'result: Invalid option: expected one of "ok"|"refused"|"failed"'],
      [{ from: 'yesterday' }, 'from: Must be an ISO 8601 date-time with offset'],
      [{ to: '2026-10-10T00:00:00' }, 'to: Must be an ISO 8601 date-time with offset'],
      [{ username: 'x'.repeat(65) }, 'username: Over 64 characters'],
    ];
    for (const [query, message] of cases) {
      const res = await logs(query);
      expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 400, body: { code: 400, message } });
    }
  });
});
