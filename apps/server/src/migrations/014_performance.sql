-- Performance of the data spine (issue 5 bench: docs/api/platform.md "How a call is applied",
-- docs/api/usermanager.md "Reports"). Measured figures are in the commit messages and docs.

-- 1. One index per access path. Each index below is a duplicate of a later, wider one that
--    serves the same searches and orders (EXPLAIN checked on the bench data), or is read by
--    no query; every insert and every non-HOT update paid for it.
DROP INDEX player_name_idx;           -- player_name_c_idx (013): the name prefix and its order
DROP INDEX player_share_idx;          -- player_share_uid_idx / player_share_name_idx (013)
DROP INDEX player_registered_idx;     -- player_registered_uid_idx (008)
DROP INDEX player_last_login_idx;     -- read by nothing (the sorts use the coalesce expression)
DROP INDEX player_balance_chip_idx;   -- player_balance_chip_uid_idx (008)
DROP INDEX player_login_at_idx;       -- player_login_at_id_idx (012)
DROP INDEX player_feedback_at_idx;    -- (status, at): player_feedback_status_at_id_idx (013)
DROP INDEX player_tipoff_at_idx;      -- (status, at): player_tipoff_status_at_id_idx (013)
DROP INDEX sms_log_at_idx;            -- sms_log_at_id_idx (012)
DROP INDEX sms_log_phone_idx;         -- sms_log_phone_at_idx (012): a phone is always searched with its country
DROP INDEX platform_event_type_idx;   -- no query reads events by type

-- 2. The last login as a sort key lives in a narrow table of its own. Every login updates
--    player.last_login_at, login_ip, login_device and login_count; while last_login_at was
--    indexed on player, each login was a non-HOT update writing an entry into every index of
--    player (15 before the cuts above). Now no index of player holds a login column, so a login
--    updates player in place (HOT, with the free space the fillfactor leaves), and only this
--    two-index table takes a new index entry. It is kept by triggers on player (a registration
--    inserts its row, a change of last_login_at copies it), so every writer keeps it exact.
--    lostusers and the userlist's last-login sort read it.
DROP INDEX player_last_login_uid_idx;
CREATE TABLE player_last_login (
  uid integer PRIMARY KEY REFERENCES player (uid),
  last_login_at timestamptz
);
INSERT INTO player_last_login (uid, last_login_at) SELECT uid, last_login_at FROM player;
CREATE INDEX player_last_login_at_idx ON player_last_login ((coalesce(last_login_at, '-infinity'::timestamptz)), uid);

CREATE FUNCTION player_last_login_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_last_login AS l (uid, last_login_at) VALUES (NEW.uid, NEW.last_login_at)
    ON CONFLICT (uid) DO UPDATE SET last_login_at = EXCLUDED.last_login_at;
  RETURN NULL;
END
$$;
CREATE TRIGGER player_last_login_insert AFTER INSERT ON player
  FOR EACH ROW EXECUTE FUNCTION player_last_login_copy();
CREATE TRIGGER player_last_login_update AFTER UPDATE OF last_login_at ON player
  FOR EACH ROW WHEN (OLD.last_login_at IS DISTINCT FROM NEW.last_login_at) EXECUTE FUNCTION player_last_login_copy();

-- 3. Room on each page for updated rows, so that updates of columns no index holds stay on
--    their page (HOT): logins and net win (player), balances other than chip (player_balance;
--    chip stays indexed for the richest-first sorts), devices' and addresses' last_at. Applies to
--    pages written from now on (existing pages gain room as rows move).
ALTER TABLE player SET (fillfactor = 85);
ALTER TABLE player_balance SET (fillfactor = 85);
ALTER TABLE player_device SET (fillfactor = 90);
ALTER TABLE player_ip SET (fillfactor = 90);

-- 4. The game rollup without a trigger. Migration 012's statement trigger ran a grouped
--    INSERT … ON CONFLICT over a transition table after every statement inserting into
--    ledger_entry (each ledger_post: every event leg, every staff or batch movement), games or
--    not (+0.1–0.3 ms each). Games are what calls the wallet (docs/api/platform.md): the wallet
--    service is the only writer of game movements, so it now adds each chip debit, credit and
--    rollback to player_day_game itself, with player.net_win, in the same transaction
--    (wallet_game below). The rollup's rows and meaning are unchanged.
DROP TRIGGER ledger_entry_day_game ON ledger_entry;
DROP FUNCTION player_day_game_collect();

