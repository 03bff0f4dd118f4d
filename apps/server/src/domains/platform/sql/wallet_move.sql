-- A wallet call (debit, credit, rollback) in one statement with the application's scope rules:
-- p_match (a credit that must match a debit of the same application, player and round) and
-- p_cap (the scope's day total under p_cap_scope, null: none). The txId's row keeps its ref.
-- The ledger's guard, the game roll-ups and the player controls are wallet_game_move's.
CREATE OR REPLACE FUNCTION wallet_move(p_app text, p_tx text, p_kind text, p_fingerprint text, p_uid integer, p_currency text, p_amount bigint, p_reason text, p_ref text, p_at timestamp with time zone, p_scope text, p_tp boolean, p_agent integer, p_match boolean, p_cap_scope text, p_cap bigint, OUT status text, OUT balance bigint, OUT prior_kind text, OUT prior_fingerprint text, OUT prior_answer jsonb)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_delta bigint := CASE WHEN p_kind = 'debit' THEN -p_amount ELSE p_amount END;
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
    PERFORM wallet_bet_check(p_uid, p_scope, p_amount, p_at);
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
$function$;
