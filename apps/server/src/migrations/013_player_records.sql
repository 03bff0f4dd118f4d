-- Indexes of the /usermanager search and activity records (apps/server/src/domains/player-records).
-- Keyset lists order by (at, id) newest first; feedback and tip-offs had only (status, at).
CREATE INDEX player_feedback_at_id_idx ON player_feedback (at, id);
CREATE INDEX player_feedback_status_at_id_idx ON player_feedback (status, at, id);
CREATE INDEX player_tipoff_at_id_idx ON player_tipoff (at, id);
CREATE INDEX player_tipoff_status_at_id_idx ON player_tipoff (status, at, id);
-- searchsales and search by share id: one account's players in uid order, newest first.
CREATE INDEX player_share_uid_idx ON player (share_id, uid) WHERE share_id IS NOT NULL;
