-- Monthly partitions of the ledger, the game bets and the login trail (docs/decisions/056-monthly-partitions.md).
-- Each table becomes partitioned by range of its time, one partition per console month
-- (GMT+08:00) from the oldest month it holds to three months ahead, plus a default partition
-- for a row outside them. The rows are copied: this migration needs a window on a big
-- database (docs/migrations.md). Later months are made ahead by the partitions job
-- (month_partitions_ensure), and closed months leave through `npm run archive`.

-- The ledger's idempotency keys, unique across every month: PostgreSQL's unique indexes on a
-- partitioned table must hold the partition key, so the key moves to a table of its own,
-- written in the same statement as its entry (ledger_post, ledger_post_set) and kept when the
-- entry's month is archived (a key is never used twice, whatever the month).
CREATE TABLE ledger_key (
  key text PRIMARY KEY,
  entry_id bigint NOT NULL,
  at timestamptz NOT NULL
);
INSERT INTO ledger_key (key, entry_id, at) SELECT idem_key, id, at FROM ledger_entry WHERE idem_key IS NOT NULL;
REVOKE UPDATE, DELETE, TRUNCATE ON ledger_key FROM console_app;

-- What `npm run archive` took out: per balance, the sum and count of the archived entries (the
-- opening balance reconciliation starts from) and the newest of them, and per table and month,
-- the file and its checksum.
CREATE TABLE ledger_opening (
  uid integer NOT NULL,
  currency text NOT NULL,
  amount bigint NOT NULL,
  entries bigint NOT NULL,
  -- the newest archived entry of the balance (by id), for the check of the latest balance_after
  last_id bigint NOT NULL,
  last_balance_after bigint NOT NULL,
  PRIMARY KEY (uid, currency)
);
CREATE TABLE archived_month (
  table_name text NOT NULL,
  month text NOT NULL CHECK (month ~ '^\d{4}-\d{2}$'),
  row_count bigint NOT NULL,
  file text NOT NULL,
  sha256 text NOT NULL,
  archived_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (table_name, month)
);
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ledger_opening, archived_month FROM console_app;

ALTER TABLE ledger_entry RENAME TO ledger_entry_unpartitioned;
CREATE TABLE ledger_entry (
  id bigint GENERATED ALWAYS AS IDENTITY,
  at timestamptz NOT NULL,
  uid integer NOT NULL,
  partner integer NOT NULL,
  currency text NOT NULL CHECK (currency IN ('chip', 'bean', 'safe', 'bonus', 'diamond', 'charisma', 'withdrawable')),
  delta bigint NOT NULL CHECK (delta <> 0),
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  reason text NOT NULL,
  ref text NOT NULL DEFAULT '',
  actor text NOT NULL,
  idem_key text
) PARTITION BY RANGE (at);

ALTER TABLE game_bet RENAME TO game_bet_unpartitioned;
CREATE TABLE game_bet (
  id bigint GENERATED ALWAYS AS IDENTITY,
  round bigint NOT NULL,
  n smallint NOT NULL,
  game text NOT NULL,
  at timestamptz NOT NULL,
  uid integer,
  partner integer NOT NULL,
  seat text NOT NULL,
  bot boolean NOT NULL,
  bet bigint NOT NULL CHECK (bet >= 0),
  win bigint NOT NULL CHECK (win >= 0),
  fee bigint NOT NULL CHECK (fee >= 0),
  jackpot bigint NOT NULL CHECK (jackpot >= 0)
) PARTITION BY RANGE (at);

ALTER TABLE player_login RENAME TO player_login_unpartitioned;
CREATE TABLE player_login (
  id bigint GENERATED ALWAYS AS IDENTITY,
  uid integer NOT NULL,
  partner integer NOT NULL DEFAULT 0,
  at timestamptz NOT NULL,
  ip text NOT NULL,
  device_id text NOT NULL,
  duration_seconds integer
) PARTITION BY RANGE (at);

