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

-- The feed: the rows a statement inserted into game_player_day (game_rounds_apply's upsert; its
-- transition table holds the inserted rows only, so a player-day already there feeds nothing).
-- A statement trigger: one call of rounds is one statement, whatever the number of rounds. The
-- partner is the player-day's first; game_player_day keeps the latest (a player moved to
-- another partner in the middle of a day stays counted under the first, as active days are).
-- Two transactions adding game days of one player take turns (migration 021: the span trigger
-- reads the player's other days): the feed takes the paying days' advisory lock per player before
-- it inserts, when a statement brings at most 256 players (a call of rounds brings at most its
-- rounds' player seats new that day); a bigger statement is a catch-up that runs alone.
CREATE FUNCTION report_game_span_feed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(DISTINCT uid) FROM new_rows) <= 256 THEN
    PERFORM pg_advisory_xact_lock(2102, k.uid) FROM (SELECT DISTINCT uid FROM new_rows ORDER BY uid) k;
  END IF;
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
