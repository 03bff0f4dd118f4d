-- Payments, configuration side (issue 6, "Channels and remote configuration"):
-- what the /remoteconfig screens need beyond migration 015. Nothing of 015 is renamed or
-- dropped (recharge, cash-out and reports build on it). docs/decisions/004-configuration-history.md.

-- Integer row ids: the list machinery (http/list) breaks ties and walks its CSV export by a
-- unique integer; the text keys stay the primary keys everything else refers to.
ALTER TABLE payment_package ADD COLUMN id integer GENERATED ALWAYS AS IDENTITY UNIQUE;
ALTER TABLE recharge_product ADD COLUMN id integer GENERATED ALWAYS AS IDENTITY UNIQUE;
ALTER TABLE recharge_channel ADD COLUMN id integer GENERATED ALWAYS AS IDENTITY UNIQUE;
ALTER TABLE cashout_channel ADD COLUMN id integer GENERATED ALWAYS AS IDENTITY UNIQUE;
ALTER TABLE platform_application ADD COLUMN id integer GENERATED ALWAYS AS IDENTITY UNIQUE;

-- Secret rotation with an overlap (/remoteconfig/application): after a rotation the previous
-- secret still signs until previous_secret_until, so the platform can roll its deployments
-- over without refused calls. Both columns are set together or both null.
ALTER TABLE platform_application
  ADD COLUMN previous_secret text CHECK (length(previous_secret) >= 16),
  ADD COLUMN previous_secret_until timestamptz,
  ADD COLUMN rotated_at timestamptz,
  ADD CONSTRAINT platform_application_previous_pair CHECK ((previous_secret IS NULL) = (previous_secret_until IS NULL));

-- A version of a partner's item (a package) carries its partner, so a partner account's
-- history shows only its own; platform-wide items are partner 0.
ALTER TABLE config_version ADD COLUMN partner integer NOT NULL DEFAULT 0 CHECK (partner >= 0);

-- The history is a record: versions are added, never changed or removed at run time.
REVOKE UPDATE, DELETE, TRUNCATE ON config_version FROM console_app;

-- /remoteconfig/withdrawalconfigs: the rules of cash-out that are not a channel's (one row).
--   four_eyes_amount     an order above it (centavos) needs a second reviewer's approval
--   daily_count          a player's cash-out requests per GMT+08:00 day over every channel (0: no limit)
--   review_from/to_hour  GMT+08:00 hours in which reviewers work [from, to); shown to players
CREATE TABLE cashout_rules (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  four_eyes_amount bigint NOT NULL CHECK (four_eyes_amount BETWEEN 1 AND 1000000000000),
  daily_count integer NOT NULL CHECK (daily_count BETWEEN 0 AND 1000),
  review_from_hour smallint NOT NULL CHECK (review_from_hour BETWEEN 0 AND 23),
  review_to_hour smallint NOT NULL CHECK (review_to_hour BETWEEN 1 AND 24),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (review_from_hour < review_to_hour)
);
