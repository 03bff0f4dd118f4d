/**
 * The outcomes of campaigns, derived set-based (a handful of statements per refresh, whatever
 * the number of players; never a loop over players):
 *   1. reached   the campaign's delivered messages (player_message of its send) not yet copied;
 *   2. claimed   the reward claimed (player_message.claimed_at);
 *   3. returned  the first login (player_login, by its (uid, at) index) after the player was
 *                reached, within ATTRIBUTION_DAYS;
 *   4. paid      paid recharges (recharge_order, status paid) from the return to the end of
 *                the window: first one, count and total;
 *   5. the campaign's counts.
 * Run when a screen reads campaigns (the list, the players, the dashboard), for the
 * campaigns the reader may see that were not refreshed in the last REFRESH_SECONDS and whose
 * window (plus a day for late callbacks) has not ended at their last refresh. Every statement
 * is idempotent: two readers refreshing at once write the same values.
 */
import { ATTRIBUTION_DAYS } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';

export const REFRESH_SECONDS = 30;
/** Campaigns refreshed by one read at most (the rest by the next). */
const MAX_PER_REFRESH = 50;
const WINDOW = `${ATTRIBUTION_DAYS} days`;
const FINAL = `${ATTRIBUTION_DAYS + 1} days`;

/** The campaigns a reader may see that need a refresh now. */
export async function staleCampaigns(db: Db, user: ScopedSubject, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('lost_campaign')
    .select('id')
    .where(ownPartnerFilter(user, 'partner'))
    .where(
      sql<boolean>`(refreshed_at IS NULL OR (refreshed_at < ${new Date(now.getTime() - REFRESH_SECONDS * 1000)}::timestamptz
      AND refreshed_at < created_at + ${FINAL}::interval))`,
    )
    .orderBy('id', 'desc')
    .limit(MAX_PER_REFRESH)
    .execute();
  return rows.map((r) => r.id);
}

export async function refreshCampaigns(db: Db, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  const list = sql`string_to_array(${ids.join(',')}, ',')::integer[]`;
  // 1. players reached since the last refresh (only campaigns whose send delivered more)
  await sql`
    INSERT INTO lost_campaign_player (campaign_id, uid, partner, vip, last_login_at, reached_at, claimed_at, recharge, recharges)
    SELECT c.id, m.uid, p.partner, p.vip,
      (SELECT max(l.at) FROM player_login l WHERE l.uid = m.uid AND l.at < c.created_at),
      m.created_at, m.claimed_at, 0, 0
    FROM lost_campaign c
    JOIN message_send s ON s.id = c.send_id AND s.delivered > c.reached
    JOIN player_message m ON m.send_id = c.send_id
    JOIN player p ON p.uid = m.uid
    WHERE c.id = ANY(${list})
    ON CONFLICT (campaign_id, uid) DO NOTHING`.execute(db);
  // 2. rewards claimed
  await sql`
    UPDATE lost_campaign_player lp SET claimed_at = m.claimed_at
    FROM lost_campaign c, player_message m
    WHERE lp.campaign_id = ANY(${list}) AND c.id = lp.campaign_id AND m.send_id = c.send_id AND m.uid = lp.uid
      AND lp.claimed_at IS NULL AND m.claimed_at IS NOT NULL`.execute(db);
  // 3. the first login after being reached, within the window
  await sql`
    UPDATE lost_campaign_player lp SET returned_at = r.at
    FROM (
      SELECT x.campaign_id, x.uid,
        (SELECT min(l.at) FROM player_login l WHERE l.uid = x.uid AND l.at > x.reached_at AND l.at < x.reached_at + ${WINDOW}::interval) AS at
      FROM lost_campaign_player x WHERE x.campaign_id = ANY(${list}) AND x.returned_at IS NULL
    ) r
    WHERE lp.campaign_id = r.campaign_id AND lp.uid = r.uid AND r.at IS NOT NULL`.execute(db);
  // 4. paid recharges from the return to the end of the window
  await sql`
    UPDATE lost_campaign_player lp SET paid_at = y.first_at, recharge = y.total, recharges = y.n
    FROM (
      SELECT x.campaign_id, x.uid, min(o.paid_at) AS first_at, sum(coalesce(o.paid_amount, o.price))::bigint AS total, count(*)::integer AS n
      FROM lost_campaign_player x
      JOIN recharge_order o ON o.uid = x.uid AND o.status = 'paid' AND o.paid_at >= x.returned_at AND o.paid_at < x.reached_at + ${WINDOW}::interval
      WHERE x.campaign_id = ANY(${list}) AND x.returned_at IS NOT NULL
      GROUP BY x.campaign_id, x.uid
    ) y
    WHERE lp.campaign_id = y.campaign_id AND lp.uid = y.uid AND (lp.recharges <> y.n OR lp.recharge <> y.total)`.execute(db);
  // 5. the campaigns' counts
  await sql`
    UPDATE lost_campaign c SET reached = a.reached, claimed = a.claimed, returned = a.returned, paid = a.paid, recharge = a.recharge,
      refreshed_at = ${now}::timestamptz
    FROM (
      SELECT c2.id,
        count(lp.uid)::integer AS reached, count(lp.claimed_at)::integer AS claimed, count(lp.returned_at)::integer AS returned,
        count(lp.paid_at)::integer AS paid, coalesce(sum(lp.recharge), 0)::bigint AS recharge
      FROM lost_campaign c2 LEFT JOIN lost_campaign_player lp ON lp.campaign_id = c2.id
      WHERE c2.id = ANY(${list})
      GROUP BY c2.id
    ) a
    WHERE c.id = a.id`.execute(db);
}

/** Refreshes what a reader is about to see. */
export async function refreshFor(db: Db, user: ScopedSubject, now: Date): Promise<void> {
  await refreshCampaigns(db, await staleCampaigns(db, user, now), now);
}
