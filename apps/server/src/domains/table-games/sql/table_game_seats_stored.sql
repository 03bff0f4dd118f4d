-- A stored round's mode comes from its room's template now (fixed when the round is stored,
-- decision 012 §2); a template without a mode is a classic table.
CREATE OR REPLACE FUNCTION table_game_seats_stored()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO jackpot_pool AS p (game, contributed)
  SELECT s.game, sum(s.jackpot) FROM new_seats s
  WHERE s.jackpot > 0 AND NOT s.bot AND s.uid IS NOT NULL
  GROUP BY s.game ORDER BY s.game
  ON CONFLICT (game) DO UPDATE SET contributed = p.contributed + EXCLUDED.contributed;

  WITH seat AS (
    SELECT s.*, r.table_id, r.partner AS round_partner, report_day(s.at) AS day,
      CASE WHEN position(':' IN r.table_id) > 0 THEN split_part(r.table_id, ':', 1) ELSE '' END AS room
    FROM new_seats s JOIN game_round r ON r.id = s.round AND r.ended_at = s.at
    WHERE s.game IN ('tongits', 'pusoy')
  ), roomed AS (
    SELECT seat.*, coalesce((SELECT i.doc->>'mode' FROM room_item i WHERE i.kind = 'template' AND i.key = seat.room AND i.doc->>'game' = seat.game), 'table') AS mode
    FROM seat
  ), fresh AS (
    INSERT INTO table_game_table_day (game, day, table_id)
    SELECT DISTINCT game, day, table_id FROM roomed ORDER BY 1, 2, 3
    ON CONFLICT DO NOTHING
    RETURNING game, day, table_id
  ), per_round AS (
    SELECT round, game, day, room, mode, round_partner AS partner, table_id,
      count(*) FILTER (WHERE bot) AS ai_seats, count(*) FILTER (WHERE bot AND win > 0) AS ai_won,
      coalesce(sum(bet) FILTER (WHERE bot), 0) AS ai_bet, coalesce(sum(win) FILTER (WHERE bot), 0) AS ai_win
    FROM roomed GROUP BY round, game, day, room, mode, round_partner, table_id
  ), u AS (
    SELECT game, day, room, mode, partner, 1 AS rounds,
      CASE WHEN EXISTS (SELECT 1 FROM fresh f WHERE f.game = per_round.game AND f.day = per_round.day AND f.table_id = per_round.table_id)
        AND round = (SELECT min(p2.round) FROM per_round p2 WHERE p2.game = per_round.game AND p2.day = per_round.day AND p2.table_id = per_round.table_id)
        THEN 1 ELSE 0 END AS tables,
      0 AS seats, 0::bigint AS turnover, 0::bigint AS wins, 0::bigint AS rake, 0::bigint AS jackpot,
      CASE WHEN ai_seats > 0 THEN 1 ELSE 0 END AS ai_rounds, ai_seats::integer AS ai_seats, ai_won::integer AS ai_won, ai_bet, ai_win
    FROM per_round
    UNION ALL
    SELECT game, day, room, mode, partner, 0, 0, 1, bet, win, fee, jackpot, 0, 0, 0, 0, 0
    FROM roomed WHERE NOT bot AND uid IS NOT NULL
  )
  INSERT INTO table_game_day AS d (game, day, room, mode, partner, slot, rounds, tables, seats, turnover, wins, rake, jackpot,
    ai_rounds, ai_seats, ai_won, ai_bet, ai_win)
  SELECT game, day, room, mode, partner, (txid_current() % 8)::smallint, sum(rounds), sum(tables), sum(seats), sum(turnover), sum(wins),
    sum(rake), sum(jackpot), sum(ai_rounds), sum(ai_seats), sum(ai_won), sum(ai_bet), sum(ai_win)
  FROM u GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (game, day, room, mode, partner, slot) DO UPDATE SET rounds = d.rounds + EXCLUDED.rounds, tables = d.tables + EXCLUDED.tables,
    seats = d.seats + EXCLUDED.seats, turnover = d.turnover + EXCLUDED.turnover, wins = d.wins + EXCLUDED.wins, rake = d.rake + EXCLUDED.rake,
    jackpot = d.jackpot + EXCLUDED.jackpot, ai_rounds = d.ai_rounds + EXCLUDED.ai_rounds, ai_seats = d.ai_seats + EXCLUDED.ai_seats,
    ai_won = d.ai_won + EXCLUDED.ai_won, ai_bet = d.ai_bet + EXCLUDED.ai_bet, ai_win = d.ai_win + EXCLUDED.ai_win;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE TRIGGER game_bet_table_games AFTER INSERT ON game_bet REFERENCING NEW TABLE AS new_seats FOR EACH STATEMENT EXECUTE FUNCTION table_game_seats_stored();
