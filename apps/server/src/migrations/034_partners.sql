-- Partners, cloud chips, coin dealers, transfers and bills (issue 9). Balances are accounts of
-- the account ledger (033): a partner's cloud chips are its 'partner' account (owner = partner
-- id, currency 'chip'), a dealer's stock its 'dealer' account (owner = dealer id); the platform
-- sells out of the chip 'issuance' account. docs/decisions/019-account-ledger-and-partners.md.
-- Amounts: chips in the smallest unit (shown as ₱, 100 a peso); prices in basis points of face
-- value (9000: ₱90 for ₱100 of chips); pesos in centavos.

-- What the platform keeps per partner (§3: id and name stay in `partner`, the balance is the
-- account). deposit: chips held against losses (the stop-loss); rake_share_bp: the partner's
-- share of its players' house take.
CREATE TABLE partner_profile (
  partner integer PRIMARY KEY REFERENCES partner (id),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  status_reason text NOT NULL DEFAULT '',
  deposit bigint NOT NULL DEFAULT 0 CHECK (deposit >= 0),
  rake_share_bp integer NOT NULL CHECK (rake_share_bp BETWEEN 0 AND 10000),
  cloud_price_bp integer NOT NULL CHECK (cloud_price_bp BETWEEN 1 AND 20000),
  transfer_threshold bigint NOT NULL CHECK (transfer_threshold >= 1),
  dealer_daily_limit bigint NOT NULL CHECK (dealer_daily_limit >= 1),
  dealer_price_bp integer NOT NULL CHECK (dealer_price_bp BETWEEN 1 AND 20000),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The defaults copied into a new partner (/platmanager/defalutediter), one document, versioned
-- in config_version (kind 'defalutediter').
CREATE TABLE partner_default (
  id smallint PRIMARY KEY CHECK (id = 1),
  doc jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Cloud-chip purchases: a partner asks (pending), the platform confirms the payment (paid: the
-- chips move from issuance to the partner) or cancels. A sale by the platform is an order made
-- paid at once.
CREATE TABLE cloud_order (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  partner integer NOT NULL REFERENCES partner (id),
  amount bigint NOT NULL CHECK (amount > 0),
  price_bp integer NOT NULL,
  cost bigint NOT NULL CHECK (cost >= 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'cancelled')),
  note text NOT NULL DEFAULT '',
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL,
  decided_by text,
  decided_at timestamptz,
  entry_id bigint,
  idem_key text UNIQUE
);
CREATE INDEX cloud_order_partner_idx ON cloud_order (partner, id);

-- Coin dealers: partner 0 = the platform's (/platmanager/coinediter), else a partner's
-- (/partnermanager/coinbusiness). uid: the player who is the dealer, when one. price_bp: what a
-- player pays for face value. A frozen dealer sells nothing and receives no stock.
CREATE TABLE coin_dealer (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  partner integer NOT NULL DEFAULT 0 CHECK (partner >= 0),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  uid integer,
  price_bp integer NOT NULL CHECK (price_bp BETWEEN 1 AND 20000),
  daily_limit bigint NOT NULL CHECK (daily_limit >= 1),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'frozen')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (partner, name)
);

-- What a dealer sold on a GMT+08:00 day: the daily limit is a guarded update of this row.
CREATE TABLE coin_dealer_day (
  dealer integer NOT NULL REFERENCES coin_dealer (id),
  day date NOT NULL,
  sold bigint NOT NULL DEFAULT 0 CHECK (sold >= 0),
  sales integer NOT NULL DEFAULT 0,
  PRIMARY KEY (dealer, day)
);

-- Every sale of a dealer to a player (the money side: account_entry 'dealer.sold' and the
-- player's ledger_entry); append-only. coinlogs reconciles a day's sales with the stock movement.
CREATE TABLE coin_sale (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  day date NOT NULL,
  dealer integer NOT NULL REFERENCES coin_dealer (id),
  partner integer NOT NULL,
  uid integer NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  price_bp integer NOT NULL,
  paid bigint NOT NULL CHECK (paid >= 0),
  actor text NOT NULL,
  idem_key text NOT NULL UNIQUE,
  account_entry_id bigint NOT NULL,
  ledger_entry_id bigint NOT NULL
);
CREATE INDEX coin_sale_dealer_idx ON coin_sale (dealer, at, id);
CREATE INDEX coin_sale_partner_idx ON coin_sale (partner, at, id);

-- Stock loads of platform dealers: requested, then approved by another account (the chips move
-- from issuance to the dealer) or rejected.
CREATE TABLE coin_stock_load (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dealer integer NOT NULL REFERENCES coin_dealer (id),
  amount bigint NOT NULL CHECK (amount > 0),
  note text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'approved', 'rejected')),
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL,
  decided_by text,
  decided_at timestamptz,
  CHECK (decided_by IS NULL OR decided_by <> requested_by)
);

-- /partnermanager/accounttransfer: chips between a partner's accounts (kind 'account'), or a
-- player or agent moved to another partner ('player', 'agent'). Over the partner's threshold a
-- transfer waits (pending) for a second account to approve (four eyes).
CREATE TABLE partner_transfer (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  partner integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('account', 'player', 'agent')),
  from_account bigint,
  to_account bigint,
  uid integer,
  to_partner integer,
  amount bigint NOT NULL CHECK (amount >= 0),
  reason text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'done', 'rejected')),
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL,
  decided_by text,
  decided_at timestamptz,
  decision_note text NOT NULL DEFAULT '',
  CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
CREATE INDEX partner_transfer_partner_idx ON partner_transfer (partner, id);

-- Distribution bills (/partnermanager/partnersum), computed from account_entry of the partner's
-- account over [period_from, period_to): closing = opening + bought - distributed + reclaimed +
-- adjusted. draft → confirmed → settled | disputed.
CREATE TABLE partner_bill (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  partner integer NOT NULL REFERENCES partner (id),
  period_from timestamptz NOT NULL,
  period_to timestamptz NOT NULL CHECK (period_to > period_from),
  opening bigint NOT NULL,
  bought bigint NOT NULL,
  distributed bigint NOT NULL,
  reclaimed bigint NOT NULL,
  adjusted bigint NOT NULL,
  rake_base bigint NOT NULL,
  rake_share_bp integer NOT NULL,
  rake_share bigint NOT NULL,
  closing bigint NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'confirmed', 'settled', 'disputed')),
  note text NOT NULL DEFAULT '',
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  confirmed_by text,
  confirmed_at timestamptz,
  closed_by text,
  closed_at timestamptz,
  UNIQUE (partner, period_from),
  CHECK (closing = opening + bought - distributed + reclaimed + adjusted)
);

-- Adjustments of a draft bill, each with its reason and its movement (issuance ↔ partner).
CREATE TABLE partner_adjustment (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bill bigint NOT NULL REFERENCES partner_bill (id),
  partner integer NOT NULL,
  amount bigint NOT NULL CHECK (amount <> 0),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
  actor text NOT NULL,
  at timestamptz NOT NULL,
  entry_id bigint NOT NULL
);

REVOKE UPDATE, DELETE ON coin_sale, partner_adjustment FROM console_app;
REVOKE DELETE ON partner_profile, cloud_order, coin_dealer, coin_dealer_day, coin_stock_load, partner_transfer, partner_bill FROM console_app;
