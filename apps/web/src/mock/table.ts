/** The sample table item of §3 (development only) and the /table/list query of the mock. */
export type SampleStatus = 'published' | 'draft' | 'deleted';

export interface SampleItem {
  id: number;
  title: string;
  status: SampleStatus;
  author: string;
  display_time: string;
  pageviews: number;
}

const STATUSES: SampleStatus[] = ['published', 'draft', 'deleted'];
const AUTHORS = ['Alice', 'Bong', 'Carmen', 'Dado', 'Elena', 'Feng'];
const WORDS = ['weekly', 'report', 'tongits', 'bonus', 'event', 'party', 'vip', 'recharge', 'summary', 'notice'];

/** A small deterministic generator, so the list is the same on every load. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function pad(n: number) {
  return String(n).padStart(2, '0');
}

export function sampleItems(count = 100, seed = 20240101): SampleItem[] {
  const rnd = prng(seed);
  const start = Date.UTC(2024, 0, 1);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(start + Math.floor(rnd() * 365 * 86_400_000));
    const words = [0, 1, 2].map(() => WORDS[Math.floor(rnd() * WORDS.length)]);
    return {
      id: i + 1,
      title: words.join(' '),
      status: STATUSES[Math.floor(rnd() * STATUSES.length)],
      author: AUTHORS[Math.floor(rnd() * AUTHORS.length)],
      display_time: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
      pageviews: 300 + Math.floor(rnd() * 4700),
    };
  });
}

export interface TableQuery {
  page: number;
  limit: number;
  title?: string;
  status?: string;
  sort?: string;
}

export function parseTableQuery(q: URLSearchParams): TableQuery {
  const int = (v: string | null, dflt: number, max: number) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : dflt;
  };
  return {
    page: int(q.get('page'), 1, 1_000_000),
    limit: int(q.get('limit') ?? q.get('pageSize'), 20, 500),
    title: q.get('title') ?? undefined,
    status: q.get('status') ?? undefined,
    sort: q.get('sort') ?? undefined,
  };
}

export function queryTable(items: SampleItem[], q: TableQuery): { total: number; items: SampleItem[] } {
  let rows = items;
  if (q.title) rows = rows.filter((r) => r.title.toLowerCase().includes(q.title!.toLowerCase()));
  if (q.status) rows = rows.filter((r) => r.status === q.status);
  if (q.sort === '-id') rows = [...rows].sort((a, b) => b.id - a.id);
  const from = (q.page - 1) * q.limit;
  return { total: rows.length, items: rows.slice(from, from + q.limit) };
}
