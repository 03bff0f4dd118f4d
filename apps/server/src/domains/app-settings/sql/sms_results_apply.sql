-- A call's sms.result events (valid data, first of their id in the call), in the order sent,
-- beside platform_events_apply and after the call's other events, so a code sent earlier in the
-- same call is found. Each: idempotent by event id (a repeat answers the first outcome); the
-- code is the latest of this application to that phone by that provider with that code; 404
-- when there is none, 409 when it has its result already.
CREATE OR REPLACE FUNCTION sms_results_apply(p_app text, p_events jsonb, p_now timestamp with time zone)
 RETURNS TABLE(r_status text, r_code integer, r_message text)
 LANGUAGE plpgsql
AS $function$
DECLARE
  e record;
  v_id bigint;
  v_prev text;
BEGIN
  FOR e IN
    SELECT x.* FROM ROWS FROM (jsonb_to_recordset(p_events) AS (id text, at timestamptz, data jsonb)) WITH ORDINALITY AS x(id, at, data, n)
    ORDER BY x.n
  LOOP
    IF NOT platform_event_claim_one(p_app, e.id, 'sms.result', e.at, e.data, p_now) THEN
      SELECT 'duplicate', pe.code, pe.message INTO r_status, r_code, r_message
        FROM platform_event_claim pe WHERE pe.app_id = p_app AND pe.event_id = e.id;
      RETURN NEXT;
      CONTINUE;
    END IF;
    v_id := NULL;
    v_prev := NULL;
    SELECT s.id, s.result INTO v_id, v_prev FROM sms_log s
      WHERE s.phone_number = e.data->'phone'->>'number' AND s.phone_country = e.data->'phone'->>'country'
        AND s.app_id = p_app AND s.provider = e.data->>'provider' AND s.code = e.data->>'code'
      ORDER BY s.at DESC, s.id DESC LIMIT 1
      FOR UPDATE;
    IF v_id IS NULL THEN
      r_status := 'rejected'; r_code := 404;
      r_message := format('No code %s sent to +%s %s by %s', e.data->>'code', e.data->'phone'->>'country', e.data->'phone'->>'number', e.data->>'provider');
    ELSIF v_prev IS NOT NULL THEN
      r_status := 'rejected'; r_code := 409; r_message := format('The code already has its result (%s)', v_prev);
    ELSE
      UPDATE sms_log SET result = e.data->>'result', result_at = e.at, result_reason = coalesce(e.data->>'reason', '') WHERE id = v_id;
      r_status := 'applied'; r_code := NULL; r_message := NULL;
    END IF;
    IF r_status = 'rejected' THEN
      UPDATE platform_event_claim SET status = 'rejected', code = r_code, message = r_message WHERE app_id = p_app AND event_id = e.id;
    END IF;
    RETURN NEXT;
  END LOOP;
END
$function$;
