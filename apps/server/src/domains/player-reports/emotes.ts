/**
 * /usermanager/emoteStat: per emote over a range (default the last 7 days, at most 31): uses,
 * distinct players and chips spent, from player_emote (index on at), partner scoped.
 */
import { emoteStatItem, type EmoteStatItem } from '@console/schemas';
import { sql } from 'kysely';
import { ownPartnerFilter } from '../../plugins/partner-scope';
import { rangeOf, rangeParams, rangeProblem } from '../../http/range';
import type { ReportSpec } from '../../reports/report';

export const EMOTE_DEFAULT_DAYS = 7;
export const EMOTE_MAX_DAYS = 31;

export const emoteStat: ReportSpec<EmoteStatItem> = {
  url: '/api/usermanager/emoteStat',
  name: 'usermanager.emoteStat',
  screen: '/usermanager/emoteStat',
  summary: `Emotes used over from/to (default the last ${EMOTE_DEFAULT_DAYS} days, at most ${EMOTE_MAX_DAYS}): uses, players, chips`,
  params: rangeParams,
  check: (q) => rangeProblem(q, { maxDays: EMOTE_MAX_DAYS }),
  item: emoteStatItem,
  sorts: ['emoteId', 'uses', 'players', 'chips'],
  defaultSort: { key: 'uses', order: 'descend' },
  id: 'emoteId',
  async load(db, user, q, now) {
    const r = rangeOf(q, now, EMOTE_DEFAULT_DAYS);
    const rows = await db
      .selectFrom('player_emote')
      .select([
        'emote_id',
        sql<number>`count(*)::int`.as('uses'),
        sql<number>`count(DISTINCT uid)::int`.as('players'),
        sql<number>`coalesce(sum(chips), 0)::bigint`.as('chips'),
      ])
      .where('at', '>=', r.start)
      .where('at', '<', r.end)
      .where(ownPartnerFilter(user, 'partner'))
      .groupBy('emote_id')
      .execute();
    return rows.map((row) => ({ emoteId: row.emote_id, uses: row.uses, players: row.players, chips: Number(row.chips) }));
  },
};
