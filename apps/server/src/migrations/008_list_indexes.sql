-- Indexes for the keyset order of the list screens (apps/server/src/http/list): every list
-- orders by (sort column, id), so each sortable column of a large table has an index ending
-- in the tie-breaker, and a step is one index seek (docs/api/usermanager.md).

-- moneylogs without a currency filter: newest first over every entry.
CREATE INDEX ledger_entry_at_idx ON ledger_entry (at, id);

-- userlist sorts (uid is the primary key; the partner filter has (partner, uid)).
CREATE INDEX player_registered_uid_idx ON player (registered_at, uid);
CREATE INDEX player_last_login_uid_idx ON player ((coalesce(last_login_at, '-infinity'::timestamptz)), uid);
CREATE INDEX player_balance_chip_uid_idx ON player_balance (chip, uid);
