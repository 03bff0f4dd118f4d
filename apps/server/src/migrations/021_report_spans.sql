-- Distinct players over any range from day roll-ups, registrations by day, and the folding
-- of finished days' stripes (docs/decisions/007-report-rollups.md, "Distinct players over a
-- range"). The 90-day /homepage read millions of player-days (count DISTINCT) and the player
-- table on every call; it now sums a few thousand roll-up rows.

-- 1. The days on which each player was active or paid, one row a kind, player and day. Kept by
--    the statement triggers below from player_active_day (migration 014) and report_payer_day
--    (migration 019). Its primary key answers "the player's day before / after this one".
CREATE TABLE report_player_day_set (
  kind text NOT NULL CHECK (kind IN ('active', 'payer')),
  uid integer NOT NULL,
  day date NOT NULL,
  partner integer NOT NULL,
  PRIMARY KEY (kind, uid, day)
);
REVOKE DELETE, TRUNCATE ON report_player_day_set FROM console_app;

-- 2. Each player-day counted once, under its gap: the days since the player's previous day of
--    the same kind (93 when there is none within 92 days). A range [a, b] of at most 93 days
--    holds a player exactly once at the player's first day in it, the one day whose previous
--    day is before a, so
--      distinct players over [a, b] = sum(players) WHERE day BETWEEN a AND b AND gap > day - a
--      distinct players on a day   = sum(players) over every gap of that day.
--    Striped by transaction like report_active_day (a statement writes one slot); finished days
--    are folded into slot 0 by report_compact (4.), so a 92-day read sums few rows. A cell may
--    go below zero in one slot (a late day moves another day's count to a smaller gap); the sum
--    of a cell's slots never does.
CREATE TABLE report_span_day (
  kind text NOT NULL,
  day date NOT NULL,
  partner integer NOT NULL,
  gap smallint NOT NULL CHECK (gap BETWEEN 1 AND 93),
  slot smallint NOT NULL,
  players integer NOT NULL DEFAULT 0,
  PRIMARY KEY (kind, day, partner, gap, slot)
) WITH (fillfactor = 80);
REVOKE DELETE, TRUNCATE ON report_span_day FROM console_app;

CREATE FUNCTION report_span_gap(p_day date, p_prev date) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN p_prev IS NULL OR p_day - p_prev >= 93 THEN 93 ELSE p_day - p_prev END)::smallint
$$;

-- The new days of a statement (transition table new_days): each counted under its gap in the
-- final set; a day already there that directly follows a new one (a day that arrived late, a
-- backfill) moves from its old gap to its new one. Two transactions adding days of one player
-- must take turns, the second reading the first's days (each statement of a function takes a
-- fresh snapshot under READ COMMITTED):
--   active days are added by the events call, which holds its players' rows (FOR NO KEY
--   UPDATE, migration 020) from its start to its commit: nothing more is needed;
--   paying days come one order at a time: an advisory lock per player (two orders of one
--   player credited at once on either side of midnight take turns). A statement of more than
--   64 payers is a catch-up (a migration's, a bulk load's) that runs alone: it takes none (a
--   lock each would exhaust the lock table).
CREATE FUNCTION report_span_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(DISTINCT uid) FROM new_days WHERE kind = 'payer') <= 64 THEN
    PERFORM pg_advisory_xact_lock(2102, k.uid) FROM (SELECT DISTINCT uid FROM new_days WHERE kind = 'payer' ORDER BY uid) k;
  END IF;
  INSERT INTO report_span_day AS r (kind, day, partner, gap, slot, players)
  SELECT c.kind, c.day, c.partner, c.gap, (txid_current() % 8)::smallint, sum(c.delta)::integer
  FROM (
    SELECT n.kind, n.day, n.partner, 1 AS delta,
      report_span_gap(n.day, (SELECT max(s.day) FROM report_player_day_set s WHERE s.kind = n.kind AND s.uid = n.uid AND s.day < n.day)) AS gap
    FROM new_days n
    UNION ALL
    SELECT o.kind, o.day, o.partner, g.delta, g.gap
    FROM (
      SELECT DISTINCT x.kind, x.uid, x.day, x.partner
      FROM new_days n
      CROSS JOIN LATERAL (SELECT s.kind, s.uid, s.day, s.partner FROM report_player_day_set s
                          WHERE s.kind = n.kind AND s.uid = n.uid AND s.day > n.day ORDER BY s.day LIMIT 1) x
      WHERE NOT EXISTS (SELECT 1 FROM new_days m WHERE m.kind = x.kind AND m.uid = x.uid AND m.day = x.day)
    ) o
    CROSS JOIN LATERAL (VALUES
      (1, report_span_gap(o.day, (SELECT max(s.day) FROM report_player_day_set s WHERE s.kind = o.kind AND s.uid = o.uid AND s.day < o.day))),
      (-1, report_span_gap(o.day, (SELECT max(s.day) FROM report_player_day_set s WHERE s.kind = o.kind AND s.uid = o.uid AND s.day < o.day
        AND NOT EXISTS (SELECT 1 FROM new_days m WHERE m.kind = s.kind AND m.uid = s.uid AND m.day = s.day))))
    ) g(delta, gap)
  ) c
  GROUP BY c.kind, c.day, c.partner, c.gap
  HAVING sum(c.delta) <> 0
  ORDER BY c.kind, c.day, c.partner, c.gap
  ON CONFLICT (kind, day, partner, gap, slot) DO UPDATE SET players = r.players + EXCLUDED.players;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_player_day_set_span AFTER INSERT ON report_player_day_set
  REFERENCING NEW TABLE AS new_days
  FOR EACH STATEMENT EXECUTE FUNCTION report_span_collect();

