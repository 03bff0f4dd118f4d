-- Rate limits and the tally of refused calls (issue 23, "Rate limits and abuse";
-- docs/decisions/046-rate-limits.md).

-- Calls per key (staff:<account id>, app:<appId>) and minute, summed over every server
-- instance: each adds its own count about once a second (http/rate-limit.ts). Rows older than
-- two minutes are deleted by the instances; losing them in a crash loses nothing (unlogged).
CREATE UNLOGGED TABLE rate_count (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL CHECK (count >= 0),
  PRIMARY KEY (key, window_start)
);

-- Refused calls that are not each worth a record of the operation log (no session or a bad
-- signature, a rate limit): counted per minute, source, claimed caller, reason and target
-- (http/refusal-tally.ts); each instance writes its minute's counts here and one summary record
-- to the operation log.
CREATE TABLE refusal_tally (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  minute timestamptz NOT NULL,
  source text NOT NULL CHECK (source IN ('staff', 'platform')),
  -- the application id the call claimed ('?' when no such application), or the account's username
  who text NOT NULL,
  reason text NOT NULL,
  -- the operation or the path called
  target text NOT NULL,
  count integer NOT NULL CHECK (count > 0),
  -- distinct client addresses seen (at most 64 are kept)
  addresses integer NOT NULL,
  sample_ips text[] NOT NULL
);
CREATE INDEX refusal_tally_minute_idx ON refusal_tally (minute);
