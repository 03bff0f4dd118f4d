-- A call's money events (fresh: claimed by this call; valid: no data error), in the order sent:
-- each is decided against the balances as the events before it left them, with the answers of
-- platform_event_apply (404 Player … not found, 409 Insufficient balance, 409 Balance out of
-- range), then the accepted ones are posted at once. Returns the outcome of each by its position
-- (as platform_events_apply's v_set: null when applied, {code, message} when refused).
-- `p_uids` are the uids of the call's money events (the caller has locked their balance rows).
CREATE OR REPLACE FUNCTION platform_money_apply(p_app text, p_events jsonb, p_claimed jsonb, p_uids integer[])
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
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
$function$;
