-- Claims one event id of an application (docs/decisions/057-rounds-events-partitions.md): its
-- claim, applied until the caller refuses it, and its record in the month it was received.
-- False, and nothing written, when the id was claimed before (the caller answers the first
-- outcome, from platform_event_claim). For the appliers that take their events one by one; the
-- set-based ones claim a call's ids in one statement the same way.
CREATE OR REPLACE FUNCTION platform_event_claim_one(p_app text, p_id text, p_type text, p_at timestamp with time zone, p_data jsonb, p_now timestamp with time zone)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO platform_event_claim (app_id, event_id, received_at, status) VALUES (p_app, p_id, p_now, 'applied')
    ON CONFLICT (app_id, event_id) DO NOTHING;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO platform_event (app_id, event_id, type, at, received_at, data) VALUES (p_app, p_id, p_type, p_at, p_now, p_data);
  RETURN true;
END
$function$;
