-- Table games beyond the house shape (issue 7; docs/api/tablegames.md, docs/decisions/012-table-games.md):
-- Tongits and Pusoy rooms, the AI seats' settings, the anti-cheat thresholds (one document
-- each, versioned in config_version), permanent cheat flags and their log, players reported
-- in games (the `game.reported` event), the jackpot pools (contributions in from the rounds'
-- player seats, jackpot wins out through the ledger: the `jackpot.won` event), and a roll-up of
-- Tongits and Pusoy rounds per day, room and mode (1v1 dashboard, AI dashboard).

-- Configuration documents of the table-game screens: kind 'tongits.rooms' / 'pusoy.rooms' (key =
-- room id), 'tongits.ai' and 'tongitscheat' (key ''), 'tongits.jackpot' / 'pusoy.jackpot' (key '').
CREATE TABLE table_game_item (
  kind text NOT NULL,
  key text NOT NULL,
  doc jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (kind, key)
);

-- Players flagged as cheaters for good (one row while flagged) and every flag and unflag.
CREATE TABLE cheat_flag (
  uid integer PRIMARY KEY,
  partner integer NOT NULL,
  reason text NOT NULL,
  flagged_by text NOT NULL,
  flagged_at timestamptz NOT NULL,
  -- the report that led to the flag, when there was one
  report bigint
);
CREATE INDEX cheat_flag_at_idx ON cheat_flag (flagged_at, uid);

CREATE TABLE cheat_flag_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid integer NOT NULL,
  partner integer NOT NULL,
  action text NOT NULL CHECK (action IN ('flag', 'unflag')),
  reason text NOT NULL,
  actor text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX cheat_flag_log_uid_idx ON cheat_flag_log (uid, id);

-- A player reported by another in a game (event game.reported); partner = the reported player's.
CREATE TABLE game_report (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  app_id text NOT NULL,
  event_id text NOT NULL,
  at timestamptz NOT NULL,
  uid integer NOT NULL,
  target_uid integer NOT NULL,
  partner integer NOT NULL,
  game text NOT NULL,
  round_id text,
  table_id text,
  reason text NOT NULL,
  text text NOT NULL,
  UNIQUE (app_id, event_id)
);
CREATE INDEX game_report_at_idx ON game_report (at, id);
CREATE INDEX game_report_target_idx ON game_report (target_uid, at, id);

-- Each game's jackpot pool: player seats' contributions in (kept by the trigger below), wins out
-- (jackpot.won, through ledger_post in the same transaction). balance = contributed - paid >= 0.
CREATE TABLE jackpot_pool (
  game text PRIMARY KEY,
  contributed bigint NOT NULL DEFAULT 0,
  paid bigint NOT NULL DEFAULT 0,
  wins integer NOT NULL DEFAULT 0,
  CHECK (paid <= contributed)
);

CREATE TABLE jackpot_win (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  app_id text NOT NULL,
  event_id text NOT NULL,
  game text NOT NULL,
  round_id text NOT NULL,
  uid integer NOT NULL,
  partner integer NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  pool_before bigint NOT NULL,
  at timestamptz NOT NULL,
  -- one jackpot a round
  UNIQUE (app_id, round_id)
);
CREATE INDEX jackpot_win_game_idx ON jackpot_win (game, at, id);

-- Tongits and Pusoy per GMT+08:00 day, room (the part of the table id before ':'), the room's mode
-- when the round was stored, partner and stripe (txid % 8). Rounds, tables and the AI figures by
-- the round's partner (-2: several); money of player seats by the player's partner.
CREATE TABLE table_game_day (
  game text NOT NULL,
  day date NOT NULL,
  room text NOT NULL,
  mode text NOT NULL,
  partner integer NOT NULL,
  slot smallint NOT NULL,
  rounds integer NOT NULL DEFAULT 0,
  tables integer NOT NULL DEFAULT 0,
  seats integer NOT NULL DEFAULT 0,
  turnover bigint NOT NULL DEFAULT 0,
  wins bigint NOT NULL DEFAULT 0,
  rake bigint NOT NULL DEFAULT 0,
  jackpot bigint NOT NULL DEFAULT 0,
  ai_rounds integer NOT NULL DEFAULT 0,
  ai_seats integer NOT NULL DEFAULT 0,
  ai_won integer NOT NULL DEFAULT 0,
  ai_bet bigint NOT NULL DEFAULT 0,
  ai_win bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (game, day, room, mode, partner, slot)
) WITH (fillfactor = 80);

-- The tables seen per game and day (the 'tables' figure counts new rows).
CREATE TABLE table_game_table_day (
  game text NOT NULL,
  day date NOT NULL,
  table_id text NOT NULL,
  PRIMARY KEY (game, day, table_id)
);

REVOKE UPDATE, DELETE, TRUNCATE ON cheat_flag_log, game_report, jackpot_win FROM console_app;
REVOKE DELETE, TRUNCATE ON jackpot_pool, table_game_day, table_game_table_day FROM console_app;

-- Seats stored by game_rounds_apply (one statement): the pools gain the player seats'
-- contributions, and Tongits/Pusoy seats feed table_game_day. Statement level: one pass over the
-- statement's seats, whatever their number.
CREATE FUNCTION table_game_seats_stored() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO jackpot_pool AS p (game, contributed)
  SELECT s.game, sum(s.jackpot) FROM new_seats s
  WHERE s.jackpot > 0 AND NOT s.bot AND s.uid IS NOT NULL
  GROUP BY s.game ORDER BY s.game
  ON CONFLICT (game) DO UPDATE SET contributed = p.contributed + EXCLUDED.contributed;

  WITH seat AS (
    SELECT s.*, r.table_id, r.partner AS round_partner, report_day(s.at) AS day,
      CASE WHEN position(':' IN r.table_id) > 0 THEN split_part(r.table_id, ':', 1) ELSE '' END AS room
    FROM new_seats s JOIN game_round r ON r.id = s.round
    WHERE s.game IN ('tongits', 'pusoy')
  ), roomed AS (
    SELECT seat.*, coalesce((SELECT i.doc->>'mode' FROM table_game_item i WHERE i.kind = seat.game || '.rooms' AND i.key = seat.room), 'table') AS mode
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
$$;

CREATE TRIGGER game_bet_table_games AFTER INSERT ON game_bet
  REFERENCING NEW TABLE AS new_seats FOR EACH STATEMENT EXECUTE FUNCTION table_game_seats_stored();
