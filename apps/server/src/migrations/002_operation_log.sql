-- The operation log: append-only (trigger + privileges) and hash-chained in insertion order.
CREATE TABLE operation_log (
  id bigint PRIMARY KEY,
  at timestamptz NOT NULL,
  username text NOT NULL,
  partner integer NOT NULL DEFAULT 0,
  operation text NOT NULL,
  target text NOT NULL DEFAULT '',
  result text NOT NULL CHECK (result IN ('ok', 'refused', 'failed')),
  status integer NOT NULL,
  message text NOT NULL DEFAULT '',
  before jsonb,
  after jsonb,
  ip text NOT NULL DEFAULT '',
  prev_hash text NOT NULL,
  hash text NOT NULL
);
CREATE INDEX operation_log_at_idx ON operation_log (at);
CREATE INDEX operation_log_username_idx ON operation_log (username, id);
CREATE INDEX operation_log_partner_idx ON operation_log (partner, id);

-- The head of the chain: one row, locked FOR UPDATE by every append.
CREATE TABLE operation_log_head (
  id integer PRIMARY KEY CHECK (id = 1),
  last_id bigint NOT NULL,
  last_hash text NOT NULL
);
INSERT INTO operation_log_head (id, last_id, last_hash) VALUES (1, 0, '');

CREATE FUNCTION operation_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operation_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER operation_log_no_update_delete BEFORE UPDATE OR DELETE ON operation_log
  FOR EACH ROW EXECUTE FUNCTION operation_log_refuse_change();
CREATE TRIGGER operation_log_no_truncate BEFORE TRUNCATE ON operation_log
  FOR EACH STATEMENT EXECUTE FUNCTION operation_log_refuse_change();

REVOKE UPDATE, DELETE, TRUNCATE ON operation_log FROM PUBLIC;
