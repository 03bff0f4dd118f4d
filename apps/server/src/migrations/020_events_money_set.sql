-- Platform events, money set-based (issue 5 bench: ≥ 20,000 events/s through the API).
-- Migration 014 applied logins, feedback and texts set-based; every money event (transfer,
-- coin-dealer sale, safe move, gift, emote) still ran in a subtransaction of its own with one
-- ledger_post per leg: a savepoint, a guarded UPDATE and an INSERT per leg. Now a call's money
-- events are decided in the order sent against the call's balances held in memory (the rows are
-- locked first, so nothing else moves them meanwhile), and the accepted legs are posted by
-- ledger_post_set in three statements. Outcomes, messages and the order of effects are those of
-- the one-by-one way (events.test.ts checks both ways give the same balances and answers).

-- The set-based twin of ledger_post: many movements in one go, in the order given, each one an
-- append-only entry whose balance_after is the balance before the call plus the movements so
-- far. The guard is the database's: a movement that would take a running balance below zero
-- breaks ledger_entry's CHECK (balance_after >= 0), one of an unknown player breaks its NOT NULL
-- partner, a zero delta its CHECK (delta <> 0), a repeated key its unique index; the balance
-- rows then move by the sum of each player's movements (their CHECK (>= 0) holds too). Callers
-- decide refusals beforehand (platform_money_apply): any of these errors is a bug, and undoes
-- the whole statement.
CREATE FUNCTION ledger_post_set(p_uid integer[], p_currency text[], p_delta bigint[], p_reason text[], p_ref text[],
  p_actor text, p_key text[], p_at timestamptz[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_uid), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM player_balance WHERE uid = ANY (p_uid) ORDER BY uid FOR UPDATE;
  INSERT INTO ledger_entry (at, uid, partner, currency, delta, balance_after, reason, ref, actor, idem_key)
  SELECT m.at, m.uid, b.partner, m.currency, m.delta,
    CASE m.currency WHEN 'chip' THEN b.chip WHEN 'bean' THEN b.bean WHEN 'safe' THEN b.safe WHEN 'bonus' THEN b.bonus
      WHEN 'diamond' THEN b.diamond WHEN 'charisma' THEN b.charisma WHEN 'withdrawable' THEN b.withdrawable END
      + sum(m.delta) OVER (PARTITION BY m.uid, m.currency ORDER BY m.n),
    m.reason, coalesce(m.ref, ''), p_actor, m.key
  FROM unnest(p_uid, p_currency, p_delta, p_reason, p_ref, p_key, p_at) WITH ORDINALITY AS m(uid, currency, delta, reason, ref, key, at, n)
  LEFT JOIN player_balance b ON b.uid = m.uid
  ORDER BY m.n;
  UPDATE player_balance b SET chip = b.chip + d.chip, bean = b.bean + d.bean, safe = b.safe + d.safe, bonus = b.bonus + d.bonus,
    diamond = b.diamond + d.diamond, charisma = b.charisma + d.charisma, withdrawable = b.withdrawable + d.withdrawable
  FROM (
    SELECT m.uid,
      coalesce(sum(m.delta) FILTER (WHERE m.currency = 'chip'), 0) AS chip, coalesce(sum(m.delta) FILTER (WHERE m.currency = 'bean'), 0) AS bean,
      coalesce(sum(m.delta) FILTER (WHERE m.currency = 'safe'), 0) AS safe, coalesce(sum(m.delta) FILTER (WHERE m.currency = 'bonus'), 0) AS bonus,
      coalesce(sum(m.delta) FILTER (WHERE m.currency = 'diamond'), 0) AS diamond,
      coalesce(sum(m.delta) FILTER (WHERE m.currency = 'charisma'), 0) AS charisma,
      coalesce(sum(m.delta) FILTER (WHERE m.currency = 'withdrawable'), 0) AS withdrawable
    FROM unnest(p_uid, p_currency, p_delta) AS m(uid, currency, delta) GROUP BY m.uid
  ) d
  WHERE b.uid = d.uid;
END
$$;

-- A call's money events (fresh: claimed by this call; valid: no data error), in the order sent:
-- each is decided against the balances as the events before it left them, with the answers of
-- platform_event_apply (404 Player … not found, 409 Insufficient balance, 409 Balance out of
-- range), then the accepted ones are posted at once. Returns the outcome of each by its position
-- (as platform_events_apply's v_set: null when applied, {code, message} when refused).
-- `p_uids` are the uids of the call's money events (the caller has locked their balance rows).
CREATE FUNCTION platform_money_apply(p_app text, p_events jsonb, p_claimed jsonb, p_uids integer[]) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  c_max constant bigint := 9223372036854775807;
  e record;
  v_actor text := 'app:' || p_app;
  v_key text;
  v_slot jsonb;          -- uid → its position in the b_ arrays
  b_partner integer[];
  b_chip bigint[];
  b_safe bigint[];
  b_charisma bigint[];
  -- the accepted legs, in order
  l integer := 0;
  l_uid integer[] := '{}';
  l_cur text[] := '{}';
  l_delta bigint[] := '{}';
  l_reason text[] := '{}';
  l_ref text[] := '{}';
  l_key text[] := '{}';
  l_at timestamptz[] := '{}';
  -- the outcomes by position
  o integer := 0;
  o_n integer[] := '{}';
  o_out jsonb[] := '{}';
  -- the accepted events' own rows: transfers and sales (t), gifts (g), emotes (m)
  t integer := 0; t_at timestamptz[] := '{}'; t_kind text[] := '{}'; t_from integer[] := '{}'; t_to integer[] := '{}';
  t_partner integer[] := '{}'; t_amount bigint[] := '{}'; t_price bigint[] := '{}';
  g integer := 0; g_at timestamptz[] := '{}'; g_from integer[] := '{}'; g_to integer[] := '{}'; g_partner integer[] := '{}';
  g_gift text[] := '{}'; g_chips bigint[] := '{}'; g_charisma bigint[] := '{}';
  m integer := 0; m_at timestamptz[] := '{}'; m_uid integer[] := '{}'; m_partner integer[] := '{}'; m_emote text[] := '{}'; m_chips bigint[] := '{}';
  v_a integer;           -- the payer's slot
  v_b integer;           -- the receiver's slot
  v_from integer;
  v_to integer;
  v_amount bigint;
  v_credit bigint;
  v_refusal jsonb;
BEGIN
  SELECT coalesce(jsonb_object_agg(b.uid::text, b.i), '{}'), array_agg(b.partner ORDER BY b.i), array_agg(b.chip ORDER BY b.i),
    array_agg(b.safe ORDER BY b.i), array_agg(b.charisma ORDER BY b.i)
  INTO v_slot, b_partner, b_chip, b_safe, b_charisma
  FROM (SELECT pb.uid, pb.partner, pb.chip, pb.safe, pb.charisma, row_number() OVER (ORDER BY pb.uid)::integer AS i
        FROM player_balance pb WHERE pb.uid = ANY (p_uids)) b;

  FOR e IN
    SELECT x.n::integer AS n, x.id, x.type, x.at, x.data FROM (
      SELECT y.*, row_number() OVER (PARTITION BY y.id ORDER BY y.n) AS k
      FROM ROWS FROM (jsonb_to_recordset(p_events) AS (id text, type text, at timestamptz, data jsonb, error jsonb)) WITH ORDINALITY AS y(id, type, at, data, error, n)
    ) x
    WHERE x.k = 1 AND x.error IS NULL AND p_claimed ? x.id
      AND x.type IN ('chips.transferred', 'coindealer.sold', 'safe.deposit', 'safe.withdraw', 'gift.sent', 'emote.used')
    ORDER BY x.n
  LOOP
    v_key := 'event:' || p_app || ':' || e.id;
    v_refusal := NULL;
    CASE e.type
    WHEN 'chips.transferred', 'coindealer.sold', 'gift.sent' THEN
      v_from := (e.data->>CASE e.type WHEN 'coindealer.sold' THEN 'dealerUid' ELSE 'fromUid' END)::integer;
      v_to := (e.data->>'toUid')::integer;
      v_amount := (e.data->>CASE e.type WHEN 'gift.sent' THEN 'chips' ELSE 'amount' END)::bigint;
      v_credit := (e.data->>CASE e.type WHEN 'gift.sent' THEN 'charisma' ELSE 'amount' END)::bigint;
      v_a := (v_slot->>v_from::text)::integer;
      v_b := (v_slot->>v_to::text)::integer;
      IF v_from = v_to THEN
        v_refusal := jsonb_build_object('code', 400, 'message',
          CASE e.type WHEN 'gift.sent' THEN 'toUid: Cannot send a gift to oneself' ELSE 'toUid: Cannot transfer to oneself' END);
      ELSIF v_a IS NULL THEN
        v_refusal := jsonb_build_object('code', 404, 'message', format('Player %s not found', v_from));
      ELSIF b_chip[v_a] < v_amount THEN
        v_refusal := jsonb_build_object('code', 409, 'message', 'Insufficient balance');
      ELSIF v_b IS NULL THEN
        v_refusal := jsonb_build_object('code', 404, 'message', format('Player %s not found', v_to));
      ELSIF (CASE e.type WHEN 'gift.sent' THEN b_charisma[v_b] ELSE b_chip[v_b] END) > c_max - v_credit THEN
        v_refusal := jsonb_build_object('code', 409, 'message', 'Balance out of range');
      ELSE
        b_chip[v_a] := b_chip[v_a] - v_amount;
        l := l + 1; l_uid[l] := v_from; l_cur[l] := 'chip'; l_delta[l] := -v_amount; l_reason[l] := e.type; l_ref[l] := e.id; l_at[l] := e.at;
        l_key[l] := v_key || CASE e.type WHEN 'gift.sent' THEN ':chips' ELSE ':out' END;
        l := l + 1; l_uid[l] := v_to; l_reason[l] := e.type; l_ref[l] := e.id; l_at[l] := e.at; l_delta[l] := v_credit;
        IF e.type = 'gift.sent' THEN
          b_charisma[v_b] := b_charisma[v_b] + v_credit;
          l_cur[l] := 'charisma'; l_key[l] := v_key || ':charisma';
          g := g + 1; g_at[g] := e.at; g_from[g] := v_from; g_to[g] := v_to; g_partner[g] := b_partner[v_a];
          g_gift[g] := e.data->>'giftId'; g_chips[g] := v_amount; g_charisma[g] := v_credit;
        ELSE
          b_chip[v_b] := b_chip[v_b] + v_credit;
          l_cur[l] := 'chip'; l_key[l] := v_key || ':in';
          t := t + 1; t_at[t] := e.at; t_kind[t] := CASE e.type WHEN 'chips.transferred' THEN 'player' ELSE 'coindealer' END;
          t_from[t] := v_from; t_to[t] := v_to; t_partner[t] := b_partner[v_a]; t_amount[t] := v_amount; t_price[t] := (e.data->>'price')::bigint;
        END IF;
      END IF;

    WHEN 'safe.deposit', 'safe.withdraw' THEN
      v_from := (e.data->>'uid')::integer;
      v_amount := (e.data->>'amount')::bigint;
      v_a := (v_slot->>v_from::text)::integer;
      IF v_a IS NULL THEN
        v_refusal := jsonb_build_object('code', 404, 'message', format('Player %s not found', v_from));
      ELSIF (CASE e.type WHEN 'safe.deposit' THEN b_chip[v_a] ELSE b_safe[v_a] END) < v_amount THEN
        v_refusal := jsonb_build_object('code', 409, 'message', 'Insufficient balance');
      ELSIF (CASE e.type WHEN 'safe.deposit' THEN b_safe[v_a] ELSE b_chip[v_a] END) > c_max - v_amount THEN
        v_refusal := jsonb_build_object('code', 409, 'message', 'Balance out of range');
      ELSE
        IF e.type = 'safe.deposit' THEN
          b_chip[v_a] := b_chip[v_a] - v_amount; b_safe[v_a] := b_safe[v_a] + v_amount;
        ELSE
          b_safe[v_a] := b_safe[v_a] - v_amount; b_chip[v_a] := b_chip[v_a] + v_amount;
        END IF;
        l := l + 1; l_uid[l] := v_from; l_delta[l] := -v_amount; l_reason[l] := e.type; l_ref[l] := e.id; l_at[l] := e.at;
        l_cur[l] := CASE e.type WHEN 'safe.deposit' THEN 'chip' ELSE 'safe' END; l_key[l] := v_key || ':out';
        l := l + 1; l_uid[l] := v_from; l_delta[l] := v_amount; l_reason[l] := e.type; l_ref[l] := e.id; l_at[l] := e.at;
        l_cur[l] := CASE e.type WHEN 'safe.deposit' THEN 'safe' ELSE 'chip' END; l_key[l] := v_key || ':in';
      END IF;

    WHEN 'emote.used' THEN
      v_from := (e.data->>'uid')::integer;
      v_amount := (e.data->>'chips')::bigint;
      v_a := (v_slot->>v_from::text)::integer;
      IF v_a IS NULL THEN
        v_refusal := jsonb_build_object('code', 404, 'message', format('Player %s not found', v_from));
      ELSIF b_chip[v_a] < v_amount THEN
        v_refusal := jsonb_build_object('code', 409, 'message', 'Insufficient balance');
      ELSE
        IF v_amount > 0 THEN
          b_chip[v_a] := b_chip[v_a] - v_amount;
          l := l + 1; l_uid[l] := v_from; l_cur[l] := 'chip'; l_delta[l] := -v_amount; l_reason[l] := e.type; l_ref[l] := e.id;
          l_key[l] := v_key; l_at[l] := e.at;
        END IF;
        m := m + 1; m_at[m] := e.at; m_uid[m] := v_from; m_partner[m] := b_partner[v_a]; m_emote[m] := e.data->>'emoteId'; m_chips[m] := v_amount;
      END IF;
    END CASE;
    o := o + 1; o_n[o] := e.n; o_out[o] := coalesce(v_refusal, 'null'::jsonb);
  END LOOP;

  PERFORM ledger_post_set(l_uid, l_cur, l_delta, l_reason, l_ref, v_actor, l_key, l_at);
  IF t > 0 THEN
    INSERT INTO player_transfer (at, kind, from_uid, to_uid, partner, amount, price)
    SELECT * FROM unnest(t_at, t_kind, t_from, t_to, t_partner, t_amount, t_price);
  END IF;
  IF g > 0 THEN
    INSERT INTO player_gift (at, from_uid, to_uid, partner, gift_id, chips, charisma)
    SELECT * FROM unnest(g_at, g_from, g_to, g_partner, g_gift, g_chips, g_charisma);
  END IF;
  IF m > 0 THEN
    INSERT INTO player_emote (at, uid, partner, emote_id, chips) SELECT * FROM unnest(m_at, m_uid, m_partner, m_emote, m_chips);
  END IF;
  RETURN (SELECT coalesce(jsonb_object_agg(x.n::text, x.out), '{}') FROM unnest(o_n, o_out) AS x(n, out));
END
$$;

-- A call's events (migration 014's platform_events_apply, same contract), the money events now
-- through platform_money_apply.
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
