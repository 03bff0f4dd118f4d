-- /platmanager/partnergamelogs (issue 9): one partner's rounds, newest first, paged by keyset
-- (ended_at, id) like the game's own round list (game_round_game_idx); docs/api/rooms.md.
CREATE INDEX game_round_partner_idx ON game_round (partner, ended_at, id);
-- /platmanager/table and quicktable: each table's last round and its rounds of the last 7 days
CREATE INDEX game_round_table_idx ON game_round (game, table_id, ended_at);
