-- A cash-out order requested or settled (succeed / set_success, fail, denied).
CREATE OR REPLACE FUNCTION report_cashout_collect()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE TRIGGER cashout_order_report_insert AFTER INSERT ON cashout_order FOR EACH ROW EXECUTE FUNCTION report_cashout_collect();

CREATE OR REPLACE TRIGGER cashout_order_report_update AFTER UPDATE OF status ON cashout_order FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION report_cashout_collect();
