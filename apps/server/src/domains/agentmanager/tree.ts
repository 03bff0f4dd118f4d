/**
 * The agent tree (/agentmanager/preview): agents page by page, and the invitees of any node
 * (an agent's T1, a T1's invitees = the agent's T2, a sub-agent's own tree) page by page. Each
 * page is one indexed query: agents by uid (agent's primary key, or agent_partner_idx with a
 * partner), invitees by (inviter_uid, uid) (migration 042); the counts beside each row are
 * index-only counts over the same index.
 */
import type { TreeNode } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { notFound } from '../../http/api-error';
import { isoInConsoleZone } from '../../http/time';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
export interface AgentFilter {
  uid?: number;
  partner?: number;
  status?: string;
  name?: string;
}

const node = (x: Record<string, unknown>, top: boolean): TreeNode => ({
  uid: Number(x.uid),
  name: String(x.name ?? ''),
  partner: Number(x.partner),
  registeredAt: isoInConsoleZone((x.registered_at as Date | null) ?? null),
  agentStatus: x.agent_status === null || x.agent_status === undefined ? null : String(x.agent_status),
  wholesaler: Boolean(x.wholesaler),
  invitees: Number(x.invitees),
  t2: top ? Number(x.t2) : null,
  subAgents: top ? Number(x.sub_agents) : null,
});

const after = (cursor: string | undefined) => (cursor ? Number(cursor) : 0);

export async function agentPage(db: Db, f: AgentFilter, cursor: string | undefined, size: number): Promise<Page<TreeNode>> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT a.uid, a.name, a.partner, a.status AS agent_status, p.registered_at,
      EXISTS (SELECT 1 FROM agentmanager_wholesaler w WHERE w.uid = a.uid) AS wholesaler,
      (SELECT count(*) FROM player c WHERE c.inviter_uid = a.uid) AS invitees,
      (SELECT count(*) FROM player c JOIN player g ON g.inviter_uid = c.uid WHERE c.inviter_uid = a.uid) AS t2,
      (SELECT count(*) FROM player c JOIN agent s ON s.uid = c.uid WHERE c.inviter_uid = a.uid) AS sub_agents
    FROM agent a JOIN player p ON p.uid = a.uid
    WHERE a.uid > ${after(cursor)}
      AND (${f.uid ?? null}::integer IS NULL OR a.uid = ${f.uid ?? null})
      AND (${f.partner ?? null}::integer IS NULL OR a.partner = ${f.partner ?? null})
      AND (${f.status ?? null}::text IS NULL OR a.status = ${f.status ?? null})
      AND (${f.name ?? null}::text IS NULL OR strpos(lower(a.name), lower(${f.name ?? ''})) > 0)
    ORDER BY a.uid
    LIMIT ${size + 1}`.execute(db);
  const items = rows.slice(0, size).map((x) => node(x, true));
  return { items, nextCursor: rows.length > size ? String(items[items.length - 1].uid) : null };
}

/** The direct invitees of `uid` (a player or an agent), by uid; 404 unknown player. */
export async function inviteePage(db: Db, uid: number, cursor: string | undefined, size: number): Promise<Page<TreeNode>> {
  if (!(await db.selectFrom('player').select('uid').where('uid', '=', uid).executeTakeFirst())) throw notFound(`Player ${uid} not found`);
  const { rows } = await sql<Record<string, unknown>>`
    SELECT p.uid, p.name, p.partner, p.registered_at, ag.status AS agent_status,
      EXISTS (SELECT 1 FROM agentmanager_wholesaler w WHERE w.uid = p.uid) AS wholesaler,
      (SELECT count(*) FROM player c WHERE c.inviter_uid = p.uid) AS invitees
    FROM player p LEFT JOIN agent ag ON ag.uid = p.uid
    WHERE p.inviter_uid = ${uid} AND p.uid > ${after(cursor)}
    ORDER BY p.uid
    LIMIT ${size + 1}`.execute(db);
  const items = rows.slice(0, size).map((x) => node(x, false));
  return { items, nextCursor: rows.length > size ? String(items[items.length - 1].uid) : null };
}
