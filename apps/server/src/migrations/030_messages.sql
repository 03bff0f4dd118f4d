-- Messages to players (issue 8, /messages): service-message templates (prefabs), announcements
-- per package, personal messages sent to one player, a list of uids or a segment, each
-- delivered by a resumable job into the players' inboxes, with an optional attachment the
-- player claims once. docs/decisions/016-messages.md, docs/api/messages.md.
--
-- Every rich text column holds HTML already cleaned by the server's allow list
-- (domains/messages/sanitize.ts); titles and names are plain text.

CREATE TABLE message_prefab (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  title_en text NOT NULL CHECK (length(title_en) BETWEEN 1 AND 100),
  title_zh text NOT NULL CHECK (length(title_zh) BETWEEN 1 AND 100),
  content_en text NOT NULL CHECK (length(content_en) BETWEEN 1 AND 20000),
  content_zh text NOT NULL CHECK (length(content_zh) BETWEEN 1 AND 20000),
  -- the partner whose staff wrote it (0: the platform's own); a partner account sees its own
  partner integer NOT NULL DEFAULT 0,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX message_prefab_partner_idx ON message_prefab (partner, id);

CREATE TABLE announcement (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  package text NOT NULL CHECK (length(package) BETWEEN 1 AND 128),
  -- the package's partner when it was written (a partner account reaches its own packages only)
  partner integer NOT NULL DEFAULT 0,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
  content text NOT NULL CHECK (length(content) BETWEEN 1 AND 20000),
  begin_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL CHECK (end_at > begin_at),
  -- how often the app shows it: once per player, once a day, at every start
  repeat_type text NOT NULL CHECK (repeat_type IN ('once', 'daily', 'login')),
  -- §5: http, https, mailto or tel (checked by the server; the CHECK is the last fence)
  link text NOT NULL DEFAULT '' CHECK (link = '' OR link ~* '^(https?://|mailto:|tel:)'),
  picture text NOT NULL DEFAULT '' CHECK (picture = '' OR picture ~* '^https?://'),
  -- §4: online or offline; live = online and begin_at <= now < end_at
  status text NOT NULL DEFAULT 'offline' CHECK (status IN ('online', 'offline')),
  sort_order integer NOT NULL DEFAULT 0,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX announcement_package_idx ON announcement (package, status, begin_at);
CREATE INDEX announcement_partner_idx ON announcement (partner, id);

-- One send: who it reaches (one uid, a list, or a segment), what it says, the attachment,
-- and its delivery job's progress (keyset over uid: `cursor_uid` is the last uid delivered).
CREATE TABLE message_send (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- the sender's partner scope (0: every partner's players)
  partner integer NOT NULL DEFAULT 0,
  target_kind text NOT NULL CHECK (target_kind IN ('uid', 'list', 'segment')),
  -- the uids of a uid or list send, in ascending order, without repeats
  uids integer[],
  -- a segment's conditions {vipMin?, vipMax?, partner?, inactiveDays?, paying?}
  segment jsonb,
  prefab_id integer REFERENCES message_prefab (id) ON DELETE SET NULL,
  title_en text NOT NULL CHECK (length(title_en) BETWEEN 1 AND 100),
  title_zh text NOT NULL CHECK (length(title_zh) BETWEEN 1 AND 100),
  content_en text NOT NULL CHECK (length(content_en) BETWEEN 1 AND 20000),
  content_zh text NOT NULL CHECK (length(content_zh) BETWEEN 1 AND 20000),
  currency text CHECK (currency IN ('chip', 'bean', 'diamond')),
  amount bigint CHECK (amount BETWEEN 1 AND 1000000000000),
  CHECK ((currency IS NULL) = (amount IS NULL)),
  expires_at timestamptz NOT NULL,
  -- broadcast (the screen), or another feature's name (loseuser …)
  source text NOT NULL DEFAULT 'broadcast' CHECK (length(source) BETWEEN 1 AND 32),
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'cancelled')),
  -- the preview's count when it was sent
  planned integer NOT NULL CHECK (planned >= 0),
  delivered integer NOT NULL DEFAULT 0 CHECK (delivered >= 0),
  cursor_uid integer NOT NULL DEFAULT 0,
  -- the last step of its job (a running send whose step is old is taken up again)
  advanced_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX message_send_created_idx ON message_send (created_at, id);
CREATE INDEX message_send_partner_idx ON message_send (partner, created_at, id);
CREATE INDEX message_send_running_idx ON message_send (id) WHERE status = 'running';

-- A player's copy of a send: read and claimed once.
CREATE TABLE player_message (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  send_id integer NOT NULL REFERENCES message_send (id),
  uid integer NOT NULL REFERENCES player (uid),
  created_at timestamptz NOT NULL,
  read_at timestamptz,
  claimed_at timestamptz,
  ledger_entry_id bigint,
  UNIQUE (send_id, uid)
);
CREATE INDEX player_message_uid_idx ON player_message (uid, id);

-- The outcome of each message event (message.read, message.claimed), once per application and id.
CREATE TABLE message_event (
  app_id text NOT NULL,
  event_id text NOT NULL CHECK (length(event_id) BETWEEN 1 AND 64),
  type text NOT NULL,
  at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('applied', 'rejected')),
  code integer,
  message text,
  PRIMARY KEY (app_id, event_id)
);

-- a player's copy and its events are records: never removed at run time
REVOKE DELETE, TRUNCATE ON player_message, message_event, message_send FROM console_app;
