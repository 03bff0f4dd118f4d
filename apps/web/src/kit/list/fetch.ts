import { request } from '../../shell/request';
import type { CursorResult, ListDeclaration, PageResult } from '../types';
import { requestParams, type ListState } from './state';

/** One page of the data contract: `{items,total}` (page mode) or `{items,nextCursor}` (cursor mode). */
export async function fetchListPage<Row>(
  decl: ListDeclaration<Row>,
  state: ListState,
  cursor?: string | null,
): Promise<PageResult<Row> & Partial<CursorResult<Row>>> {
  const body = await request<Partial<PageResult<Row> & CursorResult<Row>>>('GET', decl.api.url, {
    params: requestParams(decl, state, cursor),
    silent: true,
  });
  const data = body.data ?? {};
  const items = Array.isArray(data.items) ? data.items : [];
  return {
    items,
    total: typeof data.total === 'number' ? data.total : items.length,
    nextCursor: typeof data.nextCursor === 'string' && data.nextCursor !== '' ? data.nextCursor : null,
  };
}
