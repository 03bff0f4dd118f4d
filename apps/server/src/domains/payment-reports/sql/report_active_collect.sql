-- The active players per day and partner (report_active_day, striped by transaction): each
-- new player-day of player_active_day counts one.
CREATE OR REPLACE FUNCTION report_active_collect()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO report_active_day AS r (day, partner, slot, players)
  SELECT n.day, n.partner, (txid_current() % 8)::smallint, count(*) FROM new_days n GROUP BY n.day, n.partner ORDER BY n.day, n.partner
  ON CONFLICT (day, partner, slot) DO UPDATE SET players = r.players + EXCLUDED.players;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE TRIGGER player_active_day_report AFTER INSERT ON player_active_day REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION report_active_collect();
