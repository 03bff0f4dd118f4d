-- Real payouts (issue 23, "Real payouts"; docs/decisions/048-http-payouts.md, docs/api/payout-provider.md):
-- a cash-out channel paid by a provider's HTTP API. The console signs its calls with the
-- channel's secret (kept sealed: secrets/keyring.ts) and checks the provider's callbacks with it.
-- A channel without an enabled endpoint is paid by the simulated provider, which a production
-- start refuses for an open channel (production.ts).
CREATE TABLE payout_endpoint (
  channel text PRIMARY KEY REFERENCES cashout_channel (channel) ON DELETE CASCADE,
  -- the provider's API base: POST <url>/payouts, GET <url>/payouts/<orderId>
  url text NOT NULL CHECK (url ~ '^https?://[^\s/]+' AND length(url) <= 300),
  merchant_id text NOT NULL CHECK (length(merchant_id) BETWEEN 1 AND 64),
  secret text NOT NULL,
  -- each call's time limit, and how many times a failed call is tried again (same order id)
  timeout_ms integer NOT NULL DEFAULT 8000 CHECK (timeout_ms BETWEEN 1000 AND 30000),
  retries smallint NOT NULL DEFAULT 2 CHECK (retries BETWEEN 0 AND 5),
  enabled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL,
  CONSTRAINT payout_endpoint_secret_sealed CHECK (secret LIKE 'enc:1:%')
);
