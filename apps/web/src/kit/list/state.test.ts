import { describe, expect, it } from 'vitest';
import type { ListDeclaration } from '../types';
import { readListState, requestParams, writeListState } from './state';

interface Row {
  id: string;
  createdAt: string;
}
const decl: ListDeclaration<Row> = {
  name: 'things',
  title: 't',
  rowKey: 'id',
  api: { url: '/things', mode: 'page', params: { kind: 'a' } },
  filters: [
    { kind: 'text', name: 'username', label: 'u' },
    { kind: 'dateRange', name: 'at', label: 'at' },
  ],
  columns: [
    { key: 'id', title: 'id' },
    { key: 'createdAt', title: 'c', sortable: true },
  ],
};

describe('list state', () => {
  it('reads filters, page and sort from the URL, ignoring unknown or unsortable keys', () => {
    const s = readListState(new URLSearchParams('username=bob&from=2026-11-01&page=3&pageSize=50&sort=createdAt&order=descend&evil=1'), decl);
    expect(s).toEqual({ filters: { username: 'bob', from: '2026-11-01' }, page: 3, pageSize: 50, sort: 'createdAt', order: 'descend' });
    expect(readListState(new URLSearchParams('sort=id&order=ascend&page=-1&pageSize=9999'), decl)).toEqual({ filters: {}, page: 1, pageSize: 20 });
  });
  it('writes the URL without defaults and round-trips', () => {
    const s = { filters: { username: 'bob' }, page: 2, pageSize: 20, sort: 'createdAt', order: 'ascend' as const };
    const q = writeListState(s, decl);
    expect(q.toString()).toBe('username=bob&page=2&sort=createdAt&order=ascend');
    expect(readListState(q, decl)).toEqual(s);
  });
  it('sends date days as GMT+08:00 day bounds, plus the fixed params, page and sort', () => {
    const s = readListState(new URLSearchParams('from=2026-11-01&to=2026-11-02&sort=createdAt&order=ascend'), decl);
    expect(requestParams(decl, s)).toEqual({
      kind: 'a',
      from: '2026-11-01T00:00:00.000+08:00',
      to: '2026-11-02T23:59:59.999+08:00',
      sort: 'createdAt',
      order: 'ascend',
      page: 1,
      pageSize: 20,
    });
  });
  it('cursor mode sends the cursor (empty for the first step) and no page', () => {
    const c = { ...decl, api: { url: '/logs', mode: 'cursor' as const } };
    const s = readListState(new URLSearchParams('page=4'), c);
    expect(requestParams(c, s, 'abc')).toEqual({ pageSize: 50, cursor: 'abc' });
    expect(requestParams(c, s, null)).toEqual({ pageSize: 50, cursor: '' });
  });
  it('keeps the URL parameters the list does not own (an open player drawer survives paging)', () => {
    const others = new URLSearchParams('player=1001&username=old&page=3&tab=x');
    const q = writeListState({ filters: { username: 'new' }, page: 2, pageSize: 20 }, decl, others);
    expect(Object.fromEntries(q)).toEqual({ player: '1001', tab: 'x', username: 'new', page: '2' });
  });
});
