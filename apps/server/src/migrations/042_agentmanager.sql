-- /agentmanager (issue 9; optional module: CONSOLE_OPTIONAL_MODULES=agentmanager): wholesalers
-- and their distribution, the agent tree, one agent's report and the monthly host report.
-- docs/api/agentmanager.md, docs/decisions/023-agentmanager-agentx.md.
--
-- A wholesaler is an agent (agent.uid, migration 037) that buys chips wholesale and hands them
-- to players: its stock is an account of the account ledger (migration 033) of kind
-- 'wholesaler', owner = its uid, currency 'chip', partner = the agent's partner. Stock is bought
-- from its partner's cloud chips (kind 'partner', owner = the partner id; the platform's own
-- agents, partner 0, from the chip issuance account), handed to players (account → player
-- ledger) and returned (account → the partner's cloud chips). Each movement is one row of
-- agentmanager_distribution written in the transaction of its two ledger entries.
CREATE TABLE agentmanager_wholesaler (
  uid integer PRIMARY KEY REFERENCES agent (uid),
  partner integer NOT NULL CHECK (partner >= 0),
  -- what the wholesaler pays for 100 chips, in centavos (90 = ₱0.90 for ₱1.00 of chips)
  price integer NOT NULL CHECK (price BETWEEN 1 AND 100),
  -- chips it may hand out in a GMT+08:00 day (0: no limit)
  daily_limit bigint NOT NULL DEFAULT 0 CHECK (daily_limit >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'frozen')),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 200),
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL
);
CREATE INDEX agentmanager_wholesaler_partner_idx ON agentmanager_wholesaler (partner, uid);

-- Every distribution movement. kind: 'stock' (bought from the partner: amount chips, paid =
-- amount * price / 100 centavos owed), 'distribute' (to player uid), 'return' (unsold stock back
-- to the partner). balance_after: the wholesaler's stock after it.
CREATE TABLE agentmanager_distribution (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  wholesaler integer NOT NULL REFERENCES agentmanager_wholesaler (uid),
  partner integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('stock', 'distribute', 'return')),
  uid integer,
  -- for a hand-out: the player's tier under the wholesaler (1: its invitee, 2: its invitee's invitee, 0: neither)
  tier smallint,
  amount bigint NOT NULL CHECK (amount > 0),
  paid bigint NOT NULL DEFAULT 0 CHECK (paid >= 0),
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  reason text NOT NULL DEFAULT '' CHECK (length(reason) <= 200),
  request_id text NOT NULL,
  actor text NOT NULL,
  at timestamptz NOT NULL,
  CHECK ((kind = 'distribute') = (uid IS NOT NULL)),
  UNIQUE (wholesaler, request_id)
);
CREATE INDEX agentmanager_distribution_at_idx ON agentmanager_distribution (at, id);
CREATE INDEX agentmanager_distribution_wholesaler_idx ON agentmanager_distribution (wholesaler, at, id);
CREATE INDEX agentmanager_distribution_uid_idx ON agentmanager_distribution (uid, at, id) WHERE uid IS NOT NULL;

-- The agent tree (preview) pages each level by uid: one index range per level and page.
CREATE INDEX agentmanager_player_inviter_idx ON player (inviter_uid, uid) WHERE inviter_uid IS NOT NULL;

-- The monthly host report: a month is open (figures computed when asked) until it is closed,
-- an explicit staff action that writes every agent's row of that month once. A closed month's
-- rows are never changed or removed (the runtime role cannot; nothing here updates them).
CREATE TABLE agentmanager_month (
  month date PRIMARY KEY CHECK (extract(day FROM month) = 1),
  closed_at timestamptz NOT NULL,
  closed_by text NOT NULL,
  agents integer NOT NULL,
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 200)
);
CREATE TABLE agentmanager_host_report (
  month date NOT NULL REFERENCES agentmanager_month (month),
  agent integer NOT NULL,
  partner integer NOT NULL,
  name text NOT NULL,
  t1_invitees integer NOT NULL,
  t2_invitees integer NOT NULL,
  new_invitees integer NOT NULL,
  t1_rake bigint NOT NULL,
  t2_rake bigint NOT NULL,
  rebate bigint NOT NULL,
  paid bigint NOT NULL,
  distributed bigint NOT NULL,
  PRIMARY KEY (month, agent)
);
CREATE INDEX agentmanager_host_report_partner_idx ON agentmanager_host_report (month, partner, agent);

REVOKE UPDATE, DELETE, TRUNCATE ON agentmanager_distribution, agentmanager_month, agentmanager_host_report FROM console_app;
REVOKE DELETE, TRUNCATE ON agentmanager_wholesaler FROM console_app;
