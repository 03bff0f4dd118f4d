-- Indexes of the /usermanager search and activity records (apps/server/src/domains/player-records).
-- Keyset lists order by (at, id) newest first; feedback and tip-offs had only (status, at).
CREATE INDEX player_feedback_at_id_idx ON player_feedback (at, id);
CREATE INDEX player_feedback_status_at_id_idx ON player_feedback (status, at, id);
CREATE INDEX player_tipoff_at_id_idx ON player_tipoff (at, id);
CREATE INDEX player_tipoff_status_at_id_idx ON player_tipoff (status, at, id);
-- searchsales and search by share id: one account's players in uid order, newest first.
CREATE INDEX player_share_uid_idx ON player (share_id, uid) WHERE share_id IS NOT NULL;
-- search by name: lower(name) in byte order ("C"), then uid — both the prefix range of a
-- name look-up (LIKE 'abc%') and the order of its keyset steps.
CREATE INDEX player_name_c_idx ON player ((lower(name) COLLATE "C"), uid);
-- search by share id, in the same name order (one share code can hold thousands of players).
CREATE INDEX player_share_name_idx ON player (share_id, (lower(name) COLLATE "C"), uid) WHERE share_id IS NOT NULL;
