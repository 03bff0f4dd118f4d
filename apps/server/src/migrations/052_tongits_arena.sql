-- The Tongits arena (docs/decisions/033-tongits-arena.md): king of the hill on arena tables. Its
-- season settings (ticket price, reward tiers, budgets) live in activity_config (activity
-- 'tongitsarena', versioned in config_version kind activities.tongitsarena); defence and season
-- rewards in activity_reward and its spending in activity_budget / activity_budget_day, like
-- every activity (046_activities.sql). Tickets are ledger debits (fee.arena.ticket).

-- The tables the admin declares (versioned in config_version kind activities.tongitsarena.tables).
CREATE TABLE arena_table (
  id text PRIMARY KEY,
  -- the lists' tie-breaker (creation order)
  seq bigserial UNIQUE,
  name text NOT NULL,
  stake bigint NOT NULL CHECK (stake > 0),
  defence_reward bigint NOT NULL CHECK (defence_reward > 0),
  streak_steps jsonb NOT NULL DEFAULT '[]',
  open boolean NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
REVOKE DELETE, TRUNCATE ON arena_table FROM console_app;

-- A reign: one defender on one table from the seat taken until beaten, removed by staff or the
-- table closed. One current reign a table, one seat a player (the partial unique indexes).
CREATE TABLE arena_reign (
  id bigserial PRIMARY KEY,
  arena text NOT NULL REFERENCES arena_table (id),
  uid integer NOT NULL REFERENCES player (uid),
  partner integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL,
  -- the challenge that won (or took the empty) seat
  challenge_id bigint,
  defences integer NOT NULL DEFAULT 0 CHECK (defences >= 0),
  earned bigint NOT NULL DEFAULT 0 CHECK (earned >= 0),
  ended_at timestamptz,
  ended_how text CHECK (ended_how IN ('beaten', 'removed', 'closed')),
  -- 'uid:<challenger>' or 'staff:<username>'
  ended_by text NOT NULL DEFAULT '',
  end_reason text NOT NULL DEFAULT '',
  CHECK ((ended_at IS NULL) = (ended_how IS NULL))
);
CREATE UNIQUE INDEX arena_reign_seat ON arena_reign (arena) WHERE ended_at IS NULL;
CREATE UNIQUE INDEX arena_reign_player ON arena_reign (uid) WHERE ended_at IS NULL;
CREATE INDEX arena_reign_started_idx ON arena_reign (started_at, id);
CREATE INDEX arena_reign_uid_idx ON arena_reign (uid, started_at);
REVOKE DELETE, TRUNCATE ON arena_reign FROM console_app;

-- A challenge: a ticket bought for a table (idempotent by the application's request id), then its
-- result: pending → defended | won | void, or seated at once (an empty seat).
CREATE TABLE arena_challenge (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  request_id text NOT NULL,
  arena text NOT NULL REFERENCES arena_table (id),
  uid integer NOT NULL REFERENCES player (uid),
  partner integer NOT NULL DEFAULT 0,
  -- the GMT+08:00 day and the season (its Monday) of the ticket
  day date NOT NULL,
  season date NOT NULL,
  free boolean NOT NULL,
  price bigint NOT NULL CHECK (price >= 0),
  ticket_entry bigint,
  bought_at timestamptz NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'defended', 'won', 'seated', 'void')),
  -- the reign challenged (defended, won) and the one the challenger started (won, seated)
  reign_id bigint REFERENCES arena_reign (id),
  new_reign_id bigint REFERENCES arena_reign (id),
  defender_uid integer,
  -- defended: the reign's defences after this one, what the defender earned and why not when not paid
  streak integer,
  reward bigint NOT NULL DEFAULT 0,
  bonus bigint NOT NULL DEFAULT 0,
  paid bigint NOT NULL DEFAULT 0,
  note text NOT NULL DEFAULT '',
  reward_entry bigint,
  refund_entry bigint,
  -- what the game server reported (a seat found empty at the result seats the challenger whatever it was)
  outcome text CHECK (outcome IN ('defended', 'beaten', 'void')),
  match_id text NOT NULL DEFAULT '',
  result_at timestamptz,
  UNIQUE (app_id, request_id)
);
-- one free ticket a player a day (a void challenge gives it back); one pending challenge a player
CREATE UNIQUE INDEX arena_challenge_free_once ON arena_challenge (uid, day) WHERE free AND state <> 'void';
CREATE UNIQUE INDEX arena_challenge_pending ON arena_challenge (uid) WHERE state = 'pending';
CREATE INDEX arena_challenge_at_idx ON arena_challenge (bought_at, id);
CREATE INDEX arena_challenge_uid_idx ON arena_challenge (uid, bought_at);
CREATE INDEX arena_challenge_arena_idx ON arena_challenge (arena, state);
CREATE INDEX arena_challenge_season_idx ON arena_challenge (season, uid) WHERE state <> 'void';
REVOKE DELETE, TRUNCATE ON arena_challenge FROM console_app;

-- One settlement of an ended season: the key makes it happen once across processes (claimed in
-- the transaction that pays it).
CREATE TABLE arena_season_settlement (
  season date PRIMARY KEY,
  config_version bigint NOT NULL,
  settled_at timestamptz NOT NULL,
  settled_by text NOT NULL
);

-- Who got what: each rewarded rank of a settled season, paid or skipped with the reason.
CREATE TABLE arena_season_line (
  id bigserial UNIQUE,
  season date NOT NULL REFERENCES arena_season_settlement (season),
  rank integer NOT NULL CHECK (rank BETWEEN 1 AND 100),
  uid integer NOT NULL REFERENCES player (uid),
  partner integer NOT NULL DEFAULT 0,
  tickets integer NOT NULL,
  reached_at timestamptz,
  tier text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  state text NOT NULL CHECK (state IN ('paid', 'skipped')),
  reason text NOT NULL DEFAULT '',
  entry_id bigint,
  at timestamptz NOT NULL,
  PRIMARY KEY (season, rank)
);
CREATE INDEX arena_season_line_uid_idx ON arena_season_line (uid, at);
REVOKE UPDATE, DELETE, TRUNCATE ON arena_season_settlement, arena_season_line FROM console_app;
