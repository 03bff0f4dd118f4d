-- Monthly partitions of the game rounds and the platform events' records
-- (docs/decisions/057-rounds-events-partitions.md), as 069 did for the ledger, the bets and the
-- logins: one partition per console month (GMT+08:00) from the oldest month a table holds to
-- three months ahead, plus a default one. The rows are copied: a window on a big database
-- (docs/migrations.md).
--
-- Their keys stay unique across every month in tables of their own, never archived (a key archived
-- with its month would be free to be applied again):
--   - platform_event_claim: an application's event id, claimed once, with its outcome (what a
--     duplicate answers: applied, or rejected with its code and message). The event's record
--     (type, time, data) is the partitioned platform_event, by the time it was received.
--   - game_round_key: a round id of an application, with the round's id and end (the partition
--     it went to). Lookups by round id go through it.

CREATE TABLE platform_event_claim (
  app_id text NOT NULL,
  event_id text NOT NULL,
  received_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('applied', 'rejected')),
  code integer,
  message text,
  PRIMARY KEY (app_id, event_id)
);
INSERT INTO platform_event_claim (app_id, event_id, received_at, status, code, message)
  SELECT app_id, event_id, received_at, status, code, message FROM platform_event;
-- (an event's outcome is set when it is refused, in the call that claimed it)
REVOKE DELETE, TRUNCATE ON platform_event_claim FROM console_app;

CREATE TABLE game_round_key (
  round_id text NOT NULL,
  app_id text NOT NULL,
  id bigint NOT NULL,
  ended_at timestamptz NOT NULL,
  -- round_id first: the betlogs and round lists filter by round id alone
  PRIMARY KEY (round_id, app_id)
);
INSERT INTO game_round_key (round_id, app_id, id, ended_at) SELECT round_id, app_id, id, ended_at FROM game_round;
REVOKE UPDATE, DELETE, TRUNCATE ON game_round_key FROM console_app;

ALTER TABLE platform_event RENAME TO platform_event_unpartitioned;
CREATE TABLE platform_event (
  app_id text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  data jsonb NOT NULL
) PARTITION BY RANGE (received_at);

ALTER TABLE game_round RENAME TO game_round_unpartitioned;
CREATE TABLE game_round (
  id bigint GENERATED ALWAYS AS IDENTITY,
  app_id text NOT NULL,
  round_id text NOT NULL,
  game text NOT NULL,
  server text NOT NULL,
  table_id text NOT NULL,
  config_version bigint NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at timestamptz NOT NULL,
  partner integer NOT NULL,
  seats smallint NOT NULL,
  players smallint NOT NULL,
  bet bigint NOT NULL,
  win bigint NOT NULL,
  fee bigint NOT NULL,
  jackpot bigint NOT NULL,
  seed_hash text NOT NULL,
  seed text NOT NULL,
  bets jsonb NOT NULL,
  result jsonb NOT NULL,
  verified boolean NOT NULL,
  why text NOT NULL DEFAULT '',
  differences jsonb,
  received_at timestamptz NOT NULL
) PARTITION BY RANGE (ended_at);

-- The months: from the oldest a table holds (at most 36 back; older rows go to the default
-- partition) or two months back, to three ahead.
DO $$
DECLARE
  t text;
  col text;
  first_month timestamp;
  m timestamp;
BEGIN
  FOREACH t IN ARRAY ARRAY['platform_event', 'game_round'] LOOP
    col := CASE t WHEN 'platform_event' THEN 'received_at' ELSE 'ended_at' END;
    EXECUTE format('SELECT date_trunc(''month'', (min(%I) AT TIME ZONE ''UTC'') + interval ''8 hours'') FROM %I', col, t || '_unpartitioned') INTO first_month;
    m := greatest(
      least(coalesce(first_month, 'infinity'), date_trunc('month', (now() AT TIME ZONE 'UTC') + interval '8 hours') - interval '2 months'),
      date_trunc('month', (now() AT TIME ZONE 'UTC') + interval '8 hours') - interval '36 months');
    WHILE m <= date_trunc('month', (now() AT TIME ZONE 'UTC') + interval '8 hours') + interval '3 months' LOOP
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
        t || '_' || to_char(m, 'YYYY_MM'), t, m::text || '+08', (m + interval '1 month')::text || '+08');
      EXECUTE format('REVOKE ALL ON %I FROM console_app', t || '_' || to_char(m, 'YYYY_MM'));
      m := m + interval '1 month';
    END LOOP;
    EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', t || '_outside', t);
    EXECUTE format('REVOKE ALL ON %I FROM console_app', t || '_outside');
  END LOOP;
END
$$;

INSERT INTO platform_event (app_id, event_id, type, at, received_at, data)
  SELECT app_id, event_id, type, at, received_at, data FROM platform_event_unpartitioned;
INSERT INTO game_round (id, app_id, round_id, game, server, table_id, config_version, started_at, ended_at, partner, seats, players,
    bet, win, fee, jackpot, seed_hash, seed, bets, result, verified, why, differences, received_at) OVERRIDING SYSTEM VALUE
  SELECT id, app_id, round_id, game, server, table_id, config_version, started_at, ended_at, partner, seats, players,
    bet, win, fee, jackpot, seed_hash, seed, bets, result, verified, why, differences, received_at FROM game_round_unpartitioned;

DROP TABLE platform_event_unpartitioned, game_round_unpartitioned;
DO $$
BEGIN
  EXECUTE format('ALTER SEQUENCE %s RENAME TO game_round_id_seq', pg_get_serial_sequence('game_round', 'id'));
  PERFORM setval('game_round_id_seq', coalesce((SELECT max(id) FROM game_round), 0) + 1, false);
END
$$;

-- The indexes of before, less the unique ones the key tables hold and the events' (type, at),
-- which nothing reads (the record is for an operator's look, by id through the claim).
-- A round's bets carry its end (game_bet.at = game_round.ended_at), so joins from a bet to its
-- round name both, and each reaches one month.
ALTER TABLE platform_event ADD PRIMARY KEY (app_id, event_id, received_at);
ALTER TABLE game_round ADD PRIMARY KEY (id, ended_at) INCLUDE (round_id, server, table_id, verified);
CREATE INDEX game_round_game_idx ON game_round (game, ended_at, id);
CREATE INDEX game_round_flagged_idx ON game_round (game, ended_at, id) WHERE NOT verified;
CREATE INDEX game_round_partner_idx ON game_round (partner, ended_at, id);
CREATE INDEX game_round_table_idx ON game_round (game, table_id, ended_at);

-- as before: rounds are append-only for the server's role, and so are the events' records now
-- (their outcome is the claim's)
REVOKE UPDATE, DELETE, TRUNCATE ON game_round, platform_event FROM console_app;
