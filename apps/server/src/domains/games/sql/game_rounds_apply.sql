-- A call's `game.round` events (their data valid, each id the first of its kind in the call),
-- set-based: round records commute with every other event (their money moved through the
-- wallet), so they are applied beside platform_events_apply with the same per-event contract.
-- p_rounds: [{n, id, at, game, round_id, server, table_id, config_version, started_at,
-- ended_at, seed_hash, seed, bets, result, seats: [{seat, uid, bot, bet, win, fee, jackpot}],
-- verified, why, differences}]. Answers one row per input: applied; rejected 404 (a player
-- seat's uid unknown) or 409 (the round id recorded already, by an earlier event or earlier in
-- this call); duplicate (the event id was seen before: the first outcome again).
CREATE OR REPLACE FUNCTION game_rounds_apply(p_app text, p_rounds jsonb, p_now timestamp with time zone)
 RETURNS TABLE(r_n integer, r_status text, r_code integer, r_message text)
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_claimed jsonb;
  v_refused jsonb;
  v_taken jsonb;
BEGIN
  WITH claimed AS (
    INSERT INTO platform_event_claim (app_id, event_id, received_at, status)
    SELECT p_app, x.id, p_now, 'applied' FROM jsonb_to_recordset(p_rounds) AS x(id text)
    ORDER BY x.id
    ON CONFLICT (app_id, event_id) DO NOTHING
    RETURNING event_id
  ), record AS (
    INSERT INTO platform_event (app_id, event_id, type, at, received_at, data)
    SELECT p_app, x.id, 'game.round', x.at, p_now, jsonb_build_object('game', x.game, 'roundId', x.round_id)
    FROM jsonb_to_recordset(p_rounds) AS x(id text, at timestamptz, game text, round_id text)
    JOIN claimed c ON c.event_id = x.id
  )
  SELECT coalesce(jsonb_object_agg(event_id, true), '{}') INTO v_claimed FROM claimed;

  -- a player seat whose uid is not a player refuses its round
  SELECT coalesce(jsonb_object_agg(m.n::text, jsonb_build_object('code', 404, 'message', format('Player %s not found', m.uid))), '{}')
  INTO v_refused
  FROM (
    SELECT x.n, min(s.uid) AS uid
    FROM jsonb_to_recordset(p_rounds) AS x(n integer, id text, seats jsonb)
    CROSS JOIN LATERAL jsonb_to_recordset(x.seats) AS s(uid integer)
    LEFT JOIN player_balance pb ON pb.uid = s.uid
    WHERE v_claimed ? x.id AND s.uid IS NOT NULL AND pb.uid IS NULL
    GROUP BY x.n
  ) m;

  WITH r AS (
    SELECT x.*, row_number() OVER (PARTITION BY x.round_id ORDER BY x.n) = 1 AS first
    FROM jsonb_to_recordset(p_rounds) AS x(n integer, id text, game text, round_id text, server text, table_id text,
      config_version bigint, started_at timestamptz, ended_at timestamptz, seed_hash text, seed text, bets jsonb, result jsonb,
      seats jsonb, verified boolean, why text, differences jsonb)
    WHERE v_claimed ? x.id AND NOT v_refused ? x.n::text
  ), seat AS (
    SELECT r.n, s.ord::smallint - 1 AS k, s.seat, s.uid, coalesce(s.bot, false) AS bot, s.bet, s.win, coalesce(s.fee, 0) AS fee,
      coalesce(s.jackpot, 0) AS jackpot, coalesce(pb.partner, -2) AS partner
    FROM r CROSS JOIN LATERAL ROWS FROM (jsonb_to_recordset(r.seats) AS (seat text, uid integer, bot boolean, bet bigint, win bigint,
      fee bigint, jackpot bigint)) WITH ORDINALITY AS s(seat, uid, bot, bet, win, fee, jackpot, ord)
    LEFT JOIN player_balance pb ON pb.uid = s.uid
    WHERE r.first
  ), total AS (
    SELECT seat.n, count(*) AS seats, count(DISTINCT seat.uid) FILTER (WHERE NOT seat.bot) AS players,
      sum(seat.bet) AS bet, sum(seat.win) AS win, sum(seat.fee) AS fee, sum(seat.jackpot) AS jackpot,
      CASE WHEN count(DISTINCT seat.partner) FILTER (WHERE NOT seat.bot) = 1 THEN min(seat.partner) FILTER (WHERE NOT seat.bot) ELSE -2 END AS partner
    FROM seat GROUP BY seat.n
  ), keyed AS (
    -- the round id's key, unique across months (decision 057); taken already: 409 below
    INSERT INTO game_round_key (round_id, app_id, id, ended_at)
    SELECT r.round_id, p_app, nextval('game_round_id_seq'), r.ended_at FROM r WHERE r.first ORDER BY r.n
    ON CONFLICT (round_id, app_id) DO NOTHING
    RETURNING round_id, id
  ), ins AS (
    INSERT INTO game_round (id, app_id, round_id, game, server, table_id, config_version, started_at, ended_at, partner, seats, players,
      bet, win, fee, jackpot, seed_hash, seed, bets, result, verified, why, differences, received_at) OVERRIDING SYSTEM VALUE
    SELECT k.id, p_app, r.round_id, r.game, r.server, r.table_id, r.config_version, r.started_at, r.ended_at, t.partner, t.seats, t.players,
      t.bet, t.win, t.fee, t.jackpot, r.seed_hash, r.seed, r.bets, r.result, r.verified, coalesce(r.why, ''), r.differences, p_now
    FROM r JOIN keyed k ON k.round_id = r.round_id JOIN total t ON t.n = r.n
    WHERE r.first
    ORDER BY r.n
    RETURNING id, round_id, game, ended_at, partner, verified
  ), bet AS (
    INSERT INTO game_bet (round, n, game, at, uid, partner, seat, bot, bet, win, fee, jackpot)
    SELECT ins.id, seat.k, ins.game, ins.ended_at, seat.uid, seat.partner, seat.seat, seat.bot, seat.bet, seat.win, seat.fee, seat.jackpot
    FROM ins JOIN r ON r.round_id = ins.round_id AND r.first JOIN seat ON seat.n = r.n
    ORDER BY ins.id, seat.k
    RETURNING round, game, at, uid, partner, bot, bet, win, fee, jackpot
  ), pday AS (
    INSERT INTO game_player_day AS g (game, day, uid, partner, rounds, bets, turnover, wins, fees, jackpot)
    SELECT bet.game, report_day(bet.at), bet.uid, min(bet.partner), count(DISTINCT bet.round), count(*), sum(bet.bet), sum(bet.win),
      sum(bet.fee), sum(bet.jackpot)
    FROM bet WHERE NOT bet.bot AND bet.uid IS NOT NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (game, day, uid) DO UPDATE SET partner = EXCLUDED.partner, rounds = g.rounds + EXCLUDED.rounds, bets = g.bets + EXCLUDED.bets,
      turnover = g.turnover + EXCLUDED.turnover, wins = g.wins + EXCLUDED.wins, fees = g.fees + EXCLUDED.fees, jackpot = g.jackpot + EXCLUDED.jackpot
    RETURNING g.game, g.day, g.partner, (g.xmax = 0) AS fresh
  ), gday AS (
    INSERT INTO game_day AS d (day, game, partner, slot, rounds, flagged, bets, players, turnover, wins, fees, jackpot)
    SELECT u.day, u.game, u.partner, (txid_current() % 8)::smallint, sum(u.rounds), sum(u.flagged), sum(u.bets), sum(u.players),
      sum(u.turnover), sum(u.wins), sum(u.fees), sum(u.jackpot)
    FROM (
      SELECT report_day(ins.ended_at) AS day, ins.game, ins.partner, 1 AS rounds, CASE WHEN ins.verified THEN 0 ELSE 1 END AS flagged,
        0 AS bets, 0 AS players, 0::bigint AS turnover, 0::bigint AS wins, 0::bigint AS fees, 0::bigint AS jackpot
      FROM ins
      UNION ALL
      SELECT report_day(bet.at), bet.game, bet.partner, 0, 0, 1, 0, bet.bet, bet.win, bet.fee, bet.jackpot
      FROM bet WHERE NOT bet.bot AND bet.uid IS NOT NULL
      UNION ALL
      SELECT pday.day, pday.game, pday.partner, 0, 0, 0, 1, 0, 0, 0, 0 FROM pday WHERE pday.fresh
    ) u
    GROUP BY 1, 2, 3 ORDER BY 2, 1, 3
    ON CONFLICT (game, day, partner, slot) DO UPDATE SET rounds = d.rounds + EXCLUDED.rounds, flagged = d.flagged + EXCLUDED.flagged,
      bets = d.bets + EXCLUDED.bets, players = d.players + EXCLUDED.players, turnover = d.turnover + EXCLUDED.turnover,
      wins = d.wins + EXCLUDED.wins, fees = d.fees + EXCLUDED.fees, jackpot = d.jackpot + EXCLUDED.jackpot
    RETURNING 1
  )
  SELECT coalesce(jsonb_object_agg(r.n::text, jsonb_build_object('code', 409, 'message', format('Round %s is already recorded', r.round_id))), '{}')
  INTO v_taken
  FROM r
  -- (every data-modifying CTE above runs to completion whatever this select reads)
  WHERE NOT r.first OR NOT EXISTS (SELECT 1 FROM ins WHERE ins.round_id = r.round_id);

  v_refused := v_refused || v_taken;
  IF v_refused <> '{}' THEN
    UPDATE platform_event_claim pe SET status = 'rejected', code = (v_refused->(x.n::text)->>'code')::integer, message = v_refused->(x.n::text)->>'message'
    FROM jsonb_to_recordset(p_rounds) AS x(n integer, id text)
    WHERE v_refused ? x.n::text AND pe.app_id = p_app AND pe.event_id = x.id;
  END IF;

  RETURN QUERY
  SELECT x.n,
    CASE WHEN NOT v_claimed ? x.id THEN 'duplicate' WHEN v_refused ? x.n::text THEN 'rejected' ELSE 'applied' END,
    CASE WHEN NOT v_claimed ? x.id THEN pe.code ELSE (v_refused->(x.n::text)->>'code')::integer END,
    CASE WHEN NOT v_claimed ? x.id THEN pe.message ELSE v_refused->(x.n::text)->>'message' END
  FROM jsonb_to_recordset(p_rounds) AS x(n integer, id text)
  LEFT JOIN platform_event_claim pe ON pe.app_id = p_app AND pe.event_id = x.id AND NOT v_claimed ? x.id
  ORDER BY x.n;
END
$function$;
