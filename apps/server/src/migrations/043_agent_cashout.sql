-- Agents' cash-outs of their commission (issue 9, /agentcash; docs/api/agentcash.md,
-- docs/decisions/024-agentcash-groundpromoters.md). An agent's commission is the balance of
-- its `agent` account of the account ledger (migration 033); a request holds amount + fee from
-- it at once (reasons agentcash.hold / agentcash.fee), a denial or failure returns both once
-- (agentcash.refund), a success settles them. The review is the players' cash-out review
-- (domains/cashout/review.ts) run on these tables: same states, same columns, four eyes,
-- re-authentication.

-- Settings per partner (partner 0: the platform default a partner without its own row uses).
CREATE TABLE agent_cash_config (
  partner integer PRIMARY KEY CHECK (partner >= 0),
  min_amount bigint NOT NULL CHECK (min_amount >= 1),
  max_amount bigint NOT NULL CHECK (max_amount >= min_amount),
  daily_max_amount bigint NOT NULL CHECK (daily_max_amount >= max_amount),
  daily_count integer NOT NULL CHECK (daily_count BETWEEN 1 AND 100),
  fee_percent numeric(5, 2) NOT NULL CHECK (fee_percent BETWEEN 0 AND 100),
  auto_approve_amount bigint NOT NULL CHECK (auto_approve_amount >= 0),
  four_eyes_amount bigint NOT NULL CHECK (four_eyes_amount >= 1),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE agent_cashout_order (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id text NOT NULL UNIQUE CHECK (order_id ~ '^[0-9a-f]{32}$'),
  app_id text NOT NULL,
  request_id text NOT NULL CHECK (length(request_id) BETWEEN 1 AND 64),
  -- the agent (the player who is the agent)
  uid integer NOT NULL REFERENCES player (uid),
  partner integer NOT NULL DEFAULT 0,
  channel text NOT NULL REFERENCES cashout_channel (channel),
  -- the account ledger's account the hold was taken from
  account_id bigint NOT NULL,
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount BETWEEN 1 AND 1000000000000),
  fee bigint NOT NULL CHECK (fee >= 0),
  account text NOT NULL CHECK (length(account) BETWEEN 1 AND 128),
  remarks text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'not_reviewed' CHECK (status IN
    ('not_reviewed', 'in_review', 'approved', 'succeed', 'fail', 'denied', 'undetermined', 'set_success')),
  -- approved without a manual review (at or under the auto-approve amount)
  auto boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  claimed_by text,
  claimed_at timestamptz,
  approved_by text,
  approved_at timestamptz,
  second_approved_by text,
  second_approved_at timestamptz,
  resolved_by text,
  resolved_at timestamptz,
  provider text,
  payout_started_at timestamptz,
  provider_ref text,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  finished_at timestamptz,
  updated_at timestamptz NOT NULL,
  UNIQUE (app_id, request_id),
  CHECK (second_approved_by IS NULL OR (approved_by IS NOT NULL AND second_approved_by <> approved_by))
);
CREATE INDEX agent_cashout_order_status_idx ON agent_cashout_order (status, created_at, id);
CREATE INDEX agent_cashout_order_created_idx ON agent_cashout_order (created_at, id);
CREATE INDEX agent_cashout_order_uid_idx ON agent_cashout_order (uid, created_at);
REVOKE DELETE ON agent_cashout_order FROM console_app;

CREATE TABLE agent_cashout_transition (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES agent_cashout_order (id),
  at timestamptz NOT NULL,
  actor text NOT NULL,
  from_status text,
  to_status text NOT NULL,
  reason text NOT NULL DEFAULT ''
);
CREATE INDEX agent_cashout_transition_order_idx ON agent_cashout_transition (order_id, id);
REVOKE UPDATE, DELETE ON agent_cashout_transition FROM console_app;
