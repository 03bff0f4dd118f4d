-- The data reports under / (issue 6 "Reports"; docs/api/reports.md,
-- docs/decisions/007-report-rollups.md): daily roll-ups per GMT+08:00 day, kept current by
-- triggers as orders change state and as house money moves through the ledger. The reports
-- read only these tables (and the roll-ups of migrations 012/014), never the raw rows.
--
-- Hot rows: recharge callbacks and cash-outs arrive from many transactions at once; were they
-- all to add to one (day, partner, channel) row, each would wait for the previous one's commit.
-- So the summed roll-ups carry a `slot` (uid % 8 for orders; the transaction's for house money
-- and active days, whose transactions add many rows at once): concurrent writers land on
-- different rows, and a report sums the slots.

-- 1. Recharges by day, partner, channel and os: orders created (by creation day), paid (by
--    the day the money was credited: paid_at, or the day a held order was credited), failed,
--    the amount paid (centavos), chips and first-recharge bonus credited, and the seconds from
--    creation to payment (the average time to pay is pay_seconds / paid).
CREATE TABLE report_recharge_day (
  day date NOT NULL,
  partner integer NOT NULL,
  channel text NOT NULL,
  os text NOT NULL,
  slot smallint NOT NULL,
  created integer NOT NULL DEFAULT 0,
  paid integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  amount bigint NOT NULL DEFAULT 0,
  chips bigint NOT NULL DEFAULT 0,
  bonus_chips bigint NOT NULL DEFAULT 0,
  pay_seconds bigint NOT NULL DEFAULT 0,
  first_payers integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, partner, channel, os, slot)
) WITH (fillfactor = 80);

-- 2. Paying players: one row per day, player, channel and os with what they paid. Distinct
--    paying players (by day, channel, os, over a range) and ARPPU are counted from here: a
--    roll-up of payer-days, not of orders. A player's own row is only ever contended by that
--    player's own concurrent payments.
CREATE TABLE report_payer_day (
  day date NOT NULL,
  uid integer NOT NULL,
  channel text NOT NULL,
  os text NOT NULL,
  partner integer NOT NULL,
  orders integer NOT NULL DEFAULT 0,
  amount bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, uid, channel, os)
);
CREATE INDEX report_payer_day_partner_idx ON report_payer_day (partner, day);

-- 3. A player's first credited recharge (first-time payers by day, channel, os).
CREATE TABLE report_first_payer (
  uid integer PRIMARY KEY,
  partner integer NOT NULL,
  day date NOT NULL,
  channel text NOT NULL,
  os text NOT NULL,
  amount bigint NOT NULL
);
CREATE INDEX report_first_payer_day_idx ON report_first_payer (day, partner);

-- 4. Cash-outs by day, partner and channel: requested (by the request's day: amount and fee
--    held), succeeded (succeed or set_success, by the day it settled: amount, fee, seconds
--    from request to settlement), failed (fail, by its day) and denied. Orders in review,
--    approved or undetermined are in flight and counted only as requested.
CREATE TABLE report_cashout_day (
  day date NOT NULL,
  partner integer NOT NULL,
  channel text NOT NULL,
  slot smallint NOT NULL,
  requested integer NOT NULL DEFAULT 0,
  requested_amount bigint NOT NULL DEFAULT 0,
  succeeded integer NOT NULL DEFAULT 0,
  succeeded_amount bigint NOT NULL DEFAULT 0,
  fees bigint NOT NULL DEFAULT 0,
  pay_seconds bigint NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  failed_amount bigint NOT NULL DEFAULT 0,
  denied integer NOT NULL DEFAULT 0,
  denied_amount bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, partner, channel, slot)
) WITH (fillfactor = 80);

-- 5. House money by day: what the house gave away free (freegive: batch sends, staff
--    additions, rewards, bonuses and relief) and took back (recycle: staff reductions, fees,
--    expiry), by reason and currency. `amount` is positive both ways (given, or taken back).
CREATE TABLE report_house_money_day (
  day date NOT NULL,
  partner integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('freegive', 'recycle')),
  category text NOT NULL,
  reason text NOT NULL,
  currency text NOT NULL,
  slot smallint NOT NULL,
  entries integer NOT NULL DEFAULT 0,
  amount bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, partner, kind, category, reason, currency, slot)
) WITH (fillfactor = 80);