-- One wallet movement of chips: net win and the day rollup (GMT+08:00 day of `p_at`). A debit is
-- a bet, a credit a win; a rollback takes its amount back from the side it reverses (a credited
-- rollback reverses a bet, a debited one a win).
CREATE FUNCTION wallet_game(p_uid integer, p_delta bigint, p_at timestamptz, p_rollback boolean) RETURNS void
LANGUAGE sql AS $$
  WITH p AS (UPDATE player SET net_win = net_win + p_delta WHERE uid = p_uid RETURNING partner)
  INSERT INTO player_day_game AS g (day, uid, partner, bets, wins, bet_count)
  SELECT ((p_at AT TIME ZONE 'UTC') + interval '8 hours')::date, p_uid, p.partner,
    CASE WHEN p_rollback THEN -greatest(p_delta, 0) ELSE greatest(-p_delta, 0) END,
    CASE WHEN p_rollback THEN least(p_delta, 0) ELSE greatest(p_delta, 0) END,
    CASE WHEN p_rollback THEN CASE WHEN p_delta > 0 THEN -1 ELSE 0 END WHEN p_delta < 0 THEN 1 ELSE 0 END
  FROM p
  ON CONFLICT (day, uid) DO UPDATE SET partner = EXCLUDED.partner, bets = g.bets + EXCLUDED.bets,
    wins = g.wins + EXCLUDED.wins, bet_count = g.bet_count + EXCLUDED.bet_count;
$$;

-- 5. Daily active players (actives): one row a GMT+08:00 day and player who logged in that day,
--    with the day's logins and session seconds, added by each login in the same transaction
--    (platform_events_apply). The actives figures read these rows instead of every login.
CREATE TABLE player_active_day (
  day date NOT NULL,
  uid integer NOT NULL,
  partner integer NOT NULL,
  logins integer NOT NULL,
  -- session seconds of the day's logins that reported a duration, and how many did
  seconds bigint NOT NULL DEFAULT 0,
  timed integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, uid)
) WITH (fillfactor = 90);
INSERT INTO player_active_day (day, uid, partner, logins, seconds, timed)
SELECT ((at AT TIME ZONE 'UTC') + interval '8 hours')::date, uid, max(partner), count(*), coalesce(sum(duration_seconds), 0), count(duration_seconds)
FROM player_login GROUP BY 1, 2;

-- One event (migration 007's function), the login now adding its day to player_active_day.
CREATE OR REPLACE FUNCTION platform_event_apply(p_app text, p_id text, p_type text, p_at timestamptz, d jsonb, p_now timestamptz, p_bans boolean) RETURNS void
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
    INSERT INTO player_active_day AS a (day, uid, partner, logins, seconds, timed)
      VALUES (((p_at AT TIME ZONE 'UTC') + interval '8 hours')::date, v_uid, v_partner, 1,
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
$$;

-- 6. A call's events (migration 007's platform_events_apply, same contract): logins, feedback
--    and texts are applied set-based. Their effects commute with every other event of the call
--    (they change no balance, status or ban; login counts add up and the last login follows the
--    latest `at`, later in the call winning a tie, as one by one), so each statement below
--    applies all of them at once, in the order sent where rows get ids. Their refusals are decided
--    beforehand by one query (a refused one writes nothing) and no statement of theirs can fail
--    for one event alone, so they need no subtransaction. A login or feedback whose uid is
--    registered by the same call depends on that registration's place in the order: it goes the
--    one-by-one way, as does every other type (each in its own subtransaction).
CREATE OR REPLACE FUNCTION platform_events_apply(p_app text, p_events jsonb, p_now timestamptz, p_balance_uids integer[], p_player_uids integer[])
RETURNS TABLE (r_status text, r_code integer, r_message text)
LANGUAGE plpgsql AS $$
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
    INSERT INTO platform_event (app_id, event_id, type, at, received_at, status, code, message, data)
    SELECT p_app, ev.id, ev.type, ev.at, p_now, CASE WHEN ev.error IS NULL THEN 'applied' ELSE 'rejected' END,
      (ev.error->>'code')::integer, ev.error->>'message', ev.data
    FROM ev WHERE ev.k = 1 ORDER BY ev.id
    ON CONFLICT (app_id, event_id) DO NOTHING
    RETURNING event_id
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

  IF v_set <> '{}' THEN
    -- the applied ones, by type, in the order sent
    WITH ok AS (
      SELECT x.n, x.type, x.at, x.data, (x.data->>'uid')::integer AS uid
      FROM ROWS FROM (jsonb_to_recordset(p_events) AS (type text, at timestamptz, data jsonb)) WITH ORDINALITY AS x(type, at, data, n)
      WHERE v_set ? x.n::text AND v_set->(x.n::text) = 'null'::jsonb
    ), logins AS (
      -- (the partner read here, not joined from the update's rows: a join of two CTEs is planned
      -- as a nested loop over both, 0.2 s for 1,000 logins)
      SELECT ok.*, ((ok.at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, pp.partner
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
    UPDATE platform_event pe SET status = 'rejected', code = (v_set->(x.n::text)->>'code')::integer, message = v_set->(x.n::text)->>'message'
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
