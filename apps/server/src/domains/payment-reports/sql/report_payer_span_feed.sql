-- A new paying day (a report_payer_day row) is a day of the player's payer set, which the span
-- trigger of report_player_day_set turns into gaps between paying days.
CREATE OR REPLACE FUNCTION report_payer_span_feed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO report_player_day_set (kind, uid, day, partner) VALUES ('payer', NEW.uid, NEW.day, NEW.partner)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE TRIGGER report_payer_day_span AFTER INSERT ON report_payer_day FOR EACH ROW EXECUTE FUNCTION report_payer_span_feed();