-- The reports read these; only the triggers below write them (as the writing transaction's
-- role): the server's role may not remove a figure.
REVOKE DELETE, TRUNCATE ON report_recharge_day, report_payer_day, report_first_payer, report_cashout_day, report_house_money_day FROM console_app;

-- The GMT+08:00 day of a moment (§9).
CREATE FUNCTION report_day(p_at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((p_at AT TIME ZONE 'UTC') + interval '8 hours')::date
$$;

-- Which house-money class a ledger reason is in: {kind, category}, or null for money that is
-- not the house's (play, gifts, transfers, recharges, cash-outs, safe moves). Cash-out fees are
-- not read from the ledger (the fee is held with the request and returned on a denial or a
-- failure): the recycle report takes them from report_cashout_day's settled fees.
CREATE FUNCTION report_money_class(p_reason text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN p_reason IN ('batch.chip', 'batch.cash') THEN ARRAY['freegive', 'batch']
    WHEN p_reason = 'staff.add' THEN ARRAY['freegive', 'staff']
    WHEN p_reason = 'staff.reduce' THEN ARRAY['recycle', 'staff']
    WHEN p_reason = 'activity.relief' THEN ARRAY['freegive', 'relief']
    WHEN p_reason LIKE 'expire.%' OR p_reason LIKE '%.expire' THEN ARRAY['recycle', 'expiry']
    WHEN p_reason LIKE 'fee.%' THEN ARRAY['recycle', 'fee']
    WHEN p_reason = 'recharge.bonus' OR p_reason LIKE 'bonus.%' OR p_reason LIKE 'promo.%' THEN ARRAY['freegive', 'bonus']
    WHEN p_reason LIKE 'activity.%' OR p_reason LIKE 'reward.%' THEN ARRAY['freegive', 'reward']
  END
$$;

-- One house-money entry into its striped row (only entries of those reasons reach here: see
-- the trigger's WHEN). The stripe is the transaction's, not the player's: a batch chunk
-- crediting 200 players in one transaction then adds to one row per reason instead of eight,
-- so two chunks running at once (two server processes) cannot lock the same stripes in
-- opposite orders and deadlock; concurrent single movements still spread over eight rows.
CREATE FUNCTION report_house_money_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_class text[] := report_money_class(NEW.reason);
BEGIN
  IF v_class IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO report_house_money_day AS r (day, partner, kind, category, reason, currency, slot, entries, amount)
  VALUES (report_day(NEW.at), NEW.partner, v_class[1], v_class[2], NEW.reason, NEW.currency, (txid_current() % 8)::smallint, 1,
    CASE WHEN v_class[1] = 'recycle' THEN -NEW.delta ELSE NEW.delta END)
  ON CONFLICT (day, partner, kind, category, reason, currency, slot)
  DO UPDATE SET entries = r.entries + 1, amount = r.amount + EXCLUDED.amount;
  RETURN NULL;
END
$$;

-- The ledger is the hot path (every bet, win, gift and transfer; each ledger_post is a
-- one-row INSERT statement). A statement-level trigger would therefore still run once per
-- movement, game or not, and a transition table would copy every row; a row trigger whose
-- WHEN is false queues nothing and calls nothing. So: a row trigger, and its WHEN lets
-- through only the reasons report_money_class may classify (cheap text tests, no function
-- call; keep the two in step).
CREATE TRIGGER ledger_entry_house_money AFTER INSERT ON ledger_entry
  FOR EACH ROW
  WHEN (NEW.reason IN ('batch.chip', 'batch.cash', 'staff.add', 'staff.reduce', 'recharge.bonus')
    OR NEW.reason LIKE 'activity.%' OR NEW.reason LIKE 'bonus.%' OR NEW.reason LIKE 'promo.%'
    OR NEW.reason LIKE 'reward.%' OR NEW.reason LIKE 'fee.%' OR NEW.reason LIKE 'expire.%' OR NEW.reason LIKE '%.expire')
  EXECUTE FUNCTION report_house_money_add();

-- Has the money of a recharge order been credited? (paid, or held and then credited by staff)
CREATE FUNCTION report_recharge_credited(p_status text, p_resolution text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status = 'paid' OR p_resolution IS NOT DISTINCT FROM 'credited'
$$;

-- A recharge order created, credited or failed: its day rows, its payer-day, a first payer.
CREATE FUNCTION report_recharge_collect() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_created boolean := TG_OP = 'INSERT';
  v_credited boolean := report_recharge_credited(NEW.status, NEW.resolution)
    AND (TG_OP = 'INSERT' OR NOT report_recharge_credited(OLD.status, OLD.resolution));
  v_failed boolean := NEW.status = 'failed' AND (TG_OP = 'INSERT' OR OLD.status <> 'failed');
  v_at timestamptz;
  v_amount bigint := coalesce(NEW.paid_amount, NEW.price);
  v_first integer := 0;
BEGIN
  IF v_created THEN
    INSERT INTO report_recharge_day AS r (day, partner, channel, os, slot, created)
    VALUES (report_day(NEW.created_at), NEW.partner, NEW.channel, NEW.os, NEW.uid % 8, 1)
    ON CONFLICT (day, partner, channel, os, slot) DO UPDATE SET created = r.created + 1;
  END IF;
  IF v_credited THEN
    v_at := coalesce(NEW.paid_at, NEW.resolved_at, NEW.callback_at, NEW.created_at);
    INSERT INTO report_first_payer (uid, partner, day, channel, os, amount)
    VALUES (NEW.uid, NEW.partner, report_day(v_at), NEW.channel, NEW.os, v_amount)
    ON CONFLICT (uid) DO NOTHING;
    IF FOUND THEN
      v_first := 1;
    END IF;
    INSERT INTO report_payer_day AS p (day, uid, channel, os, partner, orders, amount)
    VALUES (report_day(v_at), NEW.uid, NEW.channel, NEW.os, NEW.partner, 1, v_amount)
    ON CONFLICT (day, uid, channel, os) DO UPDATE SET orders = p.orders + 1, amount = p.amount + EXCLUDED.amount;
    INSERT INTO report_recharge_day AS r (day, partner, channel, os, slot, paid, amount, chips, bonus_chips, pay_seconds, first_payers)
    VALUES (report_day(v_at), NEW.partner, NEW.channel, NEW.os, NEW.uid % 8, 1, v_amount, NEW.chips, NEW.bonus_chips,
      greatest(0, round(extract(epoch FROM v_at - NEW.created_at)))::bigint, v_first)
    ON CONFLICT (day, partner, channel, os, slot) DO UPDATE SET paid = r.paid + 1, amount = r.amount + EXCLUDED.amount,
      chips = r.chips + EXCLUDED.chips, bonus_chips = r.bonus_chips + EXCLUDED.bonus_chips,
      pay_seconds = r.pay_seconds + EXCLUDED.pay_seconds, first_payers = r.first_payers + EXCLUDED.first_payers;
  END IF;
  IF v_failed THEN
    INSERT INTO report_recharge_day AS r (day, partner, channel, os, slot, failed)
    VALUES (report_day(coalesce(NEW.callback_at, NEW.created_at)), NEW.partner, NEW.channel, NEW.os, NEW.uid % 8, 1)
    ON CONFLICT (day, partner, channel, os, slot) DO UPDATE SET failed = r.failed + 1;
  END IF;
  RETURN NULL;
END
$$;

-- Every order is a row trigger's business only when it is created or its status or resolution
-- changes (a repeated callback that changes neither calls nothing).
CREATE TRIGGER recharge_order_report_insert AFTER INSERT ON recharge_order
  FOR EACH ROW EXECUTE FUNCTION report_recharge_collect();
CREATE TRIGGER recharge_order_report_update AFTER UPDATE OF status, resolution ON recharge_order
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.resolution IS DISTINCT FROM NEW.resolution)
  EXECUTE FUNCTION report_recharge_collect();

-- A cash-out order requested or settled (succeed / set_success, fail, denied).
CREATE FUNCTION report_cashout_collect() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old text := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.status END;
  v_ok boolean := NEW.status IN ('succeed', 'set_success') AND v_old IS DISTINCT FROM 'succeed' AND v_old IS DISTINCT FROM 'set_success';
  v_at timestamptz := coalesce(NEW.finished_at, NEW.resolved_at, NEW.updated_at);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_cashout_day AS r (day, partner, channel, slot, requested, requested_amount)
    VALUES (report_day(NEW.created_at), NEW.partner, NEW.channel, NEW.uid % 8, 1, NEW.amount)
    ON CONFLICT (day, partner, channel, slot) DO UPDATE SET requested = r.requested + 1, requested_amount = r.requested_amount + EXCLUDED.requested_amount;
  END IF;
  IF v_ok THEN
    INSERT INTO report_cashout_day AS r (day, partner, channel, slot, succeeded, succeeded_amount, fees, pay_seconds)
    VALUES (report_day(v_at), NEW.partner, NEW.channel, NEW.uid % 8, 1, NEW.amount, NEW.fee,
      greatest(0, round(extract(epoch FROM v_at - NEW.created_at)))::bigint)
    ON CONFLICT (day, partner, channel, slot) DO UPDATE SET succeeded = r.succeeded + 1, succeeded_amount = r.succeeded_amount + EXCLUDED.succeeded_amount,
      fees = r.fees + EXCLUDED.fees, pay_seconds = r.pay_seconds + EXCLUDED.pay_seconds;
  ELSIF NEW.status = 'fail' AND v_old IS DISTINCT FROM 'fail' THEN
    INSERT INTO report_cashout_day AS r (day, partner, channel, slot, failed, failed_amount)
    VALUES (report_day(v_at), NEW.partner, NEW.channel, NEW.uid % 8, 1, NEW.amount)
    ON CONFLICT (day, partner, channel, slot) DO UPDATE SET failed = r.failed + 1, failed_amount = r.failed_amount + EXCLUDED.failed_amount;
  ELSIF NEW.status = 'denied' AND v_old IS DISTINCT FROM 'denied' THEN
    INSERT INTO report_cashout_day AS r (day, partner, channel, slot, denied, denied_amount)
    VALUES (report_day(v_at), NEW.partner, NEW.channel, NEW.uid % 8, 1, NEW.amount)
    ON CONFLICT (day, partner, channel, slot) DO UPDATE SET denied = r.denied + 1, denied_amount = r.denied_amount + EXCLUDED.denied_amount;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER cashout_order_report_insert AFTER INSERT ON cashout_order
  FOR EACH ROW EXECUTE FUNCTION report_cashout_collect();
CREATE TRIGGER cashout_order_report_update AFTER UPDATE OF status ON cashout_order
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION report_cashout_collect();

-- 6. Active players by day and partner: how many players have a row in player_active_day
--    (migration 014: one a day and player, added by their first login of the day). Counted by a
--    statement trigger over the statement's new rows only (a later login of the day updates the
--    row through ON CONFLICT and is not an insert), one grouped upsert per statement in (day,
--    partner) order on the transaction's stripe, so concurrent event calls neither wait on one
--    row nor lock rows in opposite orders. The per-day figures read these few rows instead of
--    every player-day.
CREATE TABLE report_active_day (
  day date NOT NULL,
  partner integer NOT NULL,
  slot smallint NOT NULL,
  players integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, partner, slot)
) WITH (fillfactor = 80);
REVOKE DELETE, TRUNCATE ON report_active_day FROM console_app;

CREATE FUNCTION report_active_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_active_day AS r (day, partner, slot, players)
  SELECT n.day, n.partner, (txid_current() % 8)::smallint, count(*) FROM new_days n GROUP BY n.day, n.partner ORDER BY n.day, n.partner
  ON CONFLICT (day, partner, slot) DO UPDATE SET players = r.players + EXCLUDED.players;
  RETURN NULL;
END
$$;
CREATE TRIGGER player_active_day_report AFTER INSERT ON player_active_day
  REFERENCING NEW TABLE AS new_days
  FOR EACH STATEMENT EXECUTE FUNCTION report_active_collect();

-- What is already there (an existing database): the same figures from the rows.
INSERT INTO report_house_money_day (day, partner, kind, category, reason, currency, slot, entries, amount)
SELECT report_day(e.at), e.partner, c[1], c[2], e.reason, e.currency, e.uid % 8, count(*),
  sum(CASE WHEN c[1] = 'recycle' THEN -e.delta ELSE e.delta END)
FROM ledger_entry e CROSS JOIN LATERAL (SELECT report_money_class(e.reason) AS c) x
WHERE c IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7;
INSERT INTO report_recharge_day (day, partner, channel, os, slot, created)
SELECT report_day(created_at), partner, channel, os, uid % 8, count(*) FROM recharge_order GROUP BY 1, 2, 3, 4, 5
ON CONFLICT (day, partner, channel, os, slot) DO UPDATE SET created = report_recharge_day.created + EXCLUDED.created;
INSERT INTO report_recharge_day (day, partner, channel, os, slot, failed)
SELECT report_day(coalesce(callback_at, created_at)), partner, channel, os, uid % 8, count(*) FROM recharge_order WHERE status = 'failed' GROUP BY 1, 2, 3, 4, 5
ON CONFLICT (day, partner, channel, os, slot) DO UPDATE SET failed = report_recharge_day.failed + EXCLUDED.failed;
WITH credited AS (
  SELECT o.*, coalesce(paid_at, resolved_at, callback_at, created_at) AS at_, coalesce(paid_amount, price) AS amount_
  FROM recharge_order o WHERE report_recharge_credited(status, resolution)
), first AS (
  INSERT INTO report_first_payer (uid, partner, day, channel, os, amount)
  SELECT DISTINCT ON (uid) uid, partner, report_day(at_), channel, os, amount_ FROM credited ORDER BY uid, at_, id
  RETURNING uid, day, partner, channel, os
), payers AS (
  INSERT INTO report_payer_day (day, uid, channel, os, partner, orders, amount)
  SELECT report_day(at_), uid, channel, os, min(partner), count(*), sum(amount_) FROM credited GROUP BY 1, 2, 3, 4
)
INSERT INTO report_recharge_day AS r (day, partner, channel, os, slot, paid, amount, chips, bonus_chips, pay_seconds, first_payers)
SELECT d.day, d.partner, d.channel, d.os, d.slot, d.paid, d.amount, d.chips, d.bonus_chips, d.pay_seconds,
  (SELECT count(*) FROM first f WHERE f.day = d.day AND f.partner = d.partner AND f.channel = d.channel AND f.os = d.os AND f.uid % 8 = d.slot)
FROM (
  SELECT report_day(at_) AS day, partner, channel, os, uid % 8 AS slot, count(*) AS paid, sum(amount_) AS amount, sum(chips) AS chips,
    sum(bonus_chips) AS bonus_chips, sum(greatest(0, round(extract(epoch FROM at_ - created_at))))::bigint AS pay_seconds
  FROM credited GROUP BY 1, 2, 3, 4, 5
) d
ON CONFLICT (day, partner, channel, os, slot) DO UPDATE SET paid = EXCLUDED.paid, amount = EXCLUDED.amount, chips = EXCLUDED.chips,
  bonus_chips = EXCLUDED.bonus_chips, pay_seconds = EXCLUDED.pay_seconds, first_payers = EXCLUDED.first_payers;
INSERT INTO report_cashout_day (day, partner, channel, slot, requested, requested_amount)
SELECT report_day(created_at), partner, channel, uid % 8, count(*), sum(amount) FROM cashout_order GROUP BY 1, 2, 3, 4;
INSERT INTO report_cashout_day AS r (day, partner, channel, slot, succeeded, succeeded_amount, fees, pay_seconds, failed, failed_amount, denied, denied_amount)
SELECT report_day(coalesce(finished_at, resolved_at, updated_at)), partner, channel, uid % 8,
  count(*) FILTER (WHERE status IN ('succeed', 'set_success')), coalesce(sum(amount) FILTER (WHERE status IN ('succeed', 'set_success')), 0),
  coalesce(sum(fee) FILTER (WHERE status IN ('succeed', 'set_success')), 0),
  coalesce(sum(greatest(0, round(extract(epoch FROM coalesce(finished_at, resolved_at, updated_at) - created_at)))) FILTER (WHERE status IN ('succeed', 'set_success')), 0)::bigint,
  count(*) FILTER (WHERE status = 'fail'), coalesce(sum(amount) FILTER (WHERE status = 'fail'), 0),
  count(*) FILTER (WHERE status = 'denied'), coalesce(sum(amount) FILTER (WHERE status = 'denied'), 0)
FROM cashout_order WHERE status IN ('succeed', 'set_success', 'fail', 'denied') GROUP BY 1, 2, 3, 4
ON CONFLICT (day, partner, channel, slot) DO UPDATE SET succeeded = EXCLUDED.succeeded, succeeded_amount = EXCLUDED.succeeded_amount,
  fees = EXCLUDED.fees, pay_seconds = EXCLUDED.pay_seconds, failed = EXCLUDED.failed, failed_amount = EXCLUDED.failed_amount,
  denied = EXCLUDED.denied, denied_amount = EXCLUDED.denied_amount;
-- (rebuilt whole: a bulk load may have counted some of its days already)
DELETE FROM report_active_day;
INSERT INTO report_active_day (day, partner, slot, players)
SELECT day, partner, 0, count(*) FROM player_active_day GROUP BY 1, 2;