-- Feeders: a new player-day of player_active_day is an active day; a new report_payer_day row
-- (a day, channel and os) is a paying day unless the player already paid that day.
CREATE FUNCTION report_active_span_feed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_player_day_set (kind, uid, day, partner)
  SELECT 'active', uid, day, partner FROM new_rows ORDER BY uid, day
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER player_active_day_span AFTER INSERT ON player_active_day
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_active_span_feed();

CREATE FUNCTION report_payer_span_feed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_player_day_set (kind, uid, day, partner)
  SELECT DISTINCT ON (uid, day) 'payer', uid, day, partner FROM new_rows ORDER BY uid, day
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_payer_day_span AFTER INSERT ON report_payer_day
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_payer_span_feed();

-- 3. Registrations by GMT+08:00 day and partner (the reports counted player rows per call).
CREATE TABLE report_register_day (
  day date NOT NULL,
  partner integer NOT NULL,
  slot smallint NOT NULL,
  players integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, partner, slot)
) WITH (fillfactor = 80);
REVOKE DELETE, TRUNCATE ON report_register_day FROM console_app;

CREATE FUNCTION report_register_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_register_day AS r (day, partner, slot, players)
  SELECT report_day(n.registered_at), n.partner, (txid_current() % 8)::smallint, count(*) FROM new_players n
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, partner, slot) DO UPDATE SET players = r.players + EXCLUDED.players;
  RETURN NULL;
END
$$;
CREATE TRIGGER player_register_report AFTER INSERT ON player
  REFERENCING NEW TABLE AS new_players
  FOR EACH STATEMENT EXECUTE FUNCTION report_register_collect();

-- 4. Folding: the stripes of a finished day are summed into slot 0, so that a range reads one
--    row a cell instead of eight. Sums are unchanged (a row is deleted and its figures added in
--    one statement); a writer that still adds to an old day (a backfill) writes its stripe again
--    and the next fold takes it. The server calls it for the days before today every few
--    minutes (payment-reports/compact.ts); the server's role may not DELETE from the roll-ups,
--    so the function runs as its owner.
CREATE FUNCTION report_compact(p_before date) RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  v_total integer := 0;
  v_n integer;
