-- The feed: the rows a statement inserted into game_player_day (game_rounds_apply's upsert; its
-- transition table holds the inserted rows only, so a player-day already there feeds nothing).
-- A statement trigger: one call of rounds is one statement, whatever the number of rounds. The
-- partner is the player-day's first; game_player_day keeps the latest (a player moved to
-- another partner in the middle of a day stays counted under the first, as active days are).
-- Two transactions adding game days of one player take turns (the span trigger
-- reads the player's other days): the feed takes the paying days' advisory lock per player before
-- it inserts, when a statement brings at most 256 players (a call of rounds brings at most its
-- rounds' player seats new that day); a bigger statement is a catch-up that runs alone.
CREATE OR REPLACE FUNCTION report_game_span_feed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF (SELECT count(DISTINCT uid) FROM new_rows) <= 256 THEN
    PERFORM pg_advisory_xact_lock(2102, k.uid) FROM (SELECT DISTINCT uid FROM new_rows ORDER BY uid) k;
  END IF;
  INSERT INTO report_player_day_set (kind, uid, day, partner)
  SELECT 'game:' || game, uid, day, partner FROM new_rows ORDER BY 1, 2, 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE TRIGGER game_player_day_span AFTER INSERT ON game_player_day REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_game_span_feed();
