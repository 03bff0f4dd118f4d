-- Game servers (issue 7, /gameserver): the servers staff register, what their heartbeats and
-- lifecycle events last said, and every event of their lives. docs/decisions/009-game-servers.md.
--
-- `state` is what staff want (the server reads it back); `process` is what the server last
-- said of itself (start, stop, crash, deploy, heartbeat). Whether a server is red is computed
-- at read time from `process` and `last_heartbeat_at` (the console's clock); `health` only
-- remembers that the missed-heartbeat transition was logged, so it is logged once.

CREATE TABLE game_server (
  -- the list's integer tie-breaker; never shown
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  server_id text NOT NULL UNIQUE CHECK (server_id ~ '^[A-Za-z0-9_.-]{1,64}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  host text NOT NULL CHECK (length(host) BETWEEN 1 AND 255),
  region text NOT NULL CHECK (region ~ '^[a-z0-9-]{1,32}$'),
  -- the games staff assigned (ids of @console/games), read back by the server
  games jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(games) = 'array'),
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'draining', 'maintenance', 'retired')),
  process text NOT NULL DEFAULT 'unknown' CHECK (process IN ('unknown', 'running', 'stopped', 'crashed')),
  health text NOT NULL DEFAULT 'ok' CHECK (health IN ('ok', 'missing')),
  -- the console's clock when the last heartbeat (or start/deploy) arrived
  last_heartbeat_at timestamptz,
  -- the server's own `at` of its last heartbeat: an older one arriving late changes nothing
  reported_at timestamptz,
  version text,
  -- percent, 0–100
  load numeric(5,2),
  online_players integer CHECK (online_players >= 0),
  tables integer CHECK (tables >= 0),
  -- [{game, online, tables}] of the last heartbeat
  reported_games jsonb,
  drained_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE INDEX game_server_games_idx ON game_server USING gin (games);

CREATE TABLE game_server_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  server_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('start', 'stop', 'crash', 'deploy', 'drained', 'staff', 'missed', 'recovered')),
  at timestamptz NOT NULL,
  -- staff username, `app:<app id>` for a server's own event, `system` for the console
  actor text NOT NULL,
  -- staff: register, edit, drain, maintenance, resume, retire
  action text,
  from_state text,
  to_state text,
  version text,
  message text NOT NULL DEFAULT '',
  -- a lifecycle event's id: applied once per application
  app_id text,
  event_id text CHECK (event_id IS NULL OR length(event_id) BETWEEN 1 AND 64),
  UNIQUE (app_id, event_id)
);

CREATE INDEX game_server_log_at_idx ON game_server_log (at, id);
CREATE INDEX game_server_log_server_idx ON game_server_log (server_id, at, id);
CREATE INDEX game_server_log_kind_idx ON game_server_log (kind, at, id);

-- the history is append-only at run time
REVOKE UPDATE, DELETE, TRUNCATE ON game_server_log FROM console_app;
-- a server is retired, never removed
REVOKE DELETE, TRUNCATE ON game_server FROM console_app;
