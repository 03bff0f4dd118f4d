/**
 * The list's query state (filters, page, pageSize, sort, order) and its two encodings:
 * the URL query (so a reload or a shared link keeps the view) and the request query of
 * the data contract. Filter values are strings; date ranges are calendar days in the URL
 * and GMT+08:00 day bounds (ISO) in the request.
 */
import { dayEnd, dayStart } from '../../lib/format';
import type { FilterDeclaration, ListDeclaration } from '../types';

export type SortOrder = 'ascend' | 'descend';

export interface ListState {
  filters: Record<string, string>;
  page: number;
  pageSize: number;
  sort?: string;
  order?: SortOrder;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export function defaultPageSize(decl: Pick<ListDeclaration<unknown>, 'api' | 'pageSize'>): number {
  return decl.pageSize ?? (decl.api.mode === 'cursor' ? 50 : 20);
}

/** URL/request parameter names a filter owns. */
export function filterParams(filter: FilterDeclaration): string[] {
  return filter.kind === 'dateRange' ? [filter.fromParam ?? 'from', filter.toParam ?? 'to'] : [filter.name];
}

const positiveInt = (s: string | null, fallback: number, max = Infinity) => {
  const n = Number(s);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

export function readListState(search: URLSearchParams, decl: ListDeclaration<any>): ListState {
  const filters: Record<string, string> = {};
  for (const f of decl.filters ?? []) {
    for (const p of filterParams(f)) {
      const v = search.get(p);
      if (v !== null && v !== '') filters[p] = v;
    }
  }
  const sortable = new Set(decl.columns.filter((c) => c.sortable).map((c) => c.key));
  const sort = search.get('sort') ?? undefined;
  const order = search.get('order');
  const sorted = sort && sortable.has(sort) && (order === 'ascend' || order === 'descend');
  return {
    filters,
    page: decl.api.mode === 'page' ? positiveInt(search.get('page'), 1) : 1,
    pageSize: positiveInt(search.get('pageSize'), defaultPageSize(decl), 500),
    ...(sorted ? { sort, order: order } : {}),
  };
}

/** The URL query for a state; defaults are left out to keep links short. */
/** The query parameters a list owns (its filters, paging and sort); others in the URL are someone else's. */
export function listParamNames(decl: ListDeclaration<any>): Set<string> {
  const names = new Set(['page', 'pageSize', 'sort', 'order']);
  for (const f of decl.filters ?? []) for (const name of f.kind === 'dateRange' ? filterParams(f) : [f.name]) names.add(name);
  return names;
}

/**
 * The list's state as URL parameters; `others` (the current URL) lends the parameters the list
 * does not own, so that e.g. an open player drawer (`player=`) survives paging and filtering.
 */
export function writeListState(state: ListState, decl: ListDeclaration<any>, others?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  if (others) {
    const owned = listParamNames(decl);
    for (const [k, v] of others) if (!owned.has(k)) out.append(k, v);
  }
  for (const [k, v] of Object.entries(state.filters)) if (v !== '') out.set(k, v);
  if (state.page > 1) out.set('page', String(state.page));
  if (state.pageSize !== defaultPageSize(decl)) out.set('pageSize', String(state.pageSize));
  if (state.sort && state.order) {
    out.set('sort', state.sort);
    out.set('order', state.order);
  }
  return out;
}

/** Filter values as the server receives them (date days → ISO day bounds in GMT+08:00). */
export function filterRequestParams(decl: ListDeclaration<any>, filters: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of decl.filters ?? []) {
    if (f.kind === 'dateRange') {
      const [fromP, toP] = filterParams(f);
      const from = filters[fromP] ? dayStart(filters[fromP]) : null;
      const to = filters[toP] ? dayEnd(filters[toP]) : null;
      if (from) out[fromP] = from;
      if (to) out[toP] = to;
    } else if (filters[f.name] !== undefined && filters[f.name] !== '') {
      out[f.name] = filters[f.name];
    }
  }
  return out;
}

/** The request query of one page (page mode) or one cursor step (cursor mode). */
export function requestParams(decl: ListDeclaration<any>, state: ListState, cursor?: string | null): Record<string, string | number | boolean> {
  const base = { ...decl.api.params, ...filterRequestParams(decl, state.filters) };
  const sort: Record<string, string> = state.sort && state.order ? { sort: state.sort, order: state.order } : {};
  if (decl.api.mode === 'cursor') {
    // `cursor=` (empty) asks for the first step: an API that also pages by number (the operation
    // log) tells the two forms apart by the presence of `cursor`.
    return { ...base, ...sort, pageSize: state.pageSize, cursor: cursor ?? '' };
  }
  return { ...base, ...sort, page: state.page, pageSize: state.pageSize };
}
