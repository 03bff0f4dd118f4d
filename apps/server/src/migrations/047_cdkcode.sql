-- Redemption codes (/activities/cdkcode, docs/decisions/028-cdkcode.md): batches of unique
-- one-use codes or one universal code with a maximum number of uses (one per account); every
-- redemption one ledger entry. Codes are stored normalised (12 characters of the alphabet, no
-- dashes) under one unique index: a redemption is one indexed look-up.

CREATE TABLE cdk_batch (
  id serial PRIMARY KEY,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('unique', 'universal')),
  -- unique: how many codes; universal: how many uses of its one code
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 10000),
  currency text NOT NULL CHECK (currency IN ('chip', 'bean', 'diamond')),
  amount bigint NOT NULL CHECK (amount > 0),
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  redeemed integer NOT NULL DEFAULT 0 CHECK (redeemed >= 0),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_by text,
  updated_at timestamptz,
  CHECK (end_at > start_at)
);
CREATE INDEX cdk_batch_created_idx ON cdk_batch (created_at, id);

CREATE TABLE cdk_code (
  id bigserial PRIMARY KEY,
  batch_id integer NOT NULL REFERENCES cdk_batch (id),
  code text NOT NULL CHECK (code ~ '^[2-9A-HJ-NP-Z]{12}$'),
  max_uses integer NOT NULL CHECK (max_uses >= 1),
  uses integer NOT NULL DEFAULT 0,
  last_at timestamptz,
  CHECK (uses BETWEEN 0 AND max_uses)
);
CREATE UNIQUE INDEX cdk_code_code_uq ON cdk_code (code);
CREATE INDEX cdk_code_batch_idx ON cdk_code (batch_id, id);

CREATE TABLE cdk_redemption (
  id bigserial PRIMARY KEY,
  batch_id integer NOT NULL REFERENCES cdk_batch (id),
  code_id bigint NOT NULL REFERENCES cdk_code (id),
  code text NOT NULL,
  uid integer NOT NULL REFERENCES player (uid),
  partner integer NOT NULL DEFAULT 0,
  currency text NOT NULL CHECK (currency IN ('chip', 'bean', 'diamond')),
  amount bigint NOT NULL CHECK (amount > 0),
  device text,
  phone text,
  gcash text,
  entry_id bigint NOT NULL,
  app_id text NOT NULL,
  at timestamptz NOT NULL,
  -- one reward per account, device, phone and GCash account per batch
  CONSTRAINT cdk_redemption_once UNIQUE (batch_id, uid)
);
CREATE UNIQUE INDEX cdk_redemption_device_uq ON cdk_redemption (batch_id, device) WHERE device IS NOT NULL;
CREATE UNIQUE INDEX cdk_redemption_phone_uq ON cdk_redemption (batch_id, phone) WHERE phone IS NOT NULL;
CREATE UNIQUE INDEX cdk_redemption_gcash_uq ON cdk_redemption (batch_id, gcash) WHERE gcash IS NOT NULL;
CREATE INDEX cdk_redemption_at_idx ON cdk_redemption (at, id);
CREATE INDEX cdk_redemption_uid_idx ON cdk_redemption (uid, at);
CREATE INDEX cdk_redemption_batch_idx ON cdk_redemption (batch_id, at);
REVOKE UPDATE, DELETE ON cdk_redemption FROM console_app;
