-- /usermanager/gamerecordlogs (issue 7): every bet of players across all games, newest first.
--
-- game_bet is sought by player (uid, at, id) and by game (game, at, id) (migration 025); the
-- cross-game log with neither filter would otherwise sort a whole range of bets. This index
-- serves that seek: player seats only (the log shows no bot seats), in (at, id) order, so a
-- page is LIMIT rows of an index scan whatever the size of the table. It grows at its right
-- edge (rounds arrive in time order), the cheapest kind of index to keep.
-- docs/decisions/015-game-records.md.
CREATE INDEX game_bet_at_idx ON game_bet (at, id) WHERE uid IS NOT NULL AND NOT bot;
