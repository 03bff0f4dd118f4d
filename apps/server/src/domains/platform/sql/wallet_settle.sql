-- A settle in one statement (contract "Fewer calls per bet"; docs/decisions/058-wallet-settle-batch.md):
-- the guarded debit of p_bet, then the credit of p_win, in the round p_ref, as wallet_move does a
-- debit or a credit (decision 036) and with the same scope rules and player controls.
--
-- status 'again': the txId was claimed before (prior_* say by what; nothing written); 'posted':
-- claimed, both legs moved, the game roll-ups added, the answer stored. The txId's row is kind
-- 'settle', its bet in `amount` (0: none) and its win in `win`.
--
-- Each leg is a ledger entry of its own with the call's reason and ref, as a debit and a credit
-- are: the bet under the key app:<app>:tx:<txId>, the win under app:<app>:tx:<txId>:win; a leg of
-- 0 writes no entry. The bet is taken first, with the ledger's guard: a balance short of the bet
-- is 409 Insufficient balance (CN409) even when the win would cover it, and nothing is written.
--
-- p_match: a win without a bet must match a debit of the same application, player and round
-- (app_round_debited; CN403). p_scope: a game bet that a player control of that scope could refuse
-- raises CN428 (nothing written) for the server to decide in a transaction, as wallet_move does;
-- only the bet is a bet. p_cap: the day total of wallet.settle, which counts wins (app_day_use).
-- A chip leg of a reason starting with 'game.' adds to the game roll-ups (wallet_game_move) as a
-- debit and a credit of the same amounts do.
CREATE OR REPLACE FUNCTION wallet_settle(p_app text, p_tx text, p_fingerprint text, p_uid integer, p_currency text, p_bet bigint, p_win bigint, p_reason text, p_ref text, p_at timestamp with time zone, p_scope text, p_tp boolean, p_agent integer, p_match boolean, p_cap bigint, OUT status text, OUT balance bigint, OUT prior_kind text, OUT prior_fingerprint text, OUT prior_answer jsonb)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_game boolean := p_currency = 'chip' AND left(p_reason, 5) = 'game.';
BEGIN
  IF p_bet < 0 OR p_win < 0 OR p_bet + p_win = 0 THEN
    RAISE EXCEPTION 'A settle moves a bet, a win or both' USING ERRCODE = 'CN400';
  END IF;
  INSERT INTO wallet_tx (app_id, tx_id, kind, fingerprint, uid, currency, amount, win, original_tx_id, at, ref)
    VALUES (p_app, p_tx, 'settle', p_fingerprint, p_uid, p_currency, p_bet, p_win, NULL, p_at, p_ref)
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
  IF p_scope IS NOT NULL AND p_bet > 0 THEN
    PERFORM wallet_bet_check(p_uid, p_scope, p_bet, p_at);
  END IF;
  IF p_bet > 0 THEN
    SELECT l.balance_after INTO balance
      FROM ledger_post(p_uid, p_currency, -p_bet, p_reason, p_ref, 'app:' || p_app, 'app:' || p_app || ':tx:' || p_tx, p_at) l;
    IF v_game THEN
      PERFORM wallet_game_move(p_uid, -p_bet, p_at, false, p_tp, p_agent);
    END IF;
  END IF;
  IF p_win > 0 THEN
    SELECT l.balance_after INTO balance
      FROM ledger_post(p_uid, p_currency, p_win, p_reason, p_ref, 'app:' || p_app, 'app:' || p_app || ':tx:' || p_tx || ':win', p_at) l;
    IF v_game THEN
      PERFORM wallet_game_move(p_uid, p_win, p_at, false, p_tp, p_agent);
    END IF;
  END IF;
  UPDATE wallet_tx SET answer = jsonb_build_object('txId', p_tx, 'balance', balance) WHERE app_id = p_app AND tx_id = p_tx;
  -- last, as in wallet_move: the day's counter row is locked until the statement commits
  IF p_cap IS NOT NULL AND p_win > 0 THEN
    PERFORM app_day_use(p_app, 'wallet.settle', p_currency, p_win, p_at, p_cap);
  END IF;
  status := 'posted';
END
$function$;
