-- VIP levels (issue 10): docs/decisions/031-vip.md. Settings in vip_config, versioned in
-- config_version (kind 'vip'); the daily evaluation (domains/vip/evaluate.ts) moves
-- vip_player, records every change and pays rebates, bonuses and gifts through the ledger.

CREATE TABLE vip_config (
  id integer PRIMARY KEY CHECK (id = 1),
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE vip_player (
  uid integer PRIMARY KEY REFERENCES player (uid),
  partner integer NOT NULL DEFAULT 0,
  level integer NOT NULL DEFAULT 0,
  exp bigint NOT NULL DEFAULT 0,
  period_exp bigint NOT NULL DEFAULT 0,
  period_start date NOT NULL,
  period_end date NOT NULL,
  dropped_from integer,
  dropped_on date,
  top_level integer NOT NULL DEFAULT 0,
  last_day date NOT NULL,
  updated_at timestamptz NOT NULL
);
-- the players whose period ends on a day: start ≤ day − (period days − 1), whatever the period length in force
CREATE INDEX vip_player_period_start_idx ON vip_player (period_start);
CREATE INDEX vip_player_level_idx ON vip_player (level, uid);
CREATE INDEX vip_player_partner_idx ON vip_player (partner, level, uid);

-- What each player played and recharged on a day (the evaluation's input, kept for the dashboard).
CREATE TABLE vip_day (
  day date NOT NULL,
  uid integer NOT NULL,
  bet bigint NOT NULL,
  recharge bigint NOT NULL,
  PRIMARY KEY (day, uid)
);

CREATE TABLE vip_change (
  id bigserial PRIMARY KEY,
  uid integer NOT NULL,
  partner integer NOT NULL DEFAULT 0,
  day date NOT NULL,
  at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('up', 'maintain', 'down', 'restore')),
  from_level integer NOT NULL,
  to_level integer NOT NULL,
  reason text NOT NULL,
  exp bigint NOT NULL,
  period_exp bigint NOT NULL,
  config_version bigint NOT NULL
);
CREATE INDEX vip_change_uid_idx ON vip_change (uid, id);
CREATE INDEX vip_change_day_idx ON vip_change (day, kind);
REVOKE UPDATE, DELETE ON vip_change FROM console_app;

-- Every payment: one ledger entry each (entry_id), once per player, kind and period.
CREATE TABLE vip_payout (
  id bigserial PRIMARY KEY,
  uid integer NOT NULL,
  partner integer NOT NULL DEFAULT 0,
  kind text NOT NULL CHECK (kind IN ('gift', 'rebate', 'deposit')),
  period text NOT NULL,
  level integer NOT NULL,
  base bigint NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  day date NOT NULL,
  entry_id bigint,
  CONSTRAINT vip_payout_once UNIQUE (uid, kind, period)
);
CREATE INDEX vip_payout_day_idx ON vip_payout (day, kind);
CREATE INDEX vip_payout_unpaid_idx ON vip_payout (id) WHERE entry_id IS NULL;

-- One row per evaluated day: the evaluation runs once a day, whatever the number of servers.
CREATE TABLE vip_evaluation (
  day date PRIMARY KEY,
  config_version bigint NOT NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL,
  players integer NOT NULL,
  ups integer NOT NULL,
  maintains integer NOT NULL,
  downs integer NOT NULL,
  restores integer NOT NULL,
  paid bigint NOT NULL,
  -- players made claimable in that day's loss rebate (the same daily evaluation)
  loss_rebates integer NOT NULL DEFAULT 0
);
