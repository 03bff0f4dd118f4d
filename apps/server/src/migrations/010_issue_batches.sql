-- Batch sends (docs/api/issuing.md): every server process looks for running batches about once
-- a second, and the sendlogs / sendcashlogs lists show one currency's batches newest first.
CREATE INDEX issue_batch_running_idx ON issue_batch (id) WHERE status = 'running';
CREATE INDEX issue_batch_currency_idx ON issue_batch (currency, created_at, id);
