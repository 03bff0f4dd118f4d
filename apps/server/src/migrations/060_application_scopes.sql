-- The trust boundary between platform applications (issue 23; contract "Platform API", Scopes
-- and signature version 2; docs/decisions/042-application-scopes.md).
--
-- Each application holds scopes (a JSON document, packages/schemas/src/scopes.ts): the server
-- refuses a call outside them with 403 before it writes anything. What a single call can check
-- (the scope, the currency, the single-amount cap, the event types, the recharge channel) the
-- server checks from the application's cached row; what needs the database is here, in the same
-- statement as the ledger movement it guards:
--   - a credit must match a debit of the same application, player and round (ref) in the last
--     24 hours unless the application holds wallet.credit.unmatched for that currency;
--   - the day totals of the wallet scopes (platform_app_day): a guarded increment, so that
--     concurrent credits on any number of server processes pass exactly as far as the cap.

ALTER TABLE platform_application
  ADD COLUMN scopes jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(scopes) = 'object'),
  -- 1: the signature of `${timestamp}.${payload}` is accepted (and version 2 when the call says
  -- so); 2: only version 2, which signs method and path too. New applications are created with 2.
  ADD COLUMN signature_version smallint NOT NULL DEFAULT 1 CHECK (signature_version IN (1, 2));

-- The round a wallet call names (its ref, or its txId when it names none): the credit rule looks
-- up the application's debits of the player in that round.
ALTER TABLE wallet_tx ADD COLUMN ref text;

-- What each application moved per wallet scope, currency and GMT+08:00 day, where the scope has
-- a day total (no row is written for a scope without one), in 8 slots: the day's total is their
-- sum. Each slot may hold up to its share of the cap (app_day_share), so concurrent calls on
-- different slots do not wait for one another, and the sum never passes the cap.
CREATE TABLE platform_app_day (
  app_id text NOT NULL,
  scope text NOT NULL,
  currency text NOT NULL,
  day date NOT NULL,
  slot smallint NOT NULL CHECK (slot BETWEEN 0 AND 7),
  total bigint NOT NULL CHECK (total >= 0),
  PRIMARY KEY (app_id, scope, currency, day, slot)
);

-- Calls refused for a missing scope, per application, scope and day (shown on
-- /remoteconfig/application); one row a day, not one operation-log record per refusal.
CREATE TABLE platform_app_refusal (
  app_id text NOT NULL,
  day date NOT NULL,
  scope text NOT NULL,
  refused bigint NOT NULL CHECK (refused >= 0),
  last_at timestamptz NOT NULL,
  last_message text NOT NULL,
  PRIMARY KEY (app_id, day, scope)
);

-- Existing applications keep working: their refs of the last 30 days are read back from the
-- ledger (the credit rule needs them), then each is given the scopes its calls of those 30 days
-- show (decision 042 lists the rules). demo-app holds every scope.
UPDATE wallet_tx t SET ref = l.ref
  FROM ledger_entry l
 WHERE t.at > now() - interval '30 days' AND t.kind IN ('debit', 'credit')
   AND l.idem_key = 'app:' || t.app_id || ':tx:' || t.tx_id;

CREATE INDEX wallet_tx_round_idx ON wallet_tx (app_id, uid, ref) WHERE kind = 'debit';

DO $$
DECLARE
  a record;
  v_since timestamptz := now() - interval '30 days';
  v_scopes jsonb;
  v_list jsonb;
