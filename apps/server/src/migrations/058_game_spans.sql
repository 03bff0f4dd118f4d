-- A game's distinct players over a range from spans, as /homepage counts its active and paying
-- players (issue 7: a game's 90-day dashboard p95 ≤ 100 ms from roll-ups; migration 021,
-- docs/decisions/007-report-rollups.md "Distinct players over a range", and
-- docs/decisions/037-game-reads-at-20m.md).
--
-- /tinygames/<game>/dashboard counted the range's players with count(DISTINCT uid) over
-- game_player_day: at 20,000,000 bets about 110,000 player-days of one game over 90 days, a third
-- of the call. Each new (game, day, player) of game_player_day is now also a day of kind
-- 'game:<game>' in report_player_day_set, whose span trigger counts it under its gap in
-- report_span_day, so the range's players are a sum of a few thousand roll-up rows
-- (payment-reports/rollups.ts spanCounts).
ALTER TABLE report_player_day_set DROP CONSTRAINT report_player_day_set_kind_check;
ALTER TABLE report_player_day_set ADD CONSTRAINT report_player_day_set_kind_check
  CHECK (kind IN ('active', 'payer') OR kind LIKE 'game:%');

-- Two transactions adding days of one player take turns (migration 021): active days under the
-- events call's player locks; paying days and now game days under an advisory lock per player,
-- when a statement brings at most 256 players (a call of game rounds brings at most its rounds'
-- player seats that are new that day); a bigger statement is a catch-up that runs alone (a lock
-- each would crowd the lock table). The rest is migration 021's function unchanged.
CREATE OR REPLACE FUNCTION report_span_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(DISTINCT uid) FROM new_days WHERE kind <> 'active') <= 256 THEN
    PERFORM pg_advisory_xact_lock(2102, k.uid) FROM (SELECT DISTINCT uid FROM new_days WHERE kind <> 'active' ORDER BY uid) k;
  END IF;
  INSERT INTO report_span_day AS r (kind, day, partner, gap, slot, players)
  SELECT c.kind, c.day, c.partner, c.gap, (txid_current() % 8)::smallint, sum(c.delta)::integer
  FROM (
    SELECT n.kind, n.day, n.partner, 1 AS delta,
      report_span_gap(n.day, (SELECT max(s.day) FROM report_player_day_set s WHERE s.kind = n.kind AND s.uid = n.uid AND s.day < n.day)) AS gap
    FROM new_days n
    UNION ALL
    SELECT o.kind, o.day, o.partner, g.delta, g.gap
    FROM (
      SELECT DISTINCT x.kind, x.uid, x.day, x.partner
      FROM new_days n
      CROSS JOIN LATERAL (SELECT s.kind, s.uid, s.day, s.partner FROM report_player_day_set s
                          WHERE s.kind = n.kind AND s.uid = n.uid AND s.day > n.day ORDER BY s.day LIMIT 1) x
      WHERE NOT EXISTS (SELECT 1 FROM new_days m WHERE m.kind = x.kind AND m.uid = x.uid AND m.day = x.day)
    ) o
    CROSS JOIN LATERAL (VALUES
      (1, report_span_gap(o.day, (SELECT max(s.day) FROM report_player_day_set s WHERE s.kind = o.kind AND s.uid = o.uid AND s.day < o.day))),
      (-1, report_span_gap(o.day, (SELECT max(s.day) FROM report_player_day_set s WHERE s.kind = o.kind AND s.uid = o.uid AND s.day < o.day
        AND NOT EXISTS (SELECT 1 FROM new_days m WHERE m.kind = s.kind AND m.uid = s.uid AND m.day = s.day))))
    ) g(delta, gap)
  ) c
  GROUP BY c.kind, c.day, c.partner, c.gap
  HAVING sum(c.delta) <> 0
  ORDER BY c.kind, c.day, c.partner, c.gap
  ON CONFLICT (kind, day, partner, gap, slot) DO UPDATE SET players = r.players + EXCLUDED.players;
  RETURN NULL;
END
$$;

-- The feed: the rows a statement inserted into game_player_day (game_rounds_apply's upsert; its
-- transition table holds the inserted rows only, so a player-day already there feeds nothing).
-- A statement trigger: one call of rounds is one statement, whatever the number of rounds. The
-- partner is the player-day's first; game_player_day keeps the latest (a player moved to
-- another partner in the middle of a day stays counted under the first, as active days are).
CREATE FUNCTION report_game_span_feed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_player_day_set (kind, uid, day, partner)
  SELECT 'game:' || game, uid, day, partner FROM new_rows ORDER BY 1, 2, 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER game_player_day_span AFTER INSERT ON game_player_day
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_game_span_feed();

-- The player-days there already, at once (one statement: a catch-up, no locks).
INSERT INTO report_player_day_set (kind, uid, day, partner)
SELECT 'game:' || game, uid, day, partner FROM game_player_day ORDER BY 1, 2, 3
ON CONFLICT DO NOTHING;
