import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListDeclaration } from '../types';
import { fetchListPage } from './fetch';
import { requestParams, type ListState } from './state';

/**
 * Loads the current page (page mode) or cursor step (cursor mode) with TanStack Query.
 * Cursor mode keeps the stack of visited cursors for "previous"; it starts over when the
 * filters, sort or page size change.
 */
export function useListData<Row>(decl: ListDeclaration<Row>, state: ListState) {
  const viewKey = JSON.stringify(requestParams(decl, { ...state, page: 1 }));
  const [nav, setNav] = useState<{ viewKey: string; cursors: (string | null)[] }>({ viewKey, cursors: [null] });
  const cursors = nav.viewKey === viewKey ? nav.cursors : [null];
  const cursor = cursors[cursors.length - 1];
  const queryClient = useQueryClient();

  const query = useQuery({
    queryKey: ['kit-list', decl.name, decl.api.url, requestParams(decl, state, cursor)],
    queryFn: () => fetchListPage(decl, state, cursor),
    placeholderData: keepPreviousData,
    retry: false,
  });

  return {
    query,
    cursorPage: cursors.length,
    hasPrevious: cursors.length > 1,
    hasNext: !!query.data?.nextCursor && !query.isPlaceholderData,
    next: () => {
      if (query.data?.nextCursor) setNav({ viewKey, cursors: [...cursors, query.data.nextCursor] });
    },
    previous: () => setNav({ viewKey, cursors: cursors.slice(0, -1) }),
    refetchAll: () => queryClient.invalidateQueries({ queryKey: ['kit-list', decl.name] }),
  };
}
