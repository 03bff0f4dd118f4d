-- Recharge orders (issue 6, §3 Order; contract "Recharge and cash-out"). An order is created
-- by the platform call, then paid, failed or held by the channel's callback; a held order
-- (the paid amount differs from the price, or money came after a failure) waits for a staff
-- member to credit or refuse it. Money moves only through the ledger (reasons `recharge` and
-- `recharge.bonus`, key `recharge:<order_id>`), in the transaction that changes the order.
-- docs/decisions/005-recharge.md.

CREATE TABLE recharge_order (
  -- the keyset tie-breaker of the lists; never shown
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- random and unguessable (128 bits): a channel or a player cannot walk other orders
  order_id text NOT NULL UNIQUE CHECK (order_id ~ '^[0-9a-f]{32}$'),
  app_id text NOT NULL,
  -- the application's own id of the create call: the same one answers the same order
  request_id text NOT NULL CHECK (length(request_id) BETWEEN 1 AND 64),
  uid integer NOT NULL REFERENCES player (uid),
  -- copied from the player when the order is made: partner scoping without a join
  partner integer NOT NULL DEFAULT 0 CHECK (partner >= 0),
  -- no foreign keys to the configuration: an order keeps what it sold if a product or a
  -- channel is later removed
  product_id text NOT NULL CHECK (length(product_id) BETWEEN 1 AND 64),
  channel text NOT NULL CHECK (length(channel) BETWEEN 1 AND 64),
  os text NOT NULL,
  price bigint NOT NULL CHECK (price BETWEEN 1 AND 1000000000000),
  -- the product's chips and first-recharge bonus when the order was made (the offer the
  -- player saw), credited on payment; the bonus only if it is the player's first paid order
  product_chips bigint NOT NULL CHECK (product_chips >= 1),
  product_bonus bigint NOT NULL DEFAULT 0 CHECK (product_bonus >= 0),
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'failed', 'held')),
  channel_order_id text,
  -- what the channel says was paid (centavos), from the first callback that carried money
  paid_amount bigint,
  -- what the ledger received: chips, and the first-recharge bonus (0 when not the first)
  chips bigint NOT NULL DEFAULT 0 CHECK (chips >= 0),
  bonus_chips bigint NOT NULL DEFAULT 0 CHECK (bonus_chips >= 0),
  created_at timestamptz NOT NULL,
  paid_at timestamptz,
  -- the last callback (repeated ones included) and how many came
  callback_at timestamptz,
  callbacks integer NOT NULL DEFAULT 0,
  -- why an order is held: 'amount' (paid amount differs) or 'afterFailed' (paid after a failure)
  held_reason text CHECK (held_reason IN ('amount', 'afterFailed')),
  -- a callback that contradicts a settled order, kept for finance (nothing moves):
  -- 'failedAfterPaid', 'channelOrderId' (a paid callback with another channel order id)
  flag text CHECK (flag IN ('failedAfterPaid', 'channelOrderId')),
  -- a staff decision on a held order
  resolution text CHECK (resolution IN ('credited', 'refused')),
  resolved_by text,
  resolved_at timestamptz,
  resolution_note text,
  UNIQUE (app_id, request_id),
  CHECK (status <> 'held' OR held_reason IS NOT NULL),
  CHECK (status <> 'paid' OR paid_at IS NOT NULL)
);

-- The screens' orders and filters: every list is keyset (time, id); the filters narrow an
-- index of (filter column, time, id). paymentlogs reads paid orders by paid time.
CREATE INDEX recharge_order_created_idx ON recharge_order (created_at, id);
CREATE INDEX recharge_order_status_idx ON recharge_order (status, created_at, id);
CREATE INDEX recharge_order_paid_idx ON recharge_order (paid_at, id) WHERE status = 'paid';
CREATE INDEX recharge_order_partner_idx ON recharge_order (partner, created_at, id);
CREATE INDEX recharge_order_partner_paid_idx ON recharge_order (partner, paid_at, id) WHERE status = 'paid';
CREATE INDEX recharge_order_uid_idx ON recharge_order (uid, created_at, id);
CREATE INDEX recharge_order_channel_idx ON recharge_order (channel, created_at, id);
CREATE INDEX recharge_order_price_idx ON recharge_order (price, id);
CREATE INDEX recharge_order_channel_order_idx ON recharge_order (channel_order_id) WHERE channel_order_id IS NOT NULL;
-- what finance must look at: held orders and flagged ones (few)
CREATE INDEX recharge_order_attention_idx ON recharge_order (created_at, id) WHERE status = 'held' OR flag IS NOT NULL;

-- A player's first paid order (the one that earned the first-recharge bonus): the primary
-- key makes "first" hold under concurrency (two orders paid at once: one insert wins).
CREATE TABLE recharge_first_paid (
  uid integer PRIMARY KEY REFERENCES player (uid),
  order_id text NOT NULL,
  at timestamptz NOT NULL
);
REVOKE UPDATE, DELETE ON recharge_first_paid FROM console_app;
-- an order is a money record: it changes state, it is never deleted
REVOKE DELETE ON recharge_order FROM console_app;