BEGIN
  FOR a IN SELECT app_id FROM platform_application LOOP
    v_scopes := '{"config.read": {}}'::jsonb;
    SELECT jsonb_agg(DISTINCT e.type) INTO v_list FROM platform_event e WHERE e.app_id = a.app_id AND e.received_at > v_since;
    IF v_list IS NOT NULL THEN v_scopes := v_scopes || jsonb_build_object('events', jsonb_build_object('types', v_list)); END IF;
    IF EXISTS (SELECT 1 FROM game_round r WHERE r.app_id = a.app_id AND r.ended_at > v_since) THEN
      v_scopes := v_scopes || '{"rounds": {}}'::jsonb;
    END IF;
    SELECT jsonb_agg(jsonb_build_object('currency', c, 'maxAmount', 1000000000000, 'dayTotal', NULL)) INTO v_list
      FROM (SELECT DISTINCT t.currency AS c FROM wallet_tx t WHERE t.app_id = a.app_id AND t.kind = 'debit' AND t.at > v_since) x;
    IF v_list IS NOT NULL THEN v_scopes := v_scopes || jsonb_build_object('wallet.debit', jsonb_build_object('limits', v_list)); END IF;
    SELECT jsonb_agg(jsonb_build_object('currency', c, 'maxAmount', 1000000000000, 'dayTotal', NULL)) INTO v_list
      FROM (SELECT DISTINCT t.currency AS c FROM wallet_tx t WHERE t.app_id = a.app_id AND t.kind = 'credit' AND t.at > v_since) x;
    IF v_list IS NOT NULL THEN v_scopes := v_scopes || jsonb_build_object('wallet.credit', jsonb_build_object('limits', v_list)); END IF;
    -- a currency in which it credited with no debit of its own in the same round before
    SELECT jsonb_agg(c) INTO v_list FROM (
      SELECT DISTINCT t.currency AS c FROM wallet_tx t
       WHERE t.app_id = a.app_id AND t.kind = 'credit' AND t.at > v_since
         AND NOT EXISTS (SELECT 1 FROM wallet_tx d WHERE d.app_id = t.app_id AND d.uid = t.uid AND d.ref = t.ref AND d.kind = 'debit'
                          AND d.at BETWEEN t.at - interval '24 hours' AND t.at)) x;
    IF v_list IS NOT NULL THEN v_scopes := v_scopes || jsonb_build_object('wallet.credit.unmatched', jsonb_build_object('currencies', v_list)); END IF;
    IF EXISTS (SELECT 1 FROM recharge_order o WHERE o.app_id = a.app_id AND o.created_at > v_since) THEN
      v_scopes := v_scopes || '{"recharge.orders": {}}'::jsonb;
    END IF;
    SELECT jsonb_agg(DISTINCT o.channel) INTO v_list FROM recharge_order o WHERE o.app_id = a.app_id AND o.callbacks > 0 AND o.created_at > v_since;
    IF v_list IS NOT NULL THEN v_scopes := v_scopes || jsonb_build_object('recharge.callback', jsonb_build_object('channels', v_list)); END IF;
    IF EXISTS (SELECT 1 FROM cashout_order o WHERE o.app_id = a.app_id AND o.created_at > v_since) THEN
      v_scopes := v_scopes || '{"cashout": {}}'::jsonb;
    END IF;
    UPDATE platform_application SET scopes = v_scopes WHERE app_id = a.app_id;
  END LOOP;
END
$$;

UPDATE platform_application SET scopes = '{
  "events": {"types": ["*"]}, "rounds": {},
  "wallet.debit": {"limits": [{"currency": "chip", "maxAmount": 1000000000000, "dayTotal": null}, {"currency": "bean", "maxAmount": 1000000000000, "dayTotal": null}, {"currency": "bonus", "maxAmount": 1000000000000, "dayTotal": null}, {"currency": "diamond", "maxAmount": 1000000000000, "dayTotal": null}, {"currency": "withdrawable", "maxAmount": 1000000000000, "dayTotal": null}]},
  "wallet.credit": {"limits": [{"currency": "chip", "maxAmount": 1000000000000, "dayTotal": null}, {"currency": "bean", "maxAmount": 1000000000000, "dayTotal": null}, {"currency": "bonus", "maxAmount": 1000000000000, "dayTotal": null}, {"currency": "diamond", "maxAmount": 1000000000000, "dayTotal": null}, {"currency": "withdrawable", "maxAmount": 1000000000000, "dayTotal": null}]},
  "wallet.settle": {"limits": [{"currency": "chip", "maxAmount": 1000000000000, "dayTotal": null}, {"currency": "bean", "maxAmount": 1000000000000, "dayTotal": null}, {"currency": "bonus", "maxAmount": 1000000000000, "dayTotal": null}, {"currency": "diamond", "maxAmount": 1000000000000, "dayTotal": null}, {"currency": "withdrawable", "maxAmount": 1000000000000, "dayTotal": null}]},
  "wallet.credit.unmatched": {"currencies": ["chip", "bean", "bonus", "diamond", "withdrawable"]},
  "recharge.orders": {}, "recharge.callback": {"channels": ["*"]}, "cashout": {}, "config.read": {}
}'::jsonb WHERE app_id = 'demo-app';

