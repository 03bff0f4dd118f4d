-- The lobby (issue 7, /gamehomepage; §3 "Home-page game config"): the games the client apps
-- show on their home page, the categories they are grouped in, and per app package which
-- categories and games its lobby shows in what order. The platform reads a package's lobby
-- through GET /api/platform/lobby. Every change is kept in config_version (kinds
-- gamehomepage.configs, gamehomepage.category, gamehomepage.packagename).
-- docs/decisions/010-lobby.md, docs/api/lobby.md.

-- /gamehomepage/category: name in both languages, order, icon, shown or hidden.
CREATE TABLE lobby_category (
  code text PRIMARY KEY CHECK (code ~ '^[A-Za-z0-9_.-]{1,64}$'),
  name_en text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 64),
  name_zh text NOT NULL CHECK (length(name_zh) BETWEEN 1 AND 64),
  icon text NOT NULL DEFAULT '' CHECK (length(icon) <= 512),
  sort_order integer NOT NULL DEFAULT 0 CHECK (sort_order BETWEEN 0 AND 1000000),
  visible boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- the list machinery's integer tie-breaker
  id integer GENERATED ALWAYS AS IDENTITY UNIQUE
);

-- /gamehomepage/configs: one home-page entry per game tag. A house game's tag is its id in
-- @console/games (provider 'house'); a third-party game's is '<provider>.<game>'.
--   init_value  the figure the tile starts its ticker from (a jackpot or prize pool, centavos); 0: none
--   rank        order within its category (ascending) where a package sets no order of its own
--   platform    all, android, ios or web: the client apps that show it
--   pay_limit   a player sees it once their paid recharges total at least this (centavos); 0: everyone
-- A category that still has games cannot be removed (RESTRICT: a 409 from the screen).
CREATE TABLE lobby_game (
  tag text PRIMARY KEY CHECK (tag ~ '^[a-z0-9_.-]{1,64}$'),
  provider text NOT NULL CHECK (provider ~ '^[a-z0-9]{1,16}$'),
  category text NOT NULL REFERENCES lobby_category (code),
  name_en text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 64),
  name_zh text NOT NULL CHECK (length(name_zh) BETWEEN 1 AND 64),
  icon text NOT NULL DEFAULT '' CHECK (length(icon) <= 512),
  init_value bigint NOT NULL DEFAULT 0 CHECK (init_value BETWEEN 0 AND 1000000000000),
  rank integer NOT NULL DEFAULT 0 CHECK (rank BETWEEN 0 AND 1000000),
  platform text NOT NULL DEFAULT 'all' CHECK (platform IN ('all', 'android', 'ios', 'web')),
  pay_limit bigint NOT NULL DEFAULT 0 CHECK (pay_limit BETWEEN 0 AND 1000000000000),
  visible boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  id integer GENERATED ALWAYS AS IDENTITY UNIQUE,
  CHECK (provider <> 'house' OR tag !~ '\.'),
  CHECK (provider = 'house' OR starts_with(tag, provider || '.'))
);
CREATE INDEX lobby_game_category_idx ON lobby_game (category, rank, tag);

-- Which packages show a game: one link table edited from both sides, the game's `packages`
-- (configs) and the package's games (packagename). `position` is the package's own order
-- (null: after the ordered ones, by rank). Removing a package (packageControl) removes its lobby.
CREATE TABLE lobby_game_package (
  package text NOT NULL REFERENCES payment_package (package) ON DELETE CASCADE,
  tag text NOT NULL REFERENCES lobby_game (tag) ON DELETE CASCADE,
  position integer CHECK (position BETWEEN 0 AND 1000000),
  PRIMARY KEY (package, tag)
);
CREATE INDEX lobby_game_package_tag_idx ON lobby_game_package (tag);

-- A package with a layout of its own (packagename): the categories its lobby shows, in this
-- order. Without a row in lobby_layout a package shows every visible category by sort_order
-- and its games by rank. A category removed from the configuration leaves the layouts (cascade).
CREATE TABLE lobby_layout (
  package text PRIMARY KEY REFERENCES payment_package (package) ON DELETE CASCADE,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE lobby_layout_category (
  package text NOT NULL REFERENCES lobby_layout (package) ON DELETE CASCADE,
  category text NOT NULL REFERENCES lobby_category (code) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position BETWEEN 0 AND 1000000),
  PRIMARY KEY (package, category)
);
