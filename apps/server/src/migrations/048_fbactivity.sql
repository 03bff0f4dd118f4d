-- The Facebook share activity (fbactivity, docs/decisions/029-fbactivity.md). Its settings
-- live in activity_config (activity 'fbactivity', versioned in config_version kind
-- activities.fbactivity); its rewards in activity_reward (period: the GMT+08:00 day of the
-- share, tier 's<n>': the n-th share of that day) and its spending in activity_budget /
-- activity_budget_day, like every activity of the engine (046_activities.sql).

-- A share a player submitted: the post link and a screenshot, then the review of §4:
-- not_reviewed → approved → success (rewarded) | reject (with a reason).
CREATE TABLE fb_share (
  id bigserial PRIMARY KEY,
  uid integer NOT NULL REFERENCES player (uid),
  partner integer NOT NULL DEFAULT 0,
  day date NOT NULL,
  seq integer NOT NULL CHECK (seq >= 1),
  post_url text NOT NULL,
  screenshot_url text NOT NULL,
  state text NOT NULL CHECK (state IN ('not_reviewed', 'approved', 'success', 'reject')),
  reason text NOT NULL DEFAULT '',
  -- the reward promised when it was submitted, and the settings version it was submitted under
  currency text NOT NULL CHECK (currency IN ('chip', 'bean', 'diamond')),
  amount bigint NOT NULL CHECK (amount > 0),
  config_version bigint NOT NULL,
  app_id text NOT NULL,
  submitted_at timestamptz NOT NULL,
  reviewed_by text,
  reviewed_at timestamptz,
  paid_by text,
  paid_at timestamptz,
  entry_id bigint,
  updated_at timestamptz NOT NULL,
  -- once a day (dailyLimit): the n-th share of a player's day, whatever became of the others
  CONSTRAINT fb_share_once UNIQUE (uid, day, seq)
);
CREATE INDEX fb_share_list_idx ON fb_share (submitted_at, id);
CREATE INDEX fb_share_state_idx ON fb_share (state, submitted_at, id);
CREATE INDEX fb_share_uid_idx ON fb_share (uid, submitted_at);
REVOKE DELETE ON fb_share FROM console_app;
