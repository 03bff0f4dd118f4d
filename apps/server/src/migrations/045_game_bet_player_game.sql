-- A player's bets in one game, newest first (/tinygames/<game>/betlogs?uid=, keyset by (at, id)).
-- game_bet_uid_idx (uid, at, id) serves a player's bets across games (gamerecordlogs); for one
-- game it read every bet of the player before the game filter (bench/games.ts at 200,000 bets:
-- p95 81.7 ms against a 20 ms target). With the game after the uid the page is one index seek.
CREATE INDEX game_bet_uid_game_idx ON game_bet (uid, game, at, id) WHERE uid IS NOT NULL;
