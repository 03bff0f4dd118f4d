/**
 * /usermanager/invite: one player's invitation tree — the players it invited (level 1) and
 * the players those invited (level 2), each with how many it invited in turn — and the top
 * inviters with their invitee counts. Both are bounded reports: at most INVITE_LIMIT
 * invitees a search, the TOP_INVITERS players with the most invitees (index
 * player_inviter_idx). Partner accounts see only their own partner's players.
 */
import { inviteTreeItem, inviterItem, queryInt, type InviteTreeItem, type InviterItem } from '@console/schemas';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { isoInConsoleZone } from '../../http/time';
import { partnerScope, type ScopedSubject } from '../../plugins/partner-scope';
import type { ReportSpec } from '../../reports/report';

export const INVITE_LIMIT = 10_000;
export const TOP_INVITERS = 100;

const scoped = (user: ScopedSubject, column: string) => {
  const scope = partnerScope(user);
  return scope === null ? sql`true` : sql`${sql.ref(column)} = ${scope}`;
};

async function invitees(db: Db, user: ScopedSubject, uid: number, level: 1 | 2 | undefined): Promise<InviteTreeItem[]> {
  const levelOne = sql`SELECT p.*, 1 AS level FROM player p WHERE p.inviter_uid = ${uid}`;
  const levelTwo = sql`SELECT p.*, 2 AS level FROM player p WHERE p.inviter_uid IN (SELECT uid FROM player WHERE inviter_uid = ${uid})`;
  const tree = level === 1 ? levelOne : level === 2 ? levelTwo : sql`${levelOne} UNION ALL ${levelTwo}`;
  const { rows } = await sql<Record<string, unknown>>`
    SELECT t.uid, t.name, t.level, t.inviter_uid, t.partner, t.registered_at, t.last_login_at,
      (SELECT count(*)::int FROM player c WHERE c.inviter_uid = t.uid) AS invitees
    FROM (${tree}) AS t WHERE ${scoped(user, 't.partner')} LIMIT ${INVITE_LIMIT}`.execute(db);
  return rows.map((r) => ({
    uid: r.uid as number,
    name: r.name as string,
    level: r.level as 1 | 2,
    inviterUid: r.inviter_uid as number,
    partner: r.partner as number,
    registeredAt: isoInConsoleZone(r.registered_at as Date),
    lastLoginAt: isoInConsoleZone(r.last_login_at as Date | null),
    invitees: r.invitees as number,
  }));
}

export const inviteTree: ReportSpec<InviteTreeItem> = {
  url: '/api/usermanager/invite',
  name: 'usermanager.invite',
  screen: '/usermanager/invite',
  summary: `A player's invitees: uid (none: no rows), level (1 or 2, default both); at most ${INVITE_LIMIT}`,
  params: { uid: queryInt(1, 2_147_483_647).optional(), level: z.enum(['1', '2'], { message: 'Must be 1 or 2' }).optional() },
  item: inviteTreeItem,
  sorts: ['level', 'uid', 'registeredAt', 'lastLoginAt', 'invitees'],
  defaultSort: { key: 'level', order: 'ascend' },
  id: 'uid',
  load: async (db, user, q) => (q.uid === undefined ? [] : invitees(db, user, q.uid as number, q.level === undefined ? undefined : (Number(q.level) as 1 | 2))),
};

export const topInviters: ReportSpec<InviterItem> = {
  url: '/api/usermanager/invite/top',
  name: 'usermanager.invite.top',
  screen: '/usermanager/invite',
  summary: `The ${TOP_INVITERS} players with the most invitees: invitees, second-level invitees, invitees who played`,
  params: {},
  item: inviterItem,
  sorts: ['invitees', 'secondLevel', 'played', 'uid'],
  defaultSort: { key: 'invitees', order: 'descend' },
  id: 'uid',
  async load(db, user) {
    const { rows } = await sql<Record<string, unknown>>`
      WITH top AS (
        SELECT i.inviter_uid AS uid, count(*)::int AS invitees
        FROM player i JOIN player r ON r.uid = i.inviter_uid
        WHERE i.inviter_uid IS NOT NULL AND ${scoped(user, 'r.partner')}
        GROUP BY i.inviter_uid ORDER BY count(*) DESC, i.inviter_uid LIMIT ${TOP_INVITERS}
      )
      SELECT top.uid, top.invitees, r.name, r.partner,
        (SELECT count(*)::int FROM player p1 JOIN player p2 ON p2.inviter_uid = p1.uid WHERE p1.inviter_uid = top.uid) AS second_level,
        (SELECT count(*)::int FROM player p1 WHERE p1.inviter_uid = top.uid
           AND EXISTS (SELECT 1 FROM player_day_game g WHERE g.uid = p1.uid AND g.bet_count > 0)) AS played
      FROM top JOIN player r ON r.uid = top.uid`.execute(db);
    return rows.map((r) => ({
      uid: r.uid as number,
      name: r.name as string,
      partner: r.partner as number,
      invitees: r.invitees as number,
      secondLevel: r.second_level as number,
      played: r.played as number,
    }));
  },
};
