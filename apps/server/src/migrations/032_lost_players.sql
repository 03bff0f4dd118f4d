-- Lost-player retrieval (issue 8, /loseuser): a campaign is a personal message (migration 030's
-- message_send, delivered by its job) to players inactive for N days, with an optional chip
-- reward, and the outcome of every player it reached. Outcomes are derived, set-based, from
-- player_message (reached, claimed), player_login (came back) and recharge_order (paid after
-- coming back) by domains/lost-players/refresh.ts when a screen reads them; the rows here are
-- that derivation kept, so lists page by keyset and dashboards sum without scanning the sources.
-- docs/decisions/018-lost-players.md.

CREATE TABLE lost_campaign (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- the sender's partner scope: 0 = sent by central staff (every partner's players)
  partner integer NOT NULL DEFAULT 0 CHECK (partner >= 0),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  send_id integer NOT NULL UNIQUE REFERENCES message_send (id),
  inactive_days integer NOT NULL CHECK (inactive_days BETWEEN 1 AND 3650),
  -- the segment as sent (messages' segment conditions)
  filters jsonb NOT NULL,
  -- chips per player (centavos; 0 = a message without reward)
  reward bigint NOT NULL DEFAULT 0 CHECK (reward >= 0),
  planned integer NOT NULL CHECK (planned >= 0),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  -- outcomes as of refreshed_at
  reached integer NOT NULL DEFAULT 0,
  claimed integer NOT NULL DEFAULT 0,
  returned integer NOT NULL DEFAULT 0,
  paid integer NOT NULL DEFAULT 0,
  recharge bigint NOT NULL DEFAULT 0,
  refreshed_at timestamptz
);
CREATE INDEX lost_campaign_created_idx ON lost_campaign (created_at, id);
CREATE INDEX lost_campaign_partner_idx ON lost_campaign (partner, created_at, id);

CREATE TABLE lost_campaign_player (
  campaign_id integer NOT NULL REFERENCES lost_campaign (id),
  uid integer NOT NULL,
  -- the player's partner and VIP level when reached
  partner integer NOT NULL,
  vip integer NOT NULL,
  -- the player's last login before the send (null: never logged in)
  last_login_at timestamptz,
  reached_at timestamptz NOT NULL,
  claimed_at timestamptz,
  -- the first login after the send, within the attribution window
  returned_at timestamptz,
  -- the first paid recharge at or after returned_at within the window, and the window's total
  paid_at timestamptz,
  recharge bigint NOT NULL DEFAULT 0,
  recharges integer NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, uid)
);
-- the dashboard's days
CREATE INDEX lost_campaign_player_reached_idx ON lost_campaign_player (reached_at);
CREATE INDEX lost_campaign_player_returned_idx ON lost_campaign_player (returned_at) WHERE returned_at IS NOT NULL;
CREATE INDEX lost_campaign_player_paid_idx ON lost_campaign_player (paid_at) WHERE paid_at IS NOT NULL;
-- campaigns and their players are records of what was sent: never deleted
REVOKE DELETE ON lost_campaign, lost_campaign_player FROM console_app;
