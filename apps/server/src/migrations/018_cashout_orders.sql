-- Cash-out orders, their review and payout (issue 6 "Cash-out"; §3 cash-out order, §4 its
-- states; contract "Recharge and cash-out"; docs/api/cashout.md, docs/decisions/006).
--
-- A player's request holds amount + fee from `withdrawable` through the ledger at once
-- (reasons cashout.hold and cashout.fee); a denial or failure returns both once
-- (cashout.refund); a success settles them (nothing more moves: the hold was the payment).
-- Status spelling on the wire and here: not_reviewed, in_review, approved (cash-out in
-- progress), succeed, fail, denied, undetermined, set_success.

CREATE TABLE cashout_order (
  -- the list tie-breaker; order_id is what anyone outside the database sees
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- 32 random hex characters: unguessable, shown abbreviated (first 4 … last 4)
  order_id text NOT NULL UNIQUE CHECK (order_id ~ '^[0-9a-f]{32}$'),
  app_id text NOT NULL,
  request_id text NOT NULL CHECK (length(request_id) BETWEEN 1 AND 64),
  uid integer NOT NULL REFERENCES player (uid),
  -- copied from the player (as the ledger does) so that partner-scoped lists need no join
  partner integer NOT NULL DEFAULT 0,
  channel text NOT NULL REFERENCES cashout_channel (channel),
  amount bigint NOT NULL CHECK (amount BETWEEN 1 AND 1000000000000),
  fee bigint NOT NULL CHECK (fee >= 0),
  -- the payment account (GCash number or bank account) the money goes to
  account text NOT NULL CHECK (length(account) BETWEEN 1 AND 128),
  -- the reviewers' words: a denial's reason, a manual resolution's note
  remarks text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'not_reviewed' CHECK (status IN
    ('not_reviewed', 'in_review', 'approved', 'succeed', 'fail', 'denied', 'undetermined', 'set_success')),
  created_at timestamptz NOT NULL,
  claimed_by text,
  claimed_at timestamptz,
  -- four eyes: the first approval, and the second one above the configured amount
  approved_by text,
  approved_at timestamptz,
  second_approved_by text,
  second_approved_at timestamptz,
  -- who denied, or set an undetermined payout's outcome by hand
  resolved_by text,
  resolved_at timestamptz,
  -- the payout: which provider, when it was started (set once: the guard of "pay once"),
  -- the provider's reference, how many times the provider was called
  provider text,
  payout_started_at timestamptz,
  provider_ref text,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  finished_at timestamptz,
  -- a provider outcome that came after the order was settled otherwise (a late success
  -- after a manual fail): flagged for finance, never paid or refunded again
  late_outcome text CHECK (late_outcome IN ('success', 'failure')),
  late_at timestamptz,
  updated_at timestamptz NOT NULL,
  UNIQUE (app_id, request_id),
  CHECK (second_approved_by IS NULL OR (approved_by IS NOT NULL AND second_approved_by <> approved_by))
);
-- the review queues (a status, newest first: the keyset order) and the records list
CREATE INDEX cashout_order_status_idx ON cashout_order (status, created_at, id);
CREATE INDEX cashout_order_created_idx ON cashout_order (created_at, id);
-- a player's orders (context, and the channel's daily count per player)
CREATE INDEX cashout_order_uid_idx ON cashout_order (uid, channel, created_at);
-- payouts started and never finished (a crashed process): the sweep turns them undetermined
CREATE INDEX cashout_order_stale_idx ON cashout_order (payout_started_at) WHERE status = 'approved';

-- Every transition of an order: who, from, to, when, why. Append-only.
CREATE TABLE cashout_transition (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES cashout_order (id),
  at timestamptz NOT NULL,
  -- 'staff:<username>', 'app:<app id>' or 'system:payout'
  actor text NOT NULL,
  from_status text,
  to_status text NOT NULL,
  reason text NOT NULL DEFAULT ''
);
CREATE INDEX cashout_transition_order_idx ON cashout_transition (order_id, id);
REVOKE UPDATE, DELETE ON cashout_transition FROM console_app;

-- A reviewer's recent re-authentication (password or authenticator code), per session:
-- approving needs one within 5 minutes. Dies with its session.
CREATE TABLE cashout_reauth (
  token_hash text PRIMARY KEY REFERENCES account_session (token_hash) ON DELETE CASCADE,
  confirmed_at timestamptz,
  -- wrong passwords or codes in the current window (too many: refused for a while)
  failures integer NOT NULL DEFAULT 0,
  window_start timestamptz
);

-- §4 "Charisma cash-out: issued or unissued". Charisma (received with gifts) is converted
-- to withdrawable pesos by finance: a row per conversion request; issuing it moves the
-- charisma out and the pesos in through the ledger (charisma.cashout / charisma.payout).
CREATE TABLE charisma_cashout (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid integer NOT NULL REFERENCES player (uid),
  partner integer NOT NULL DEFAULT 0,
  charisma bigint NOT NULL CHECK (charisma BETWEEN 1 AND 1000000000000),
  amount bigint NOT NULL CHECK (amount BETWEEN 1 AND 1000000000000),
  status text NOT NULL DEFAULT 'unissued' CHECK (status IN ('unissued', 'issued')),
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL,
  issued_by text,
  issued_at timestamptz
);
CREATE INDEX charisma_cashout_status_idx ON charisma_cashout (status, id);
