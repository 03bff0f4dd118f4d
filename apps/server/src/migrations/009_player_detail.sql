-- A player's ledger across every currency, newest first, in keyset pages (the player detail):
-- ledger_entry_uid_idx leads with the currency, so this one serves the unfiltered page.
CREATE INDEX ledger_entry_uid_at_idx ON ledger_entry (uid, at, id);
