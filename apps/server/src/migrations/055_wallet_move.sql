-- A wallet debit or credit in one statement (issues 5 and 7; docs/decisions/036-wallet-call-in-one-statement.md).
--
-- platform/wallet.ts made each call a transaction of seven round trips (BEGIN, the txId's claim,
-- the player controls' read, ledger_post, wallet_game, the answer, COMMIT), each parsed and
-- planned by PostgreSQL and built and parsed by the server. This function does the same work,
-- in the same order and with the same guard (ledger_post), as one statement: atomic by itself,
-- its plans cached for the session.
--
-- status:
--   'again'   the txId was claimed before (by a committed call, or one this call waited for):
--             prior_kind, prior_fingerprint and prior_answer say what it was; nothing was written;
--   'posted'  claimed, moved through the ledger, the game roll-ups added, answer stored.
-- A refusal of the ledger (CN404, CN409) raises, and the statement writes nothing, txId included.
--
-- A game bet (p_scope given: 'house' or 'tp') asks the player controls of that scope after the
-- claim, as the transaction did. The refusals themselves stay in the server (controls/enforce.ts
-- decide, with their messages and their log): this function only tells whether one could apply,
-- and then raises CN428 ('controlled', the statement writes nothing) so that the server decides
-- the bet in a transaction of its own. One could apply when the player has a control row of the
-- scope (cool-off, blocks, caps: decide reads them all), when the bet is over the platform's
-- max bet, or when the platform's day loss cap would be passed by it: the day's loss is
-- max(0, bets - wins) of player_day_game, read under the balance row's lock (which the ledger
-- takes next anyway), exactly as checkBet reads it. Otherwise decide() would refuse nothing.
-- A provider's own limits (wgconfigs) are cached by the server, which sends such bets to its
-- transaction without calling this function.
--
-- The game roll-ups of a chip move whose reason starts with 'game.' are one function,
-- wallet_game_move, which the server's transaction (a controlled bet, a rollback) calls too:
-- wallet_game (player.net_win, player_day_game), and when the server says so the third-party
-- provider's day (p_tp: control_tp_day, /TPpersonalcontrol) and the integration agent's
-- (p_agent: agentx_day and agentx_player_day, /agentx). A rollback takes its move back out.
CREATE FUNCTION wallet_game_move(p_uid integer, p_delta bigint, p_at timestamptz, p_rollback boolean, p_tp boolean, p_agent integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := report_day(p_at);
  v_bets bigint := CASE WHEN p_rollback THEN -greatest(p_delta, 0) ELSE greatest(-p_delta, 0) END;
  v_wins bigint := CASE WHEN p_rollback THEN least(p_delta, 0) ELSE greatest(p_delta, 0) END;
  v_count integer := CASE WHEN p_rollback THEN CASE WHEN p_delta > 0 THEN -1 ELSE 0 END WHEN p_delta < 0 THEN 1 ELSE 0 END;
BEGIN
  PERFORM wallet_game(p_uid, p_delta, p_at, p_rollback);
  IF p_tp THEN
    INSERT INTO control_tp_day AS d (day, uid, partner, bets, wins, bet_count)
      SELECT v_day, p_uid, partner, v_bets, v_wins, v_count FROM player WHERE uid = p_uid
      ON CONFLICT (day, uid) DO UPDATE SET bets = d.bets + EXCLUDED.bets, wins = d.wins + EXCLUDED.wins, bet_count = d.bet_count + EXCLUDED.bet_count;
  END IF;
  IF p_agent IS NOT NULL THEN
    INSERT INTO agentx_day AS d (agent, day, slot, rounds, bets, wins)
      VALUES (p_agent, v_day, (txid_current() % 8)::smallint, v_count, v_bets, v_wins)
      ON CONFLICT (agent, day, slot) DO UPDATE SET rounds = d.rounds + EXCLUDED.rounds, bets = d.bets + EXCLUDED.bets, wins = d.wins + EXCLUDED.wins;
    IF NOT p_rollback AND p_delta < 0 THEN
      INSERT INTO agentx_player_day (agent, day, uid) VALUES (p_agent, v_day, p_uid) ON CONFLICT DO NOTHING;
    END IF;
  END IF;
END
$$;

CREATE FUNCTION wallet_move(p_app text, p_tx text, p_kind text, p_fingerprint text, p_uid integer, p_currency text,
  p_amount bigint, p_reason text, p_ref text, p_at timestamptz, p_scope text, p_tp boolean, p_agent integer,
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
  INSERT INTO wallet_tx (app_id, tx_id, kind, fingerprint, uid, currency, amount, original_tx_id, at)
    VALUES (p_app, p_tx, p_kind, p_fingerprint, p_uid, p_currency, p_amount, NULL, p_at)
    ON CONFLICT (app_id, tx_id) DO NOTHING;
  IF NOT FOUND THEN
    SELECT t.kind, t.fingerprint, t.answer INTO prior_kind, prior_fingerprint, prior_answer
      FROM wallet_tx t WHERE t.app_id = p_app AND t.tx_id = p_tx;
    status := 'again';
    RETURN;
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
  status := 'posted';
END
$$;
