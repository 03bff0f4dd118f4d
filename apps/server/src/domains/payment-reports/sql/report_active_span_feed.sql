-- Feeders: a new player-day of player_active_day is an active day; a new report_payer_day row
-- (a day, channel and os) is a paying day unless the player already paid that day.
CREATE OR REPLACE FUNCTION report_active_span_feed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO report_player_day_set (kind, uid, day, partner)
  SELECT 'active', uid, day, partner FROM new_rows ORDER BY uid, day
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE TRIGGER player_active_day_span AFTER INSERT ON player_active_day REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_active_span_feed();
