-- Reads after a write (docs/deploy.md "A read replica", db/replica.ts): with READ_DATABASE_URL,
-- the lists, reports and exports of the console read from a streaming replica, except for an
-- account whose last change the replica has not replayed yet: its reads stay on the primary.
-- The position of each account's last change in the primary's WAL, written after the change
-- commits. Unlogged: it is never replicated (it is read on the primary), and losing it in a
-- crash only sends a few reads to the replica a moment early.
CREATE UNLOGGED TABLE staff_last_write (
  account_id integer PRIMARY KEY,
  lsn pg_lsn NOT NULL,
  at timestamptz NOT NULL
);
