-- Activities (issue 10): the engine of docs/decisions/027-activities.md. Settings live in
-- activity_config and are versioned in config_version (kind activities.<id>); progress is
-- computed from the facts the other tables hold (bets, recharges, logins, phone, balance).

CREATE TABLE activity_config (
  activity text PRIMARY KEY,
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The last save of an activity's settings: counted facts of the current period start there
-- (the reset rule: unfinished progress of the period is reset, claimed rewards stay).
CREATE TABLE activity_version (
  activity text PRIMARY KEY,
  version bigint NOT NULL,
  saved_at timestamptz NOT NULL
);

-- A participant: a player whose app read the activity with progress, or who claimed from it.
CREATE TABLE activity_player (
  id bigserial UNIQUE,
  activity text NOT NULL,
  period text NOT NULL,
  uid integer NOT NULL REFERENCES player (uid),
  partner integer NOT NULL DEFAULT 0,
  config_version bigint NOT NULL DEFAULT 0,
  state text NOT NULL,
  progress bigint NOT NULL DEFAULT 0,
  target bigint,
  rewards integer NOT NULL DEFAULT 0,
  rewarded bigint NOT NULL DEFAULT 0,
  first_at timestamptz NOT NULL,
  first_day date NOT NULL,
  updated_at timestamptz NOT NULL,
  reset_at timestamptz,
  PRIMARY KEY (activity, period, uid)
);
CREATE INDEX activity_player_list_idx ON activity_player (activity, updated_at, id);
CREATE INDEX activity_player_day_idx ON activity_player (activity, first_day);
CREATE INDEX activity_player_uid_idx ON activity_player (uid, activity);

-- Every reward paid: one ledger entry each (entry_id), keyed by player, activity, period and tier.
CREATE TABLE activity_reward (
  id bigserial PRIMARY KEY,
  activity text NOT NULL,
  period text NOT NULL,
  tier text NOT NULL,
  uid integer NOT NULL REFERENCES player (uid),
  partner integer NOT NULL DEFAULT 0,
  currency text NOT NULL CHECK (currency IN ('chip', 'bean', 'diamond')),
  amount bigint NOT NULL CHECK (amount > 0),
  config_version bigint NOT NULL,
  device text,
  phone text,
  gcash text,
  entry_id bigint NOT NULL,
  app_id text NOT NULL,
  at timestamptz NOT NULL,
  day date NOT NULL,
  CONSTRAINT activity_reward_once UNIQUE (activity, period, uid, tier)
);
-- one reward per device, phone and GCash account per activity, period and tier
CREATE UNIQUE INDEX activity_reward_device_uq ON activity_reward (activity, period, tier, device) WHERE device IS NOT NULL;
CREATE UNIQUE INDEX activity_reward_phone_uq ON activity_reward (activity, period, tier, phone) WHERE phone IS NOT NULL;
CREATE UNIQUE INDEX activity_reward_gcash_uq ON activity_reward (activity, period, tier, gcash) WHERE gcash IS NOT NULL;
CREATE INDEX activity_reward_day_idx ON activity_reward (activity, day);
CREATE INDEX activity_reward_uid_idx ON activity_reward (uid, activity, at);
REVOKE UPDATE, DELETE ON activity_reward FROM console_app;

-- What each activity has paid, in all and per GMT+08:00 day: the budgets' guards (a conditional
-- UPDATE of one row serializes concurrent claims).
CREATE TABLE activity_budget (
  activity text PRIMARY KEY,
  spent bigint NOT NULL DEFAULT 0 CHECK (spent >= 0)
);
CREATE TABLE activity_budget_day (
  activity text NOT NULL,
  day date NOT NULL,
  spent bigint NOT NULL DEFAULT 0 CHECK (spent >= 0),
  PRIMARY KEY (activity, day)
);