-- A refusal of a scope: SQLSTATE CN403, the message names the scope (the server answers 403).

-- A slot's share of a day total: the cap split over the 8 slots (the first cap % 8 slots one more).
CREATE FUNCTION app_day_share(p_cap bigint, p_slot integer) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_cap / 8 + CASE WHEN p_slot < p_cap % 8 THEN 1 ELSE 0 END;
$$;

-- The day total of a wallet scope: adds p_amount to the application's day unless that passes
-- p_cap, which raises CN403 (the caller's statement then writes nothing). Exact under any
-- concurrency: every slot stays within its share, so the sum stays within the cap; a call whose
-- slot (its transaction's id modulo 8) has no room locks all the day's slots in order and spreads
-- the amount over what they have left, refusing only when the day as a whole has not enough.
CREATE FUNCTION app_day_use(p_app text, p_scope text, p_currency text, p_amount bigint, p_at timestamptz, p_cap bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := report_day(p_at);
  v_slot integer := (txid_current() % 8)::integer;
  v_left bigint;
  v_need bigint := p_amount;
  v_take bigint;
  r record;
BEGIN
  UPDATE platform_app_day SET total = total + p_amount
   WHERE app_id = p_app AND scope = p_scope AND currency = p_currency AND day = v_day AND slot = v_slot
     AND total + p_amount <= app_day_share(p_cap, v_slot);
  IF FOUND THEN RETURN; END IF;
  INSERT INTO platform_app_day (app_id, scope, currency, day, slot, total)
    SELECT p_app, p_scope, p_currency, v_day, s, 0 FROM generate_series(0, 7) s ON CONFLICT DO NOTHING;
  SELECT sum(greatest(app_day_share(p_cap, x.slot) - x.total, 0)) INTO v_left
    FROM (SELECT d.slot, d.total FROM platform_app_day d
           WHERE d.app_id = p_app AND d.scope = p_scope AND d.currency = p_currency AND d.day = v_day ORDER BY d.slot FOR UPDATE) x;
  IF coalesce(v_left, 0) < p_amount THEN
    RAISE EXCEPTION 'Scope %: the day total of % % for this application would be passed', p_scope, p_cap, p_currency USING ERRCODE = 'CN403';
  END IF;
  FOR r IN SELECT d.slot, d.total FROM platform_app_day d
            WHERE d.app_id = p_app AND d.scope = p_scope AND d.currency = p_currency AND d.day = v_day ORDER BY d.slot LOOP
    v_take := least(v_need, greatest(app_day_share(p_cap, r.slot) - r.total, 0));
    IF v_take > 0 THEN
      UPDATE platform_app_day SET total = total + v_take
       WHERE app_id = p_app AND scope = p_scope AND currency = p_currency AND day = v_day AND slot = r.slot;
      v_need := v_need - v_take;
    END IF;
    EXIT WHEN v_need = 0;
  END LOOP;
END
$$;

-- The credit rule: the same application debited the same player in this round in the last 24 hours.
CREATE FUNCTION app_round_debited(p_app text, p_uid integer, p_ref text, p_at timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM wallet_tx d WHERE d.app_id = p_app AND d.uid = p_uid AND d.ref = p_ref AND d.kind = 'debit'
                  AND NOT d.rolled_back AND d.at > p_at - interval '24 hours' AND d.at <= p_at);
$$;

-- wallet_move (migration 055) with the scope rules: p_match (a credit that must match a debit)
-- and p_cap (the scope's day total, null: none) under p_cap_scope; the txId's row keeps its ref.
DROP FUNCTION wallet_move(text, text, text, text, integer, text, bigint, text, text, timestamptz, text, boolean, integer);
CREATE FUNCTION wallet_move(p_app text, p_tx text, p_kind text, p_fingerprint text, p_uid integer, p_currency text,
  p_amount bigint, p_reason text, p_ref text, p_at timestamptz, p_scope text, p_tp boolean, p_agent integer,
  p_match boolean, p_cap_scope text, p_cap bigint,
  OUT status text, OUT balance bigint, OUT prior_kind text, OUT prior_fingerprint text, OUT prior_answer jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_delta bigint := CASE WHEN p_kind = 'debit' THEN -p_amount ELSE p_amount END;
  v_loss bigint;
  c record;
BEGIN
  IF p_kind NOT IN ('debit', 'credit') THEN
    RAISE EXCEPTION 'A wallet move is a debit or a credit, not %', p_kind USING ERRCODE = 'CN400';
  END IF;
  INSERT INTO wallet_tx (app_id, tx_id, kind, fingerprint, uid, currency, amount, original_tx_id, at, ref)
    VALUES (p_app, p_tx, p_kind, p_fingerprint, p_uid, p_currency, p_amount, NULL, p_at, p_ref)
    ON CONFLICT (app_id, tx_id) DO NOTHING;
  IF NOT FOUND THEN
    SELECT t.kind, t.fingerprint, t.answer INTO prior_kind, prior_fingerprint, prior_answer
      FROM wallet_tx t WHERE t.app_id = p_app AND t.tx_id = p_tx;
    status := 'again';
    RETURN;
  END IF;
  IF p_match AND NOT app_round_debited(p_app, p_uid, p_ref, p_at) THEN
    RAISE EXCEPTION 'Missing scope wallet.credit.unmatched for %: this application did not debit player % in round % in the last 24 hours', p_currency, p_uid, p_ref
      USING ERRCODE = 'CN403';
  END IF;
  IF p_scope IS NOT NULL THEN
    FOR c IN SELECT uid, max_bet, day_loss_cap FROM player_control WHERE uid IN (0, p_uid) AND scope = p_scope LOOP
      IF c.uid <> 0 OR p_amount > c.max_bet THEN
        RAISE EXCEPTION 'controlled' USING ERRCODE = 'CN428';
      END IF;
      IF c.day_loss_cap IS NOT NULL THEN
        PERFORM 1 FROM player_balance WHERE uid = p_uid FOR UPDATE;
        SELECT greatest(0, g.bets - g.wins) INTO v_loss FROM player_day_game g WHERE g.day = report_day(p_at) AND g.uid = p_uid;
        IF coalesce(v_loss, 0) + p_amount > c.day_loss_cap THEN
          RAISE EXCEPTION 'controlled' USING ERRCODE = 'CN428';
        END IF;
      END IF;
    END LOOP;
  END IF;
  SELECT l.balance_after INTO balance
    FROM ledger_post(p_uid, p_currency, v_delta, p_reason, p_ref, 'app:' || p_app, 'app:' || p_app || ':tx:' || p_tx, p_at) l;
  IF p_currency = 'chip' AND left(p_reason, 5) = 'game.' THEN
    PERFORM wallet_game_move(p_uid, v_delta, p_at, false, p_tp, p_agent);
  END IF;
  UPDATE wallet_tx SET answer = jsonb_build_object('txId', p_tx, 'balance', balance) WHERE app_id = p_app AND tx_id = p_tx;
  -- last: the day's counter row is one per application and currency, locked until the statement
  -- commits, so it is taken when nothing else is left to do (a refusal still undoes it all)
  IF p_cap IS NOT NULL THEN
    PERFORM app_day_use(p_app, p_cap_scope, p_currency, p_amount, p_at, p_cap);
  END IF;
  status := 'posted';
END
$$;
