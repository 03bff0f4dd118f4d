-- Performance of the data spine (issue 5 bench: docs/api/platform.md "How a call is applied",
-- docs/api/usermanager.md "Reports"). Measured figures are in the commit messages and docs.

-- 1. One index per access path. Each index below is a duplicate of a later, wider one that
--    serves the same searches and orders (EXPLAIN checked on the bench data), or is read by
--    no query; every insert and every non-HOT update paid for it.
DROP INDEX player_name_idx;           -- player_name_c_idx (013): the name prefix and its order
DROP INDEX player_share_idx;          -- player_share_uid_idx / player_share_name_idx (013)
DROP INDEX player_registered_idx;     -- player_registered_uid_idx (008)
DROP INDEX player_last_login_idx;     -- read by nothing (the sorts use the coalesce expression)
DROP INDEX player_balance_chip_idx;   -- player_balance_chip_uid_idx (008)
DROP INDEX player_login_at_idx;       -- player_login_at_id_idx (012)
DROP INDEX player_feedback_at_idx;    -- (status, at): player_feedback_status_at_id_idx (013)
DROP INDEX player_tipoff_at_idx;      -- (status, at): player_tipoff_status_at_id_idx (013)
DROP INDEX sms_log_at_idx;            -- sms_log_at_id_idx (012)
DROP INDEX sms_log_phone_idx;         -- sms_log_phone_at_idx (012): a phone is always searched with its country
DROP INDEX platform_event_type_idx;   -- no query reads events by type

-- 2. The last login as a sort key lives in a narrow table of its own. Every login updates
--    player.last_login_at, login_ip, login_device and login_count; while last_login_at was
--    indexed on player, each login was a non-HOT update writing an entry into every index of
--    player (15 before the cuts above). Now no index of player holds a login column, so a login
--    updates player in place (HOT, with the free space the fillfactor leaves), and only this
--    two-index table takes a new index entry. It is kept by triggers on player (a registration
--    inserts its row, a change of last_login_at copies it), so every writer keeps it exact.
--    lostusers and the userlist's last-login sort read it.
DROP INDEX player_last_login_uid_idx;
CREATE TABLE player_last_login (
  uid integer PRIMARY KEY REFERENCES player (uid),
  last_login_at timestamptz
);
INSERT INTO player_last_login (uid, last_login_at) SELECT uid, last_login_at FROM player;
CREATE INDEX player_last_login_at_idx ON player_last_login ((coalesce(last_login_at, '-infinity'::timestamptz)), uid);

CREATE FUNCTION player_last_login_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_last_login AS l (uid, last_login_at) VALUES (NEW.uid, NEW.last_login_at)
    ON CONFLICT (uid) DO UPDATE SET last_login_at = EXCLUDED.last_login_at;
  RETURN NULL;
END
$$;
CREATE TRIGGER player_last_login_insert AFTER INSERT ON player
  FOR EACH ROW EXECUTE FUNCTION player_last_login_copy();
CREATE TRIGGER player_last_login_update AFTER UPDATE OF last_login_at ON player
  FOR EACH ROW WHEN (OLD.last_login_at IS DISTINCT FROM NEW.last_login_at) EXECUTE FUNCTION player_last_login_copy();

-- 3. Room on each page for updated rows, so that updates of columns no index holds stay on
--    their page (HOT): logins and net win (player), balances other than chip (player_balance;
--    chip stays indexed for the richest-first sorts), devices' and addresses' last_at. Applies to
--    pages written from now on (existing pages gain room as rows move).
ALTER TABLE player SET (fillfactor = 85);
ALTER TABLE player_balance SET (fillfactor = 85);
ALTER TABLE player_device SET (fillfactor = 90);
ALTER TABLE player_ip SET (fillfactor = 90);

