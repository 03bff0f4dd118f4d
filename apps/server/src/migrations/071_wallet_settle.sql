-- migrate: without transaction
-- The settle call (contract "Fewer calls per bet"; docs/decisions/058-wallet-settle-batch.md):
-- a settle is one txId of its application, kept in wallet_tx as kind 'settle' with its bet in
-- `amount` (0 when it has none) and its win in `win`, so that a repeat answers its first answer,
-- a rollback reverses both legs once, and its bet counts as a debit of its round for the rule a
-- credit (or a settle's win without a bet) must meet (app_round_debited).
--
-- Safe during a rolling deploy (docs/migrations.md): the column is nullable (catalogue), the kind
-- CHECK is widened without a scan (NOT VALID: every row already meets it; new rows are checked),
-- and the index of the settles' rounds is built concurrently (reads and writes go on). Each
-- statement may run again after a failure.
ALTER TABLE wallet_tx ADD COLUMN IF NOT EXISTS win bigint,
  DROP CONSTRAINT IF EXISTS wallet_tx_kind_check,
  ADD CONSTRAINT wallet_tx_kind_check CHECK (kind IN ('debit', 'credit', 'settle', 'rollback', 'voided')) NOT VALID;
DROP INDEX CONCURRENTLY IF EXISTS wallet_tx_settle_round_idx;
CREATE INDEX CONCURRENTLY IF NOT EXISTS wallet_tx_settle_round_idx ON wallet_tx (app_id, uid, ref) WHERE kind = 'settle';
