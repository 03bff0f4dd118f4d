-- Registrations per day and partner (report_register_day, striped by transaction).
CREATE OR REPLACE FUNCTION report_register_collect()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO report_register_day AS r (day, partner, slot, players)
  SELECT report_day(n.registered_at), n.partner, (txid_current() % 8)::smallint, count(*) FROM new_players n
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, partner, slot) DO UPDATE SET players = r.players + EXCLUDED.players;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE TRIGGER player_register_report AFTER INSERT ON player REFERENCING NEW TABLE AS new_players FOR EACH STATEMENT EXECUTE FUNCTION report_register_collect();
