-- Whether a player control of p_scope ('house' or 'tp') could refuse a game bet of p_amount
-- (decision 036): raises CN428 ('controlled', the caller's statement writes nothing) so that the
-- server decides the bet in a transaction of its own (controls/enforce.ts decide, with their
-- messages and their log). One could apply when the player has a control row of the scope, when
-- the bet is over the platform's max bet, or when the platform's day loss cap would be passed by
-- it: the day's loss is max(0, bets - wins) of player_day_game, read under the balance row's lock
-- (which the ledger takes next anyway), exactly as checkBet reads it. The one check of a debit
-- (wallet_move) and of a settle's bet (wallet_settle).
CREATE OR REPLACE FUNCTION wallet_bet_check(p_uid integer, p_scope text, p_amount bigint, p_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_loss bigint;
  c record;
BEGIN
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
END
$function$;
