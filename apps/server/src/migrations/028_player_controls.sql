-- Player risk and responsible-gaming controls (issue 7, /personalcontrol and /TPpersonalcontrol;
-- docs/decisions/014-player-controls.md, docs/api/controls.md). A control caps a bet, caps a
-- day's loss, blocks games, holds cash-outs for a second reviewer or cools a player off until a
-- time. It never touches a round's outcome: the wallet refuses a game bet that a control forbids,
-- before anything is written.

-- One row per player and scope ('house': /personalcontrol, 'tp': third-party games), and per
-- scope one row of uid 0: the platform-wide limits of that scope's configs screen (versioned in
-- config_version). A player without a row is not controlled: the wallet's one look-up
-- (uid IN (0, player), primary key) finds at most the platform row.
--   max_bet        one bet at most (smallest unit); null: no cap
--   day_loss_cap   a bet is refused when the day's game loss (GMT+08:00) plus the bet passes it
--   blocked        games (the bet reason's game, `game.bet.<game>`) and applications (provider ids)
--   cool_until     no bet before this moment
--   cashout_review every cash-out order of the player needs a second reviewer
--   log_seconds    (uid 0) a player's refusals by one control are logged once in this many seconds
CREATE TABLE player_control (
  uid integer NOT NULL CHECK (uid >= 0),
  scope text NOT NULL CHECK (scope IN ('house', 'tp')),
  partner integer NOT NULL DEFAULT 0,
  max_bet bigint CHECK (max_bet BETWEEN 1 AND 1000000000000),
  day_loss_cap bigint CHECK (day_loss_cap BETWEEN 1 AND 1000000000000),
  blocked jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(blocked) = 'array'),
  cool_until timestamptz,
  cashout_review boolean NOT NULL DEFAULT false,
  log_seconds integer NOT NULL DEFAULT 60 CHECK (log_seconds BETWEEN 1 AND 86400),
  reason text NOT NULL DEFAULT '' CHECK (length(reason) <= 200),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL,
  id integer GENERATED ALWAYS AS IDENTITY UNIQUE,
  PRIMARY KEY (uid, scope)
);
-- the cash-out hook: is any control of this player holding its orders?
CREATE INDEX player_control_review_idx ON player_control (uid) WHERE cashout_review;

-- /personalcontrol/wgconfigs: third-party providers (their platform application) and their
-- games. A bet through an application listed here is third-party play ('tp' controls apply);
-- game '' is the provider as a whole. max_bet caps one bet of every player there; closed
-- refuses every bet there.
CREATE TABLE control_provider (
  app_id text NOT NULL CHECK (app_id ~ '^[A-Za-z0-9_.-]{1,64}$'),
  game text NOT NULL DEFAULT '' CHECK (game ~ '^[A-Za-z0-9_.:-]{0,64}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  max_bet bigint CHECK (max_bet BETWEEN 1 AND 1000000000000),
  closed boolean NOT NULL DEFAULT false,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL,
  id integer GENERATED ALWAYS AS IDENTITY UNIQUE,
  PRIMARY KEY (app_id, game)
);

-- /…/logs: every change of a control (who, before, after) and the refusals of bets by a
-- control (throttled per player and control: log_seconds). Append-only at run time.
CREATE TABLE control_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  scope text NOT NULL CHECK (scope IN ('house', 'tp')),
  kind text NOT NULL CHECK (kind IN ('set', 'clear', 'config', 'provider', 'refusal')),
  uid integer,
  partner integer NOT NULL DEFAULT 0,
  app_id text NOT NULL DEFAULT '',
  control text NOT NULL DEFAULT '',
  amount bigint,
  refusals integer,
  message text NOT NULL DEFAULT '',
  actor text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX control_log_at_idx ON control_log (scope, at, id);
CREATE INDEX control_log_uid_idx ON control_log (uid, at, id) WHERE uid IS NOT NULL;
REVOKE UPDATE, DELETE, TRUNCATE ON control_log FROM console_app;

-- /TPpersonalcontrol/ranking: third-party play per player and GMT+08:00 day (chips), added by
-- the wallet's game calls through a provider application, in the call's transaction.
CREATE TABLE control_tp_day (
  day date NOT NULL,
  uid integer NOT NULL,
  partner integer NOT NULL,
  bets bigint NOT NULL DEFAULT 0,
  wins bigint NOT NULL DEFAULT 0,
  bet_count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, uid)
);
