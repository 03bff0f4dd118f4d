-- A call's events (POST /api/platform/events), with the contract's per-event answers; the
-- money events go through platform_money_apply, the rest one by one through
-- platform_event_apply.
CREATE OR REPLACE FUNCTION platform_events_apply(p_app text, p_events jsonb, p_now timestamp with time zone, p_balance_uids integer[], p_player_uids integer[])
 RETURNS TABLE(r_status text, r_code integer, r_message text)
 LANGUAGE plpgsql
AS $function$
DECLARE
  e record;
  v_claimed jsonb;
  v_registered jsonb;
  v_set jsonb;
  v_refused jsonb;
  v_out jsonb;
  v_bans boolean;
  v_code integer;
  v_message text;
  v_constraint text;
BEGIN
  WITH ev AS (
    SELECT x.*, row_number() OVER (PARTITION BY x.id ORDER BY x.n) AS k
    FROM ROWS FROM (jsonb_to_recordset(p_events) AS (id text, type text, at timestamptz, data jsonb, error jsonb)) WITH ORDINALITY AS x(id, type, at, data, error, n)
  ), claimed AS (
    INSERT INTO platform_event_claim (app_id, event_id, received_at, status, code, message)
    SELECT p_app, ev.id, p_now, CASE WHEN ev.error IS NULL THEN 'applied' ELSE 'rejected' END, (ev.error->>'code')::integer, ev.error->>'message'
    FROM ev WHERE ev.k = 1 ORDER BY ev.id
    ON CONFLICT (app_id, event_id) DO NOTHING
    RETURNING event_id
  ), record AS (
    INSERT INTO platform_event (app_id, event_id, type, at, received_at, data)
    SELECT p_app, ev.id, ev.type, ev.at, p_now, ev.data FROM ev JOIN claimed c ON c.event_id = ev.id WHERE ev.k = 1
  )
  SELECT coalesce(jsonb_object_agg(event_id, true), '{}') INTO v_claimed FROM claimed;

  PERFORM 1 FROM player_balance WHERE uid = ANY (p_balance_uids) ORDER BY uid FOR UPDATE;
  PERFORM 1 FROM player WHERE uid = ANY (p_player_uids) ORDER BY uid FOR NO KEY UPDATE;
  v_bans := EXISTS (SELECT 1 FROM ban WHERE active);

  -- uids this call registers (their logins and feedback go one by one)
  SELECT coalesce(jsonb_object_agg(x.data->>'uid', true), '{}') INTO v_registered
  FROM jsonb_to_recordset(p_events) AS x(type text, data jsonb, error jsonb)
  WHERE x.type = 'player.registered' AND x.error IS NULL;

  -- the set-based events: fresh, valid, of a commuting type, their uid not registered here;
  -- `v_set` maps each one's position to its refusal ({code, message}) or to null (applied)
  WITH ev AS (
    SELECT x.*, row_number() OVER (PARTITION BY x.id ORDER BY x.n) AS k
    FROM ROWS FROM (jsonb_to_recordset(p_events) AS (id text, type text, at timestamptz, data jsonb, error jsonb)) WITH ORDINALITY AS x(id, type, at, data, error, n)
  ), s AS (
    SELECT ev.n, ev.type, (ev.data->>'uid')::integer AS uid, ev.data FROM ev
    WHERE ev.k = 1 AND v_claimed ? ev.id AND ev.error IS NULL
      AND (ev.type = 'sms.sent' OR (ev.type IN ('player.login', 'feedback.submitted') AND NOT v_registered ? (ev.data->>'uid')))
  )
  SELECT coalesce(jsonb_object_agg(s.n::text, CASE
      WHEN s.type = 'sms.sent' THEN NULL
      -- feedback: the balance row stands for the player (platform_partner)
      WHEN s.type = 'feedback.submitted' THEN
        CASE WHEN pb.uid IS NULL THEN jsonb_build_object('code', 404, 'message', format('Player %s not found', s.uid)) END
      WHEN p.uid IS NULL THEN jsonb_build_object('code', 404, 'message', format('Player %s not found', s.uid))
      WHEN p.status = 'banned' THEN jsonb_build_object('code', 409, 'message', format('Account %s is banned', s.uid))
      WHEN p.status = 'suspended' AND p.suspended_until IS NULL THEN jsonb_build_object('code', 409, 'message', 'Suspended')
      WHEN p.status = 'suspended' AND p.suspended_until > p_now THEN jsonb_build_object('code', 409,
        'message', 'Suspended until ' || to_char(p.suspended_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      WHEN b.kind IS NOT NULL THEN jsonb_build_object('code', 409,
        'message', CASE b.kind WHEN 'account' THEN 'Account ' WHEN 'device' THEN 'Device ' ELSE 'IP ' END || b.value || ' is banned')
    END), '{}') INTO v_set
  FROM s
  LEFT JOIN player p ON p.uid = s.uid AND s.type = 'player.login'
  LEFT JOIN player_balance pb ON pb.uid = s.uid AND s.type = 'feedback.submitted'
  LEFT JOIN LATERAL (
    SELECT bn.kind, bn.value FROM ban bn
    WHERE v_bans AND s.type = 'player.login' AND bn.active AND ((bn.kind = 'account' AND bn.value = s.uid::text)
      OR (bn.kind = 'device' AND bn.value = s.data->>'deviceId') OR (bn.kind = 'ip' AND bn.value = s.data->>'ip'))
    ORDER BY CASE bn.kind WHEN 'account' THEN 0 WHEN 'device' THEN 1 ELSE 2 END LIMIT 1
  ) b ON true;

  -- money events (transfers, coin-dealer sales, safe moves, gifts, emotes), decided in order in
  -- memory and posted at once, unless one of them touches a uid this call registers (then they
  -- all go one by one: their place in the order relative to the registration matters)
  IF NOT EXISTS (
    SELECT 1 FROM jsonb_to_recordset(p_events) AS x(type text, data jsonb, error jsonb)
    WHERE x.error IS NULL AND x.type IN ('chips.transferred', 'coindealer.sold', 'safe.deposit', 'safe.withdraw', 'gift.sent', 'emote.used')
      AND (v_registered ? (x.data->>'uid') OR v_registered ? (x.data->>'fromUid') OR v_registered ? (x.data->>'toUid')
        OR v_registered ? (x.data->>'dealerUid'))
  ) THEN
    v_set := v_set || platform_money_apply(p_app, p_events, v_claimed, p_balance_uids);
  END IF;

  IF v_set <> '{}' THEN
    -- the applied ones, by type, in the order sent
    WITH ok AS (
      SELECT x.n, x.type, x.at, x.data, (x.data->>'uid')::integer AS uid
      FROM ROWS FROM (jsonb_to_recordset(p_events) AS (type text, at timestamptz, data jsonb)) WITH ORDINALITY AS x(type, at, data, n)
      WHERE v_set ? x.n::text AND v_set->(x.n::text) = 'null'::jsonb
    ), logins AS (
      -- (the partner read here, not joined from the update's rows: a join of two CTEs is planned
      -- as a nested loop over both, 0.2 s for 1,000 logins)
      SELECT ok.*, report_day(ok.at) AS day, pp.partner
      FROM ok JOIN player pp ON pp.uid = ok.uid WHERE ok.type = 'player.login'
    ), last AS (
      SELECT DISTINCT ON (uid) uid, at, data->>'ip' AS ip, data->>'deviceId' AS device, count(*) OVER (PARTITION BY uid) AS cnt
      FROM logins ORDER BY uid, at DESC, n DESC
    ), upd AS (
      UPDATE player pl SET login_count = pl.login_count + last.cnt,
        login_ip = CASE WHEN pl.last_login_at IS NULL OR pl.last_login_at <= last.at THEN last.ip ELSE pl.login_ip END,
        login_device = CASE WHEN pl.last_login_at IS NULL OR pl.last_login_at <= last.at THEN last.device ELSE pl.login_device END,
        last_login_at = CASE WHEN pl.last_login_at IS NULL OR pl.last_login_at <= last.at THEN last.at ELSE pl.last_login_at END
      FROM last WHERE pl.uid = last.uid
    ), trail AS (
      INSERT INTO player_login (uid, partner, at, ip, device_id, duration_seconds)
      SELECT l.uid, l.partner, l.at, l.data->>'ip', l.data->>'deviceId', (l.data->>'durationSeconds')::integer
      FROM logins l ORDER BY l.n
    ), devices AS (
      INSERT INTO player_device AS d (device_id, uid, first_at, last_at)
      SELECT l.data->>'deviceId', l.uid, min(l.at), max(l.at) FROM logins l GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (device_id, uid) DO UPDATE SET first_at = least(d.first_at, excluded.first_at), last_at = greatest(d.last_at, excluded.last_at)
    ), ips AS (
      INSERT INTO player_ip AS i (ip, uid, first_at, last_at)
      SELECT l.data->>'ip', l.uid, min(l.at), max(l.at) FROM logins l GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (ip, uid) DO UPDATE SET first_at = least(i.first_at, excluded.first_at), last_at = greatest(i.last_at, excluded.last_at)
    ), active AS (
      INSERT INTO player_active_day AS a (day, uid, partner, logins, seconds, timed)
      SELECT l.day, l.uid, min(l.partner), count(*), coalesce(sum((l.data->>'durationSeconds')::bigint), 0), count(l.data->'durationSeconds')
      FROM logins l GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (day, uid) DO UPDATE SET logins = a.logins + EXCLUDED.logins, seconds = a.seconds + EXCLUDED.seconds, timed = a.timed + EXCLUDED.timed
    ), feedback AS (
      INSERT INTO player_feedback (at, uid, partner, category, text)
      SELECT ok.at, ok.uid, pb.partner, ok.data->>'category', ok.data->>'text'
      FROM ok JOIN player_balance pb ON pb.uid = ok.uid WHERE ok.type = 'feedback.submitted' ORDER BY ok.n
    )
    INSERT INTO sms_log (at, phone_country, phone_number, code, provider, purpose, app_id)
    SELECT ok.at, ok.data->'phone'->>'country', ok.data->'phone'->>'number', ok.data->>'code', ok.data->>'provider', ok.data->>'purpose', p_app
    FROM ok WHERE ok.type = 'sms.sent' ORDER BY ok.n;

    -- the refused ones keep their outcome
    UPDATE platform_event_claim pe SET status = 'rejected', code = (v_set->(x.n::text)->>'code')::integer, message = v_set->(x.n::text)->>'message'
    FROM ROWS FROM (jsonb_to_recordset(p_events) AS (id text)) WITH ORDINALITY AS x(id, n)
    WHERE v_set ? x.n::text AND v_set->(x.n::text) <> 'null'::jsonb AND pe.app_id = p_app AND pe.event_id = x.id;
  END IF;

  FOR e IN
    SELECT x.*, row_number() OVER (PARTITION BY x.id ORDER BY x.n) = 1 AND v_claimed ? x.id AS fresh
    FROM ROWS FROM (jsonb_to_recordset(p_events) AS (id text, type text, at timestamptz, data jsonb, error jsonb)) WITH ORDINALITY AS x(id, type, at, data, error, n)
    ORDER BY x.n
  LOOP
    IF v_set ? e.n::text THEN
      v_out := v_set->(e.n::text);
      IF v_out = 'null'::jsonb THEN
        r_status := 'applied'; r_code := NULL; r_message := NULL;
      ELSE
        r_status := 'rejected'; r_code := (v_out->>'code')::integer; r_message := v_out->>'message';
      END IF;
      RETURN NEXT;
      CONTINUE;
    END IF;
    IF e.fresh THEN
      IF e.error IS NOT NULL THEN
        r_status := 'rejected';
        r_code := (e.error->>'code')::integer;
        r_message := e.error->>'message';
        RETURN NEXT;
        CONTINUE;
      END IF;
      v_code := NULL;
      BEGIN
        PERFORM platform_event_apply(p_app, e.id, e.type, e.at, e.data, p_now, v_bans);
      EXCEPTION
        WHEN unique_violation THEN
          GET STACKED DIAGNOSTICS v_constraint = CONSTRAINT_NAME;
          v_code := 409;
          v_message := CASE WHEN v_constraint IN ('player_pkey', 'player_balance_pkey') THEN format('Player %s already exists', e.data->>'uid') ELSE 'Already applied' END;
        WHEN SQLSTATE 'CN400' THEN
          v_code := 400;
          v_message := SQLERRM;
        WHEN SQLSTATE 'CN404' THEN
          v_code := 404;
          v_message := SQLERRM;
        WHEN SQLSTATE 'CN409' THEN
          v_code := 409;
          v_message := SQLERRM;
        WHEN numeric_value_out_of_range OR check_violation THEN
          v_code := 409;
          v_message := 'Balance out of range';
      END;
      IF v_code IS NULL THEN
        r_status := 'applied';
        r_code := NULL;
        r_message := NULL;
      ELSE
        UPDATE platform_event_claim SET status = 'rejected', code = v_code, message = v_message WHERE app_id = p_app AND event_id = e.id;
        r_status := 'rejected';
        r_code := v_code;
        r_message := v_message;
      END IF;
      RETURN NEXT;
      CONTINUE;
    END IF;
    SELECT 'duplicate', pe.code, pe.message INTO r_status, r_code, r_message
      FROM platform_event_claim pe WHERE pe.app_id = p_app AND pe.event_id = e.id;
    RETURN NEXT;
  END LOOP;
END
$function$;
