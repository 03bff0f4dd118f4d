-- A call's `provider.round` events (data valid, each id the first of its kind in the call),
-- set-based, beside platform_events_apply (a round record moves no money). p_rounds: [{n, id,
-- at, round_id, game, game_name, uid, bet, win, big_win, tx_ids, started_at, ended_at}].
-- Answers one row per input: applied; rejected 409 (the application is no provider's, or the
-- round id is recorded already) or 404 (unknown player); duplicate (the event id was seen
-- before: the first outcome again).
CREATE OR REPLACE FUNCTION provider_rounds_apply(p_app text, p_rounds jsonb, p_now timestamp with time zone)
 RETURNS TABLE(r_n integer, r_status text, r_code integer, r_message text)
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_provider text;
  v_claimed jsonb;
  v_refused jsonb;
  v_taken jsonb := '{}';
BEGIN
  SELECT code INTO v_provider FROM game_provider WHERE app_id = p_app;

  WITH claimed AS (
    INSERT INTO platform_event_claim (app_id, event_id, received_at, status)
    SELECT p_app, x.id, p_now, 'applied' FROM jsonb_to_recordset(p_rounds) AS x(id text)
    ORDER BY x.id
    ON CONFLICT (app_id, event_id) DO NOTHING
    RETURNING event_id
  ), record AS (
    INSERT INTO platform_event (app_id, event_id, type, at, received_at, data)
    SELECT p_app, x.id, 'provider.round', x.at, p_now, jsonb_build_object('provider', v_provider, 'game', x.game, 'roundId', x.round_id)
    FROM jsonb_to_recordset(p_rounds) AS x(id text, at timestamptz, game text, round_id text)
    JOIN claimed c ON c.event_id = x.id
  )
  SELECT coalesce(jsonb_object_agg(event_id, true), '{}') INTO v_claimed FROM claimed;

  IF v_provider IS NULL THEN
    SELECT coalesce(jsonb_object_agg(x.n::text, jsonb_build_object('code', 409, 'message', format('Application %s is not a game provider', p_app))), '{}')
    INTO v_refused
    FROM jsonb_to_recordset(p_rounds) AS x(n integer, id text)
    WHERE v_claimed ? x.id;
  ELSE
    SELECT coalesce(jsonb_object_agg(x.n::text, jsonb_build_object('code', 404, 'message', format('Player %s not found', x.uid))), '{}')
    INTO v_refused
    FROM jsonb_to_recordset(p_rounds) AS x(n integer, id text, uid integer)
    LEFT JOIN player_balance pb ON pb.uid = x.uid
    WHERE v_claimed ? x.id AND pb.uid IS NULL;

    WITH r AS (
      SELECT x.*, pb.partner, row_number() OVER (PARTITION BY x.round_id ORDER BY x.n) = 1 AS first
      FROM jsonb_to_recordset(p_rounds) AS x(n integer, id text, round_id text, game text, game_name text, uid integer, bet bigint,
        win bigint, big_win boolean, tx_ids text[], started_at timestamptz, ended_at timestamptz)
      JOIN player_balance pb ON pb.uid = x.uid
      WHERE v_claimed ? x.id AND NOT v_refused ? x.n::text
    ), ins AS (
      INSERT INTO provider_round (app_id, provider, round_id, game, uid, partner, bet, win, big_win, tx_ids, started_at, ended_at, received_at)
      SELECT p_app, v_provider, r.round_id, r.game, r.uid, r.partner, r.bet, r.win, r.big_win, r.tx_ids, coalesce(r.started_at, r.ended_at),
        r.ended_at, p_now
      FROM r WHERE r.first
      ORDER BY r.n
      ON CONFLICT (round_id, app_id) DO NOTHING
      RETURNING round_id, game, uid, partner, bet, win, big_win, ended_at
    ), named AS (
      INSERT INTO provider_game AS g (provider, game, name, first_at, last_at)
      SELECT DISTINCT ON (r.game) v_provider, r.game, coalesce(r.game_name, r.game), r.ended_at, r.ended_at
      FROM r JOIN ins ON ins.round_id = r.round_id
      WHERE r.first
      ORDER BY r.game, r.game_name IS NULL, r.n DESC
      ON CONFLICT (provider, game) DO UPDATE SET
        name = CASE WHEN EXCLUDED.name = EXCLUDED.game THEN g.name ELSE EXCLUDED.name END,
        first_at = least(g.first_at, EXCLUDED.first_at), last_at = greatest(g.last_at, EXCLUDED.last_at)
      RETURNING 1
    ), pday AS (
      INSERT INTO provider_player_day AS g (provider, day, uid, game, partner, rounds, turnover, wins, big_wins)
      SELECT v_provider, report_day(ins.ended_at), ins.uid, ins.game, min(ins.partner), count(*), sum(ins.bet), sum(ins.win),
        count(*) FILTER (WHERE ins.big_win)
      FROM ins GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
      ON CONFLICT (provider, day, uid, game) DO UPDATE SET partner = EXCLUDED.partner, rounds = g.rounds + EXCLUDED.rounds,
        turnover = g.turnover + EXCLUDED.turnover, wins = g.wins + EXCLUDED.wins, big_wins = g.big_wins + EXCLUDED.big_wins
      RETURNING g.game, g.day, g.partner, (g.xmax = 0) AS fresh
    ), gday AS (
      INSERT INTO provider_day AS d (provider, game, day, partner, slot, rounds, players, turnover, wins, big_wins)
      SELECT v_provider, u.game, u.day, u.partner, (txid_current() % 8)::smallint, sum(u.rounds), sum(u.players), sum(u.turnover),
        sum(u.wins), sum(u.big_wins)
      FROM (
        SELECT ins.game, report_day(ins.ended_at) AS day, ins.partner, 1 AS rounds, 0 AS players, ins.bet AS turnover, ins.win AS wins,
          CASE WHEN ins.big_win THEN 1 ELSE 0 END AS big_wins
        FROM ins
        UNION ALL
        SELECT pday.game, pday.day, pday.partner, 0, 1, 0, 0, 0 FROM pday WHERE pday.fresh
      ) u
      GROUP BY 2, 3, 4 ORDER BY 3, 2, 4
      ON CONFLICT (provider, day, game, partner, slot) DO UPDATE SET rounds = d.rounds + EXCLUDED.rounds, players = d.players + EXCLUDED.players,
        turnover = d.turnover + EXCLUDED.turnover, wins = d.wins + EXCLUDED.wins, big_wins = d.big_wins + EXCLUDED.big_wins
      RETURNING 1
    )
    SELECT coalesce(jsonb_object_agg(r.n::text, jsonb_build_object('code', 409, 'message', format('Round %s is already recorded', r.round_id))), '{}')
    INTO v_taken
    FROM r
    -- (every data-modifying CTE above runs to completion whatever this select reads)
    WHERE NOT r.first OR NOT EXISTS (SELECT 1 FROM ins WHERE ins.round_id = r.round_id);
  END IF;

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
