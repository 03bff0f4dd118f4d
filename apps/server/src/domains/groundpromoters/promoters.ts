/**
 * The ground promoters' list of the settings screen: each promoter account with its share code,
 * province, province promoter and records, and the province promoters one may be assigned. A
 * ground promoter sees itself, a province promoter its own promoters, and a partner account its
 * partner's.
 */
import type { GpPromoterItem } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter } from '../../plugins/partner-scope';
import type { SessionUser } from '../auth/sessions';
import { recordScope } from './records';

export async function promoters(db: Db, user: SessionUser) {
  const rows = await sql<Record<string, unknown>>`
    SELECT a.username, a.share_code, a.partner, coalesce(g.province, '') AS province, coalesce(g.leader, '') AS leader,
           coalesce(g.updated_by, '') AS updated_by, g.updated_at,
           (SELECT count(*) FROM gp_record r WHERE r.promoter = a.username)::int AS records
      FROM console_account a LEFT JOIN gp_promoter g ON g.username = a.username
     WHERE a.roles @> '["groundpromoter"]'::jsonb AND ${ownPartnerFilter(user, 'a.partner')} ORDER BY a.username`.execute(db);
  const scope = recordScope(user);
  const items: GpPromoterItem[] = rows.rows
    .filter((r) => (scope.leader ? r.leader === scope.leader : scope.promoter ? r.username === scope.promoter : true))
    .map((r) => ({
      username: String(r.username),
      shareCode: (r.share_code as string | null) ?? null,
      province: String(r.province),
      leader: String(r.leader),
      partner: Number(r.partner),
      records: Number(r.records),
      updatedBy: String(r.updated_by),
      updatedAt: isoInConsoleZone(r.updated_at as Date | null) ?? '',
    }));
  // a partner account sees its own partner's promoters and province promoters only (the partner wall found this list unfiltered)
  const leaders = (
    await sql<{ username: string }>`SELECT username FROM console_account
    WHERE roles @> '["provincepromoter"]'::jsonb AND ${ownPartnerFilter(user, 'partner')} ORDER BY username`.execute(db)
  ).rows.map((r) => r.username);
  return { items, total: items.length, leaders };
}
