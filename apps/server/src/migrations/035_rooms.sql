-- Rooms (issue 9, /platmanager template, table, quicktemplate, quicktable, tinygamequicktemplate,
-- /partnermanager/gamestoreV1): docs/decisions/020-rooms.md, docs/api/rooms.md.
--
-- room_item holds the versioned configuration documents (every save also writes config_version,
-- decision 004): room templates (kind 'template', key = template id), quick-match tiers
-- ('quicktier'), the mini-games' quick bet settings ('tinyquick', key = game) and the partners'
-- game stores ('gamestore', key = '<partner>:<game>', partner = the owner). An item's version is
-- the id of its newest config_version row (kind 'platmanager.<kind>' / 'partnermanager.gamestore').
CREATE TABLE room_item (
  kind text NOT NULL CHECK (kind IN ('template', 'quicktier', 'tinyquick', 'gamestore')),
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 64),
  -- the partner owning the item (game store entries); 0 = platform-wide
  partner integer NOT NULL DEFAULT 0 CHECK (partner >= 0),
  doc jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (kind, key)
);
CREATE INDEX room_item_partner_idx ON room_item (kind, partner, key);

-- A table: an instance of a template, with the template as it was when the table was made
-- (editing a template changes new tables only). `code` is the table id game servers report.
CREATE TABLE room_table (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (length(code) BETWEEN 1 AND 64),
  game text NOT NULL,
  template text NOT NULL,
  -- the quick-match tier the table was opened for (null: a table opened from the template screen)
  tier text,
  template_version integer NOT NULL,
  snapshot jsonb NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  opened_by text NOT NULL,
  opened_at timestamptz NOT NULL,
  closed_by text,
  closed_at timestamptz,
  CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);
CREATE INDEX room_table_template_idx ON room_table (template, status, id);
CREATE INDEX room_table_game_idx ON room_table (game, status, id);
CREATE INDEX room_table_tier_idx ON room_table (tier, status, id) WHERE tier IS NOT NULL;

-- a table is a record of what was played: closed, never deleted; its snapshot never changes
REVOKE DELETE, TRUNCATE ON room_table FROM console_app;
