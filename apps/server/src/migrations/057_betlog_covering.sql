-- A player's betlog page reads indexes only (issue 7: a player's betlog page p95 ≤ 20 ms at
-- 20,000,000 bets; docs/decisions/037-betlog-covering.md).
--
-- /tinygames/<game>/betlogs?uid= took 50 bets from game_bet_uid_game_idx (uid, game, at, id), then
-- fetched each bet's heap row and each bet's round (game_round by its key, for round_id, server,
-- table_id and verified): a hundred random heap pages a page, in tables of 20,000,000 rows
-- (game_round's rows carry the round's seed, bets and result as jsonb: about 12 GB at 20M, more
-- than the buffers hold). Both now come from covering indexes, so the page is two index-only
-- scans when the heap's pages are all-visible (autovacuum sets that on these insert-only tables):
--   - game_bet_uid_game_idx carries what the betlog shows of the bet;
--   - game_round's key carries what the betlog shows of the round (a few narrow columns: about
--     1.6 GB at 20M rounds, which the buffers keep).
-- Rounds are never updated after they are written (verification happens before the insert), so
-- the copies in the indexes cannot go stale.
DROP INDEX game_bet_uid_game_idx;
CREATE INDEX game_bet_uid_game_idx ON game_bet (uid, game, at, id)
  INCLUDE (round, partner, seat, bot, bet, win, fee, jackpot) WHERE uid IS NOT NULL;

ALTER TABLE game_round DROP CONSTRAINT game_round_pkey,
  ADD CONSTRAINT game_round_pkey PRIMARY KEY (id) INCLUDE (round_id, server, table_id, verified);
