-- Leaderboards (rank, docs/decisions/032-rank.md). The boards live in activity_config (activity
-- 'rank', one document {boards, budgets}, versioned in config_version kind activities.rank);
-- standings are computed from facts (game_player_day + game_bet for bets and wins, paid
-- recharge_order for deposits); rewards in activity_reward (activity 'rank', period
-- '<board>:<period>', tier '1' | '2-3' | '4-10' | '11-50') and spending in activity_budget /
-- activity_budget_day, like every activity of the engine (046_activities.sql).

-- When a board first appeared in a saved document: its first settled period is the one it
-- appeared in (earlier periods are never paid).
CREATE TABLE rank_board (
  id text PRIMARY KEY,
  created_at timestamptz NOT NULL
);

-- One settlement of a board's ended period: the key makes it happen once across processes
-- (the claim commits with every payment of the period, in one transaction).
CREATE TABLE rank_settlement (
  board text NOT NULL,
  period text NOT NULL,
  metric text NOT NULL,
  game text NOT NULL,
  config_version bigint NOT NULL,
  settled_at timestamptz NOT NULL,
  settled_by text NOT NULL,
  PRIMARY KEY (board, period)
);
CREATE INDEX rank_settlement_at_idx ON rank_settlement (settled_at);

-- Who got what: each ranked player of a settlement, paid (the reward and its ledger entry) or
-- skipped with the reason (banned, suspended, self-excluded, device/phone/GCash already
-- rewarded, a budget spent).
CREATE TABLE rank_settlement_line (
  id bigserial UNIQUE,
  board text NOT NULL,
  period text NOT NULL,
  rank integer NOT NULL CHECK (rank BETWEEN 1 AND 50),
  uid integer NOT NULL REFERENCES player (uid),
  partner integer NOT NULL DEFAULT 0,
  value bigint NOT NULL,
  reached_at timestamptz,
  tier text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  state text NOT NULL CHECK (state IN ('paid', 'skipped')),
  reason text NOT NULL DEFAULT '',
  entry_id bigint,
  at timestamptz NOT NULL,
  PRIMARY KEY (board, period, rank),
  FOREIGN KEY (board, period) REFERENCES rank_settlement (board, period)
);
CREATE INDEX rank_settlement_line_uid_idx ON rank_settlement_line (uid, at);
REVOKE UPDATE, DELETE ON rank_settlement, rank_settlement_line FROM console_app;
