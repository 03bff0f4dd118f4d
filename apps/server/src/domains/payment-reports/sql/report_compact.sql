-- Folding: the stripes of a finished day are summed into slot 0, so that a range reads one
-- row a cell instead of eight. Sums are unchanged (a row is deleted and its figures added in
-- one statement); a writer that still adds to an old day (a backfill) writes its stripe again
-- and the next fold takes it. The server calls it for the days before today every few
-- minutes (payment-reports/compact.ts); the server's role may not DELETE from the roll-ups,
-- so the function runs as its owner.
CREATE OR REPLACE FUNCTION report_compact(p_before date)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path FROM CURRENT
AS $function$
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
$function$;