-- The months: from the oldest a table holds (at most 36 back; older rows go to the default
-- partition) or two months back, to three ahead.
DO $$
DECLARE
  t text;
  first_month timestamp;
  m timestamp;
BEGIN
  FOREACH t IN ARRAY ARRAY['ledger_entry', 'game_bet', 'player_login'] LOOP
    EXECUTE format('SELECT date_trunc(''month'', (min(at) AT TIME ZONE ''UTC'') + interval ''8 hours'') FROM %I', t || '_unpartitioned') INTO first_month;
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

INSERT INTO ledger_entry (id, at, uid, partner, currency, delta, balance_after, reason, ref, actor, idem_key) OVERRIDING SYSTEM VALUE
  SELECT id, at, uid, partner, currency, delta, balance_after, reason, ref, actor, idem_key FROM ledger_entry_unpartitioned;
INSERT INTO game_bet (id, round, n, game, at, uid, partner, seat, bot, bet, win, fee, jackpot) OVERRIDING SYSTEM VALUE
  SELECT id, round, n, game, at, uid, partner, seat, bot, bet, win, fee, jackpot FROM game_bet_unpartitioned;
INSERT INTO player_login (id, uid, partner, at, ip, device_id, duration_seconds) OVERRIDING SYSTEM VALUE
  SELECT id, uid, partner, at, ip, device_id, duration_seconds FROM player_login_unpartitioned;

-- the old tables go with their indexes, triggers and sequences; the new ones take their names
DROP TABLE ledger_entry_unpartitioned, game_bet_unpartitioned, player_login_unpartitioned;
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['ledger_entry', 'game_bet', 'player_login'] LOOP
    EXECUTE format('ALTER SEQUENCE %s RENAME TO %I', pg_get_serial_sequence(t, 'id'), t || '_id_seq');
    EXECUTE format('SELECT setval(%L, coalesce((SELECT max(id) FROM %I), 0) + 1, false)', t || '_id_seq', t);
  END LOOP;
END
$$;

-- The indexes of before, less the ledger's unique idem_key (ledger_key holds it); each unique
-- one holds the month. They are made on every partition, and on each partition made later.
ALTER TABLE ledger_entry ADD PRIMARY KEY (id, at);
CREATE INDEX ledger_entry_at_idx ON ledger_entry (at, id);
CREATE INDEX ledger_entry_currency_idx ON ledger_entry (currency, at, id);
CREATE INDEX ledger_entry_partner_idx ON ledger_entry (partner, currency, at, id);
CREATE INDEX ledger_entry_uid_at_idx ON ledger_entry (uid, at, id);
CREATE INDEX ledger_entry_uid_idx ON ledger_entry (uid, currency, at, id);

-- a round's bets share its time, so (round, n) stays unique across months as round ids do
ALTER TABLE game_bet ADD PRIMARY KEY (round, n, at);
CREATE INDEX game_bet_at_idx ON game_bet (at, id) WHERE uid IS NOT NULL AND NOT bot;
CREATE INDEX game_bet_game_idx ON game_bet (game, at, id);
CREATE INDEX game_bet_uid_game_idx ON game_bet (uid, game, at, id) INCLUDE (round, partner, seat, bot, bet, win, fee, jackpot) WHERE uid IS NOT NULL;
CREATE INDEX game_bet_uid_idx ON game_bet (uid, at, id) WHERE uid IS NOT NULL;

ALTER TABLE player_login ADD PRIMARY KEY (id, at);
CREATE INDEX player_login_at_id_idx ON player_login (at, id);
CREATE INDEX player_login_uid_idx ON player_login (uid, at, id);

-- as before: the ledger and the bets are append-only for the server's role
REVOKE UPDATE, DELETE, TRUNCATE ON ledger_entry, game_bet FROM console_app;
REVOKE TRUNCATE ON player_login FROM console_app;
