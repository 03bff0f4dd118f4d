-- Third-party integration agents, /agentx (issue 9; docs/api/agentx.md,
-- docs/decisions/023-agentmanager-agentx.md).
--
-- An integration agent is a platform application of its own (platform_application, migration
-- 005): its players' bets and wins are wallet calls it signs with its appId, like a game
-- provider's (migration 027). The API key is answered once (create, rotate) and never stored:
-- the application's signing secret is the hex SHA-256 of the key (what the agent signs with),
-- so the key itself cannot be read back from the database.
CREATE TABLE agentx_agent (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  app_id text NOT NULL UNIQUE REFERENCES platform_application (app_id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  -- the partner the agent's players belong to (0: the platform's own)
  partner integer NOT NULL DEFAULT 0 CHECK (partner >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  wallet_mode text NOT NULL CHECK (wallet_mode IN ('transfer', 'seamless')),
  callback_url text NOT NULL CHECK (callback_url ~ '^https?://' AND length(callback_url) <= 300),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3,4}$'),
  -- percent of a positive GGR paid to the agent, in basis points (3550 = 35.50%)
  revenue_share integer NOT NULL CHECK (revenue_share BETWEEN 0 AND 10000),
  -- addresses and CIDR blocks its calls may come from; empty: any address
  ip_allow text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL
);

-- Per agent and GMT+08:00 day, striped by transaction (txid % 8) so concurrent calls of one
-- agent do not queue on one row. calls/refused: every signed platform call that named the
-- agent's application and its answer (refused = answered 4xx/5xx), counted after the answer;
-- bets/wins/rounds: the game wallet calls (chips, reason game.*) in their own transaction (a
-- rollback takes its call back out).
CREATE TABLE agentx_day (
  agent integer NOT NULL REFERENCES agentx_agent (id),
  day date NOT NULL,
  slot smallint NOT NULL,
  calls integer NOT NULL DEFAULT 0,
  refused integer NOT NULL DEFAULT 0,
  rounds integer NOT NULL DEFAULT 0,
  bets bigint NOT NULL DEFAULT 0,
  wins bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (agent, day, slot)
) WITH (fillfactor = 80);

-- The players who played through an agent each day (distinct players of the figures).
CREATE TABLE agentx_player_day (
  agent integer NOT NULL REFERENCES agentx_agent (id),
  day date NOT NULL,
  uid integer NOT NULL,
  PRIMARY KEY (agent, day, uid)
);

REVOKE DELETE, TRUNCATE ON agentx_agent, agentx_day, agentx_player_day FROM console_app;
