-- One row per event in the order sent (r_status applied | rejected | duplicate): the id claimed in
-- platform_event_claim (a repeated id answers the first outcome), 404 for a player that does not exist.
-- Validation of the data is the server's (a 400 never reaches here).
CREATE OR REPLACE FUNCTION recall_events_apply(p_app text, p_events jsonb, p_now timestamp with time zone)
 RETURNS TABLE(r_status text, r_code integer, r_message text)
 LANGUAGE plpgsql
AS $function$
DECLARE
  e record;
  v_uid integer;
  v_friend integer;
BEGIN
  FOR e IN
    SELECT x.* FROM ROWS FROM (jsonb_to_recordset(p_events) AS (id text, type text, at timestamptz, data jsonb)) WITH ORDINALITY AS x(id, type, at, data, n)
    ORDER BY x.n
  LOOP
    IF NOT platform_event_claim_one(p_app, e.id, e.type, e.at, e.data, p_now) THEN
      SELECT 'duplicate', pe.code, pe.message INTO r_status, r_code, r_message
        FROM platform_event_claim pe WHERE pe.app_id = p_app AND pe.event_id = e.id;
      RETURN NEXT;
      CONTINUE;
    END IF;
    v_uid := (e.data->>'uid')::integer;
    v_friend := (e.data->>'friendUid')::integer;
    r_status := 'applied'; r_code := NULL; r_message := NULL;
    IF NOT EXISTS (SELECT 1 FROM player WHERE uid = v_uid) THEN
      r_status := 'rejected'; r_code := 404; r_message := format('Player %s not found', v_uid);
    ELSIF e.type = 'player.recall' AND NOT EXISTS (SELECT 1 FROM player WHERE uid = v_friend) THEN
      r_status := 'rejected'; r_code := 404; r_message := format('Player %s not found', v_friend);
    ELSIF e.type = 'player.recall' THEN
      INSERT INTO player_recall (app_id, event_id, uid, friend_uid, channel, at) VALUES (p_app, e.id, v_uid, v_friend, e.data->>'channel', e.at);
    ELSE
      INSERT INTO player_pwa_login (app_id, event_id, uid, device_id, at) VALUES (p_app, e.id, v_uid, e.data->>'deviceId', e.at);
    END IF;
    IF r_status = 'rejected' THEN
      UPDATE platform_event_claim SET status = 'rejected', code = r_code, message = r_message WHERE app_id = p_app AND event_id = e.id;
    END IF;
    RETURN NEXT;
  END LOOP;
END
$function$;
