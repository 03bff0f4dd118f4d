-- Platform events applied in the database (contract: POST /api/platform/events;
-- docs/api/platform.md). The server validates each event's data, then hands a call's events
-- to platform_events_apply in ONE statement: each event runs in its own subtransaction (a
-- refusal undoes that event only), its outcome is kept in platform_event, and balances change
-- only through ledger_post. Refusals are raised as SQLSTATE CN400 / CN404 / CN409.

-- Active bans on an account, a device or an address (account first): 409 when one holds.
CREATE FUNCTION platform_check_bans(p_uid integer, p_device text, p_ip text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_kind text;
  v_value text;
BEGIN
  SELECT kind, value INTO v_kind, v_value FROM ban
  WHERE active AND ((kind = 'account' AND value = p_uid::text) OR (kind = 'device' AND value = p_device) OR (kind = 'ip' AND value = p_ip))
  ORDER BY CASE kind WHEN 'account' THEN 0 WHEN 'device' THEN 1 ELSE 2 END
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '% is banned', CASE v_kind WHEN 'account' THEN 'Account ' WHEN 'device' THEN 'Device ' ELSE 'IP ' END || v_value
      USING ERRCODE = 'CN409';
  END IF;
END
$$;

-- The partner of a player's balance row (404 when there is no such player).
CREATE FUNCTION platform_partner(p_uid integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_partner integer;
BEGIN
  SELECT partner INTO v_partner FROM player_balance WHERE uid = p_uid;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Player % not found', p_uid USING ERRCODE = 'CN404';
  END IF;
  RETURN v_partner;
END
$$;

CREATE FUNCTION platform_seen(p_uid integer, p_device text, p_ip text, p_at timestamptz) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO player_device AS d (device_id, uid, first_at, last_at) VALUES (p_device, p_uid, p_at, p_at)
    ON CONFLICT (device_id, uid) DO UPDATE SET first_at = least(d.first_at, excluded.first_at), last_at = greatest(d.last_at, excluded.last_at);
  INSERT INTO player_ip AS i (ip, uid, first_at, last_at) VALUES (p_ip, p_uid, p_at, p_at)
    ON CONFLICT (ip, uid) DO UPDATE SET first_at = least(i.first_at, excluded.first_at), last_at = greatest(i.last_at, excluded.last_at);
$$;

-- One event, in the caller's (sub)transaction. `d` is the data as the server validated it;
-- `p_bans` says whether any ban is active (when none is, nothing needs looking up).
CREATE FUNCTION platform_event_apply(p_app text, p_id text, p_type text, p_at timestamptz, d jsonb, p_now timestamptz, p_bans boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_actor text := 'app:' || p_app;
  v_key text := 'event:' || p_app || ':' || p_id;
  v_uid integer;
  v_to integer;
  v_amount bigint;
  v_partner integer;
  v_status text;
  v_until timestamptz;
  v_old record;
BEGIN
  CASE p_type
  WHEN 'player.registered' THEN
    v_uid := (d->>'uid')::integer;
    v_partner := coalesce((d->>'partner')::integer, 0);
    IF p_bans THEN
      PERFORM platform_check_bans(NULL, d->>'deviceId', d->>'ip');
    END IF;
    IF EXISTS (SELECT 1 FROM player WHERE uid = v_uid) THEN
      RAISE EXCEPTION 'Player % already exists', v_uid USING ERRCODE = 'CN409';
    END IF;
    IF v_partner <> 0 AND NOT EXISTS (SELECT 1 FROM partner WHERE id = v_partner) THEN
      RAISE EXCEPTION 'Partner % not found', v_partner USING ERRCODE = 'CN404';
    END IF;
    IF d ? 'inviterUid' AND NOT EXISTS (SELECT 1 FROM player WHERE uid = (d->>'inviterUid')::integer) THEN
      RAISE EXCEPTION 'Inviter % not found', d->>'inviterUid' USING ERRCODE = 'CN404';
    END IF;
    INSERT INTO player (uid, name, phone_country, phone_number, phone_bound_at, register_ip, register_device, register_package,
      registered_at, share_id, inviter_uid, partner, app_id)
    VALUES (v_uid, d->>'name', d->'phone'->>'country', d->'phone'->>'number', CASE WHEN d ? 'phone' THEN p_at END,
      d->>'ip', d->>'deviceId', d->>'package', p_at, d->>'shareId', (d->>'inviterUid')::integer, v_partner, p_app);
    INSERT INTO player_balance (uid, partner) VALUES (v_uid, v_partner);
    PERFORM platform_seen(v_uid, d->>'deviceId', d->>'ip', p_at);

  WHEN 'player.login' THEN
    v_uid := (d->>'uid')::integer;
    UPDATE player SET login_count = login_count + 1,
      login_ip = CASE WHEN last_login_at IS NULL OR last_login_at <= p_at THEN d->>'ip' ELSE login_ip END,
      login_device = CASE WHEN last_login_at IS NULL OR last_login_at <= p_at THEN d->>'deviceId' ELSE login_device END,
      last_login_at = CASE WHEN last_login_at IS NULL OR last_login_at <= p_at THEN p_at ELSE last_login_at END
    WHERE uid = v_uid AND status <> 'banned' AND NOT (status = 'suspended' AND (suspended_until IS NULL OR suspended_until > p_now))
    RETURNING partner INTO v_partner;
    IF NOT FOUND THEN
      SELECT status, suspended_until INTO v_status, v_until FROM player WHERE uid = v_uid;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'Player % not found', v_uid USING ERRCODE = 'CN404';
      ELSIF v_status = 'banned' THEN
        RAISE EXCEPTION 'Account % is banned', v_uid USING ERRCODE = 'CN409';
      ELSIF v_until IS NULL THEN
        RAISE EXCEPTION 'Suspended' USING ERRCODE = 'CN409';
      END IF;
      RAISE EXCEPTION 'Suspended until %', to_char(v_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') USING ERRCODE = 'CN409';
    END IF;
    IF p_bans THEN
      PERFORM platform_check_bans(v_uid, d->>'deviceId', d->>'ip');
    END IF;
    INSERT INTO player_login (uid, partner, at, ip, device_id, duration_seconds)
      VALUES (v_uid, v_partner, p_at, d->>'ip', d->>'deviceId', (d->>'durationSeconds')::integer);
    PERFORM platform_seen(v_uid, d->>'deviceId', d->>'ip', p_at);

  WHEN 'player.profile' THEN
    v_uid := (d->>'uid')::integer;
    SELECT name, avatar, gcash, bank INTO v_old FROM player WHERE uid = v_uid FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Player % not found', v_uid USING ERRCODE = 'CN404';
    END IF;
    INSERT INTO player_profile_change (uid, at, field, old_value, new_value)
    SELECT v_uid, p_at, f.field, f.old_value, f.new_value
    FROM (VALUES (1, 'name', v_old.name, d->>'name'), (2, 'avatar', v_old.avatar, d->>'avatar'),
                 (3, 'gcash', v_old.gcash, d->>'gcash'), (4, 'bank', v_old.bank, d->>'bank')) AS f(n, field, old_value, new_value)
    WHERE d ? f.field AND f.new_value IS DISTINCT FROM f.old_value
    ORDER BY f.n;
    UPDATE player SET name = coalesce(d->>'name', name), avatar = coalesce(d->>'avatar', avatar),
      gcash = coalesce(d->>'gcash', gcash), bank = coalesce(d->>'bank', bank)
    WHERE uid = v_uid;

  WHEN 'player.phoneBound' THEN
    v_uid := (d->>'uid')::integer;
    SELECT phone_country, phone_number INTO v_old FROM player WHERE uid = v_uid FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Player % not found', v_uid USING ERRCODE = 'CN404';
    END IF;
    INSERT INTO player_profile_change (uid, at, field, old_value, new_value)
      VALUES (v_uid, p_at, 'phone', CASE WHEN v_old.phone_number IS NOT NULL THEN '+' || v_old.phone_country || ' ' || v_old.phone_number END,
        '+' || (d->'phone'->>'country') || ' ' || (d->'phone'->>'number'));
    UPDATE player SET phone_country = d->'phone'->>'country', phone_number = d->'phone'->>'number', phone_bound_at = p_at WHERE uid = v_uid;

  WHEN 'chips.transferred', 'coindealer.sold' THEN
    v_uid := (d->>CASE p_type WHEN 'chips.transferred' THEN 'fromUid' ELSE 'dealerUid' END)::integer;
    v_to := (d->>'toUid')::integer;
    v_amount := (d->>'amount')::bigint;
    IF v_uid = v_to THEN
      RAISE EXCEPTION 'toUid: Cannot transfer to oneself' USING ERRCODE = 'CN400';
    END IF;
    PERFORM ledger_post(v_uid, 'chip', -v_amount, p_type, p_id, v_actor, v_key || ':out', p_at);
    PERFORM ledger_post(v_to, 'chip', v_amount, p_type, p_id, v_actor, v_key || ':in', p_at);
    INSERT INTO player_transfer (at, kind, from_uid, to_uid, partner, amount, price)
      VALUES (p_at, CASE p_type WHEN 'chips.transferred' THEN 'player' ELSE 'coindealer' END, v_uid, v_to,
        platform_partner(v_uid), v_amount, (d->>'price')::bigint);

  WHEN 'safe.deposit' THEN
    v_uid := (d->>'uid')::integer;
    v_amount := (d->>'amount')::bigint;
    PERFORM ledger_post(v_uid, 'chip', -v_amount, p_type, p_id, v_actor, v_key || ':out', p_at);
    PERFORM ledger_post(v_uid, 'safe', v_amount, p_type, p_id, v_actor, v_key || ':in', p_at);

  WHEN 'safe.withdraw' THEN
    v_uid := (d->>'uid')::integer;
    v_amount := (d->>'amount')::bigint;
    PERFORM ledger_post(v_uid, 'safe', -v_amount, p_type, p_id, v_actor, v_key || ':out', p_at);
    PERFORM ledger_post(v_uid, 'chip', v_amount, p_type, p_id, v_actor, v_key || ':in', p_at);

  WHEN 'gift.sent' THEN
    v_uid := (d->>'fromUid')::integer;
    v_to := (d->>'toUid')::integer;
    IF v_uid = v_to THEN
      RAISE EXCEPTION 'toUid: Cannot send a gift to oneself' USING ERRCODE = 'CN400';
    END IF;
    PERFORM ledger_post(v_uid, 'chip', -(d->>'chips')::bigint, p_type, p_id, v_actor, v_key || ':chips', p_at);
    PERFORM ledger_post(v_to, 'charisma', (d->>'charisma')::bigint, p_type, p_id, v_actor, v_key || ':charisma', p_at);
    INSERT INTO player_gift (at, from_uid, to_uid, partner, gift_id, chips, charisma)
      VALUES (p_at, v_uid, v_to, platform_partner(v_uid), d->>'giftId', (d->>'chips')::bigint, (d->>'charisma')::bigint);

  WHEN 'emote.used' THEN
    v_uid := (d->>'uid')::integer;
    v_amount := (d->>'chips')::bigint;
    IF v_amount > 0 THEN
      PERFORM ledger_post(v_uid, 'chip', -v_amount, p_type, p_id, v_actor, v_key, p_at);
    END IF;
    INSERT INTO player_emote (at, uid, partner, emote_id, chips) VALUES (p_at, v_uid, platform_partner(v_uid), d->>'emoteId', v_amount);

  WHEN 'feedback.submitted' THEN
    v_uid := (d->>'uid')::integer;
    INSERT INTO player_feedback (at, uid, partner, category, text)
      VALUES (p_at, v_uid, platform_partner(v_uid), d->>'category', d->>'text');

  WHEN 'tipoff.submitted' THEN
    v_uid := (d->>'uid')::integer;
    v_to := (d->>'targetUid')::integer;
    v_partner := platform_partner(v_uid);
    PERFORM platform_partner(v_to);
    INSERT INTO player_tipoff (at, uid, target_uid, partner, reason, text)
      VALUES (p_at, v_uid, v_to, v_partner, d->>'reason', d->>'text');

  WHEN 'sms.sent' THEN
    INSERT INTO sms_log (at, phone_country, phone_number, code, provider, purpose, app_id)
      VALUES (p_at, d->'phone'->>'country', d->'phone'->>'number', d->>'code', d->>'provider', d->>'purpose', p_app);

  WHEN 'badge.granted' THEN
    v_uid := (d->>'uid')::integer;
    PERFORM platform_partner(v_uid);
    INSERT INTO player_badge (uid, badge_id, name, granted_at) VALUES (v_uid, d->>'badgeId', d->>'name', p_at)
      ON CONFLICT (uid, badge_id) DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Player % already holds badge %', v_uid, d->>'badgeId' USING ERRCODE = 'CN409';
    END IF;

  ELSE
    RAISE EXCEPTION 'type: Unknown event type %', p_type USING ERRCODE = 'CN400';
  END CASE;
END
$$;

-- A call's events, in order; one result row per event, in the same order.
--   1. The ids seen for the first time are claimed in one insert, in id order (two calls
--      sharing ids wait for each other instead of deadlocking), as 'applied', or as
--      'rejected' when the server already refused the event's data (`error`). An id held by
--      a concurrent call waits for that call and is then a duplicate.
--   2. The rows the call changes are locked in one global order: balances by uid, then
--      players by uid, as the wallet does (balance, then player).
--   3. Each claimed event is applied in its own subtransaction; a refusal undoes that event
--      only and turns its row to 'rejected' with the code and message.
--   4. Any other occurrence of an id (seen in an earlier call, or earlier in this one) is a
--      duplicate repeating the first outcome.
CREATE FUNCTION platform_events_apply(p_app text, p_events jsonb, p_now timestamptz, p_balance_uids integer[], p_player_uids integer[])
RETURNS TABLE (r_status text, r_code integer, r_message text)
LANGUAGE plpgsql AS $$
DECLARE
  e record;
  v_claimed jsonb;
  v_bans boolean;
  v_code integer;
  v_message text;
  v_constraint text;
BEGIN
  WITH ev AS (
    SELECT x.*, row_number() OVER (PARTITION BY x.id ORDER BY x.n) AS k
    FROM ROWS FROM (jsonb_to_recordset(p_events) AS (id text, type text, at timestamptz, data jsonb, error jsonb)) WITH ORDINALITY AS x(id, type, at, data, error, n)
  ), claimed AS (
    INSERT INTO platform_event (app_id, event_id, type, at, received_at, status, code, message, data)
    SELECT p_app, ev.id, ev.type, ev.at, p_now, CASE WHEN ev.error IS NULL THEN 'applied' ELSE 'rejected' END,
      (ev.error->>'code')::integer, ev.error->>'message', ev.data
    FROM ev WHERE ev.k = 1 ORDER BY ev.id
    ON CONFLICT (app_id, event_id) DO NOTHING
    RETURNING event_id
  )
  -- a jsonb object of the claimed ids: `?` finds a key by binary search (a join here was planned
  -- as a nested loop over both lists)
  SELECT coalesce(jsonb_object_agg(event_id, true), '{}') INTO v_claimed FROM claimed;

  PERFORM 1 FROM player_balance WHERE uid = ANY (p_balance_uids) ORDER BY uid FOR UPDATE;
  PERFORM 1 FROM player WHERE uid = ANY (p_player_uids) ORDER BY uid FOR NO KEY UPDATE;
  v_bans := EXISTS (SELECT 1 FROM ban WHERE active);

  FOR e IN
    SELECT x.*, row_number() OVER (PARTITION BY x.id ORDER BY x.n) = 1 AND v_claimed ? x.id AS fresh
    FROM ROWS FROM (jsonb_to_recordset(p_events) AS (id text, type text, at timestamptz, data jsonb, error jsonb)) WITH ORDINALITY AS x(id, type, at, data, error, n)
    ORDER BY x.n
  LOOP
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
        UPDATE platform_event SET status = 'rejected', code = v_code, message = v_message WHERE app_id = p_app AND event_id = e.id;
        r_status := 'rejected';
        r_code := v_code;
        r_message := v_message;
      END IF;
      RETURN NEXT;
      CONTINUE;
    END IF;
    SELECT 'duplicate', pe.code, pe.message INTO r_status, r_code, r_message
      FROM platform_event pe WHERE pe.app_id = p_app AND pe.event_id = e.id;
    RETURN NEXT;
  END LOOP;
END
$$;