BEGIN
  WITH moved AS (DELETE FROM report_span_day WHERE day < p_before AND slot <> 0 RETURNING *), ins AS (
    INSERT INTO report_span_day AS r (kind, day, partner, gap, slot, players)
    SELECT kind, day, partner, gap, 0, sum(players) FROM moved GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (kind, day, partner, gap, slot) DO UPDATE SET players = r.players + EXCLUDED.players RETURNING 1)
  SELECT count(*) INTO v_n FROM moved;
  v_total := v_total + v_n;

  WITH moved AS (DELETE FROM report_active_day WHERE day < p_before AND slot <> 0 RETURNING *), ins AS (
    INSERT INTO report_active_day AS r (day, partner, slot, players)
    SELECT day, partner, 0, sum(players) FROM moved GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, partner, slot) DO UPDATE SET players = r.players + EXCLUDED.players RETURNING 1)
  SELECT count(*) INTO v_n FROM moved;
  v_total := v_total + v_n;

  WITH moved AS (DELETE FROM report_register_day WHERE day < p_before AND slot <> 0 RETURNING *), ins AS (
    INSERT INTO report_register_day AS r (day, partner, slot, players)
    SELECT day, partner, 0, sum(players) FROM moved GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, partner, slot) DO UPDATE SET players = r.players + EXCLUDED.players RETURNING 1)
  SELECT count(*) INTO v_n FROM moved;
  v_total := v_total + v_n;

  WITH moved AS (DELETE FROM report_recharge_day WHERE day < p_before AND slot <> 0 RETURNING *), ins AS (
    INSERT INTO report_recharge_day AS r (day, partner, channel, os, slot, created, paid, failed, amount, chips, bonus_chips, pay_seconds, first_payers)
    SELECT day, partner, channel, os, 0, sum(created), sum(paid), sum(failed), sum(amount), sum(chips), sum(bonus_chips), sum(pay_seconds), sum(first_payers)
    FROM moved GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, partner, channel, os, slot) DO UPDATE SET created = r.created + EXCLUDED.created, paid = r.paid + EXCLUDED.paid,
      failed = r.failed + EXCLUDED.failed, amount = r.amount + EXCLUDED.amount, chips = r.chips + EXCLUDED.chips,
      bonus_chips = r.bonus_chips + EXCLUDED.bonus_chips, pay_seconds = r.pay_seconds + EXCLUDED.pay_seconds,
      first_payers = r.first_payers + EXCLUDED.first_payers RETURNING 1)
  SELECT count(*) INTO v_n FROM moved;
  v_total := v_total + v_n;

  WITH moved AS (DELETE FROM report_cashout_day WHERE day < p_before AND slot <> 0 RETURNING *), ins AS (
    INSERT INTO report_cashout_day AS r (day, partner, channel, slot, requested, requested_amount, succeeded, succeeded_amount, fees, pay_seconds,
      failed, failed_amount, denied, denied_amount)
    SELECT day, partner, channel, 0, sum(requested), sum(requested_amount), sum(succeeded), sum(succeeded_amount), sum(fees), sum(pay_seconds),
      sum(failed), sum(failed_amount), sum(denied), sum(denied_amount)
    FROM moved GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, partner, channel, slot) DO UPDATE SET requested = r.requested + EXCLUDED.requested,
      requested_amount = r.requested_amount + EXCLUDED.requested_amount, succeeded = r.succeeded + EXCLUDED.succeeded,
      succeeded_amount = r.succeeded_amount + EXCLUDED.succeeded_amount, fees = r.fees + EXCLUDED.fees, pay_seconds = r.pay_seconds + EXCLUDED.pay_seconds,
      failed = r.failed + EXCLUDED.failed, failed_amount = r.failed_amount + EXCLUDED.failed_amount, denied = r.denied + EXCLUDED.denied,
      denied_amount = r.denied_amount + EXCLUDED.denied_amount RETURNING 1)
  SELECT count(*) INTO v_n FROM moved;
  v_total := v_total + v_n;

  WITH moved AS (DELETE FROM report_house_money_day WHERE day < p_before AND slot <> 0 RETURNING *), ins AS (
    INSERT INTO report_house_money_day AS r (day, partner, kind, category, reason, currency, slot, entries, amount)
    SELECT day, partner, kind, category, reason, currency, 0, sum(entries), sum(amount) FROM moved GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (day, partner, kind, category, reason, currency, slot) DO UPDATE SET entries = r.entries + EXCLUDED.entries, amount = r.amount + EXCLUDED.amount
    RETURNING 1)
  SELECT count(*) INTO v_n FROM moved;
  v_total := v_total + v_n;
  RETURN v_total;
END
$$;
GRANT EXECUTE ON FUNCTION report_compact(date) TO console_app;

-- What is already there (an existing database; the bench runs these too after a bulk load):
-- the days of every player (the trigger of 2. counts them), and the registrations.
INSERT INTO report_player_day_set (kind, uid, day, partner)
SELECT 'active', uid, day, partner FROM player_active_day ORDER BY uid, day
ON CONFLICT DO NOTHING;
INSERT INTO report_player_day_set (kind, uid, day, partner)
SELECT DISTINCT ON (uid, day) 'payer', uid, day, partner FROM report_payer_day ORDER BY uid, day
ON CONFLICT DO NOTHING;
INSERT INTO report_register_day (day, partner, slot, players)
SELECT report_day(registered_at), partner, 0, count(*) FROM player GROUP BY 1, 2
ON CONFLICT (day, partner, slot) DO UPDATE SET players = report_register_day.players + EXCLUDED.players;
