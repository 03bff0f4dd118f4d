-- A wallet debit or credit in one statement (docs/decisions/036-wallet-call-in-one-statement.md).
--
-- A wallet call used to be a transaction of seven round trips (BEGIN, the txId's claim,
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
CREATE OR REPLACE FUNCTION wallet_game_move(p_uid integer, p_delta bigint, p_at timestamp with time zone, p_rollback boolean, p_tp boolean, p_agent integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
$function$;
