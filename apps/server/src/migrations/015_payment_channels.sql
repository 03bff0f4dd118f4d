-- Payments, part 1: what the money goes through (issue 6; §3 payment and cash-out channels,
-- §9 channel settings; contract "Recharge and cash-out"). The configuration screens of
-- /remoteconfig edit these rows; every change is kept in config_version. Recharge orders and
-- cash-out orders (later migrations) refer to these channels and products.

-- App builds a partner ships (the platform API names one as `package`): /remoteconfig/packageControl.
CREATE TABLE payment_package (
  package text PRIMARY KEY CHECK (length(package) BETWEEN 1 AND 128),
  name text NOT NULL DEFAULT '',
  partner integer NOT NULL DEFAULT 0 CHECK (partner >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- What a recharge buys: price in centavos, the chips it grants, and the extra chips of a
-- player's first paid recharge.
CREATE TABLE recharge_product (
  product_id text PRIMARY KEY CHECK (length(product_id) BETWEEN 1 AND 64),
  name text NOT NULL DEFAULT '',
  price bigint NOT NULL CHECK (price BETWEEN 1 AND 1000000000000),
  chips bigint NOT NULL CHECK (chips BETWEEN 1 AND 1000000000000),
  first_bonus bigint NOT NULL DEFAULT 0 CHECK (first_bonus BETWEEN 0 AND 1000000000000),
  enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0
);

-- §3 Payment channel: channel, order, status, allowed products, supported packages, icon,
-- paid-only flag (shown only to players who have paid before).
CREATE TABLE recharge_channel (
  channel text PRIMARY KEY CHECK (length(channel) BETWEEN 1 AND 64),
  name text NOT NULL DEFAULT '',
  icon text NOT NULL DEFAULT '',
  sort_order integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'close' CHECK (status IN ('close', 'maintenance', 'open')),
  paid_only boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE recharge_channel_product (
  channel text NOT NULL REFERENCES recharge_channel (channel) ON DELETE CASCADE,
  product_id text NOT NULL REFERENCES recharge_product (product_id) ON DELETE CASCADE,
  PRIMARY KEY (channel, product_id)
);
CREATE TABLE recharge_channel_package (
  channel text NOT NULL REFERENCES recharge_channel (channel) ON DELETE CASCADE,
  package text NOT NULL REFERENCES payment_package (package) ON DELETE CASCADE,
  PRIMARY KEY (channel, package)
);
CREATE INDEX recharge_channel_package_package_idx ON recharge_channel_package (package, channel);

-- §3 Cash-out channel and §9: balance range (min and max inclusive, centavos), order,
-- status, fee percent, max daily withdrawals (a player's, per GMT+08:00 day) and its switch,
-- max consecutive failures (reached: the channel closes itself and the operation log says why).
CREATE TABLE cashout_channel (
  channel text PRIMARY KEY CHECK (length(channel) BETWEEN 1 AND 64),
  name text NOT NULL DEFAULT '',
  icon text NOT NULL DEFAULT '',
  sort_order integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'close' CHECK (status IN ('close', 'maintenance', 'open')),
  min_amount bigint NOT NULL CHECK (min_amount >= 1),
  max_amount bigint NOT NULL CHECK (max_amount <= 1000000000000),
  fee_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (fee_percent >= 0 AND fee_percent < 100),
  daily_max integer NOT NULL DEFAULT 0 CHECK (daily_max >= 0),
  daily_max_enabled boolean NOT NULL DEFAULT false,
  max_consecutive_failures integer NOT NULL DEFAULT 0 CHECK (max_consecutive_failures >= 0),
  -- payouts that failed in a row since the last success (the payout service keeps it)
  consecutive_failures integer NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (min_amount <= max_amount)
);

-- Every version of every configuration a /remoteconfig screen saves: who, when, the whole
-- value before and after. A screen's history lists them, compares two and restores one (a
-- restore is a new version). `kind` names the configuration ('payControl', 'cashOutEdter',
-- …), `key` the item within it ('' for a screen that is one document).
CREATE TABLE config_version (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  key text NOT NULL DEFAULT '',
  at timestamptz NOT NULL,
  actor text NOT NULL,
  action text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX config_version_kind_idx ON config_version (kind, key, id);
