/**
 * An integration agent's traffic: its IP allow list (refused 401 before the body is read), its
 * calls and refused calls by day (counted after the answer: the error rate), and its players'
 * bets and wins by day (in the wallet call's own transaction, through platform/wallet.ts's game
 * hook: exact, a rollback takes its call back out). Which applications are agents is cached per
 * database for AGENTX_CACHE_MS (another server instance sees a change within that time; this
 * one at once).
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { platformCallHooks } from '../../http/platform-operation';
import { consoleDay } from '@console/time';

export const AGENTX_CACHE_MS = 5_000;

interface Known {
  id: number;
  allow: BlockList | null;
}
interface Cache {
  at: number;
  generation: number;
  byApp: Map<string, Known>;
}
let generation = 0;
const caches = new WeakMap<Db, Cache>();

/** A BlockList of the allow list (addresses and CIDR blocks); null when empty (any address). */
export function allowListOf(entries: readonly string[]): BlockList | null {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

/** Whether an address (as Fastify gives it: IPv4-mapped IPv6 included) is on the list. */
export function allowed(list: BlockList | null, ip: string): boolean {
  if (list === null) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  if (isIPv4(address)) return list.check(address, 'ipv4');
  if (isIPv6(address)) return list.check(address, 'ipv6');
  return false;
}

/** The agents by application; `root` is the app's database (the cache's key), `db` what to read with. */
async function agents(root: Db, now: number, db: Db = root): Promise<Map<string, Known>> {
  const cached = caches.get(root);
  if (cached && cached.generation === generation && now - cached.at < AGENTX_CACHE_MS && now >= cached.at) return cached.byApp;
  const rows = await db.selectFrom('agentx_agent').select(['id', 'app_id', 'ip_allow']).execute();
  const byApp = new Map(rows.map((r) => [r.app_id, { id: r.id, allow: allowListOf(r.ip_allow) }]));
  caches.set(root, { at: now, generation, byApp });
  return byApp;
}

/** After a change of agents: this process reads them again at the next call (any database: a change runs in a transaction). */
export function agentxChanged(): void {
  generation += 1;
}

const pending = new Set<Promise<unknown>>();
/** Waits for the call counts written after answers (tests). */
export async function agentxCountsWritten(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

platformCallHooks.push({
  async admit(db, appId, ip, now) {
    const known = (await agents(db, now.getTime())).get(appId);
    return known && !allowed(known.allow, ip) ? `Address ${ip} is not on the allow list of ${appId}` : null;
  },
  answered(db, appId, status, now) {
    const work = (async () => {
      const known = (await agents(db, now.getTime())).get(appId);
      if (!known) return;
      await sql`INSERT INTO agentx_day AS d (agent, day, slot, calls, refused)
        VALUES (${known.id}, ${consoleDay(now)}::date, (txid_current() % 8)::smallint, 1, ${status >= 400 ? 1 : 0})
        ON CONFLICT (agent, day, slot) DO UPDATE SET calls = d.calls + 1, refused = d.refused + EXCLUDED.refused`.execute(db);
    })().catch(() => {
      /* a count lost is never worth a failed call */
    });
    pending.add(work);
    void work.finally(() => pending.delete(work));
  },
});

/** The integration agent an application is (its id), or null; cached like the allow lists. */
export async function agentxIdOf(root: Db, appId: string, at: Date, db: Db = root): Promise<number | null> {
  return (await agents(root, at.getTime(), db)).get(appId)?.id ?? null;
}
