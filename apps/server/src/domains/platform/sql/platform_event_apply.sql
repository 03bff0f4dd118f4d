-- One platform event of a call (register, login, …): what platform_events_apply does for each
-- event that is not money, a round or an SMS result; a login adds its day to player_active_day.
CREATE OR REPLACE FUNCTION platform_event_apply(p_app text, p_id text, p_type text, p_at timestamp with time zone, d jsonb, p_now timestamp with time zone, p_bans boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
    INSERT INTO player_active_day AS a (day, uid, partner, logins, seconds, timed)
      VALUES (report_day(p_at), v_uid, v_partner, 1,
        coalesce((d->>'durationSeconds')::bigint, 0), CASE WHEN d ? 'durationSeconds' THEN 1 ELSE 0 END)
      ON CONFLICT (day, uid) DO UPDATE SET logins = a.logins + 1, seconds = a.seconds + EXCLUDED.seconds, timed = a.timed + EXCLUDED.timed;

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
$function$;
