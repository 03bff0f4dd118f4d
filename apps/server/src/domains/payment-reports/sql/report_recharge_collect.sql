-- A recharge order created, credited or failed: its day rows, its payer-day, a first payer.
CREATE OR REPLACE FUNCTION report_recharge_collect()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

-- Every order is a row trigger's business only when it is created or its status or resolution
-- changes (a repeated callback that changes neither calls nothing).
CREATE OR REPLACE TRIGGER recharge_order_report_insert AFTER INSERT ON recharge_order FOR EACH ROW EXECUTE FUNCTION report_recharge_collect();

CREATE OR REPLACE TRIGGER recharge_order_report_update AFTER UPDATE OF status, resolution ON recharge_order FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.resolution IS DISTINCT FROM new.resolution))) EXECUTE FUNCTION report_recharge_collect();
