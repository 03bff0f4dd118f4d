-- Recomputes one day of both roll-ups from the sources (set-based: a few statements, no loop
-- over players). Day-bounded reads: game_player_day and report_payer_day by their day, player by
-- registered_at; the inviter chain by player's primary key.
CREATE OR REPLACE FUNCTION agent_reports_refresh_day(p_day date)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_start timestamptz := report_day_start(p_day);
  v_rows integer;
BEGIN
  DELETE FROM agent_invitee_day WHERE day = p_day;
  DELETE FROM agent_report_day WHERE day = p_day;
  WITH play AS (
    SELECT uid, sum(rounds)::integer AS rounds, sum(turnover) AS turnover, sum(wins) AS wins, sum(fees) AS rake
    FROM game_player_day
    WHERE day = p_day AND game IN (SELECT DISTINCT game FROM game_day WHERE day = p_day)
    GROUP BY uid
  ), pay AS (
    SELECT uid, sum(amount) AS recharge FROM report_payer_day WHERE day = p_day GROUP BY uid
  ), reg AS (
    SELECT uid FROM player WHERE registered_at >= v_start AND registered_at < v_start + interval '1 day' AND inviter_uid IS NOT NULL
  ), who AS (
    SELECT uid FROM play UNION SELECT uid FROM pay UNION SELECT uid FROM reg
  )
  INSERT INTO agent_invitee_day (day, uid, agent, agent2, partner, registered, rounds, turnover, wins, rake, recharge)
  SELECT p_day, p.uid, p.inviter_uid, i.inviter_uid, coalesce(i.partner, p.partner), reg.uid IS NOT NULL,
    coalesce(play.rounds, 0), coalesce(play.turnover, 0), coalesce(play.wins, 0), coalesce(play.rake, 0), coalesce(pay.recharge, 0)
  FROM who
  JOIN player p ON p.uid = who.uid AND p.inviter_uid IS NOT NULL
  LEFT JOIN player i ON i.uid = p.inviter_uid
  LEFT JOIN play ON play.uid = who.uid
  LEFT JOIN pay ON pay.uid = who.uid
  LEFT JOIN reg ON reg.uid = who.uid;
  GET DIAGNOSTICS v_rows = ROW_COUNT;

  INSERT INTO agent_report_day (day, agent, partner, new_t1, new_t2, active_t1, active_t2, players, rounds, turnover, wins,
    recharge_t1, recharge_t2, rake_t1, rake_t2, turnover_t1)
  SELECT p_day, x.agent, coalesce(a.partner, 0),
    sum(x.new_t1)::integer, sum(x.new_t2)::integer, sum(x.active_t1)::integer, sum(x.active_t2)::integer,
    sum(x.active_t1 + x.active_t2)::integer, sum(x.rounds), sum(x.turnover), sum(x.wins),
    sum(x.recharge_t1), sum(x.recharge_t2), sum(x.rake_t1), sum(x.rake_t2), sum(x.turnover_t1)
  FROM (
    SELECT agent, registered::int AS new_t1, 0 AS new_t2, (rounds > 0)::int AS active_t1, 0 AS active_t2, rounds, turnover, wins,
      recharge AS recharge_t1, 0::bigint AS recharge_t2, rake AS rake_t1, 0::bigint AS rake_t2, turnover AS turnover_t1
    FROM agent_invitee_day WHERE day = p_day
    UNION ALL
    SELECT agent2, 0, registered::int, 0, (rounds > 0)::int, rounds, turnover, wins, 0, recharge, 0, rake, 0
    FROM agent_invitee_day WHERE day = p_day AND agent2 IS NOT NULL
  ) x
  LEFT JOIN player a ON a.uid = x.agent
  GROUP BY x.agent, a.partner;
  RETURN v_rows;
END $function$;
