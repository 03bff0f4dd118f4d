-- One wallet movement of chips: net win and the day rollup (GMT+08:00 day of `p_at`). A debit is
-- a bet, a credit a win; a rollback takes its amount back from the side it reverses (a credited
-- rollback reverses a bet, a debited one a win). PL/pgSQL so that its statement's plan is kept for
-- the session: as a SQL function called from PL/pgSQL it was planned again at every wallet call.
-- The day is report_day's, which the planner inlines into that kept plan (an IMMUTABLE SQL function
-- of one expression): the generic plan holds its expression, so it costs what writing it out did.
CREATE OR REPLACE FUNCTION wallet_game(p_uid integer, p_delta bigint, p_at timestamp with time zone, p_rollback boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  WITH p AS (UPDATE player SET net_win = net_win + p_delta WHERE uid = p_uid RETURNING partner)
  INSERT INTO player_day_game AS g (day, uid, partner, bets, wins, bet_count)
  SELECT report_day(p_at), p_uid, p.partner,
    CASE WHEN p_rollback THEN -greatest(p_delta, 0) ELSE greatest(-p_delta, 0) END,
    CASE WHEN p_rollback THEN least(p_delta, 0) ELSE greatest(p_delta, 0) END,
    CASE WHEN p_rollback THEN CASE WHEN p_delta > 0 THEN -1 ELSE 0 END WHEN p_delta < 0 THEN 1 ELSE 0 END
  FROM p
  ON CONFLICT (day, uid) DO UPDATE SET partner = EXCLUDED.partner, bets = g.bets + EXCLUDED.bets,
    wins = g.wins + EXCLUDED.wins, bet_count = g.bet_count + EXCLUDED.bet_count;
END
$function$;
