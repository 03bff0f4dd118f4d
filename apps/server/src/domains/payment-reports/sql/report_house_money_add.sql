-- One house-money entry into its striped row (only entries of those reasons reach here: see
-- the trigger's WHEN). The stripe is the transaction's, not the player's: a batch chunk
-- crediting 200 players in one transaction then adds to one row per reason instead of eight,
-- so two chunks running at once (two server processes) cannot lock the same stripes in
-- opposite orders and deadlock; concurrent single movements still spread over eight rows.
CREATE OR REPLACE FUNCTION report_house_money_add()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

-- The ledger is the hot path (every bet, win, gift and transfer; each ledger_post is a
-- one-row INSERT statement). A statement-level trigger would therefore still run once per
-- movement, game or not, and a transition table would copy every row; a row trigger whose
-- WHEN is false queues nothing and calls nothing. So: a row trigger, and its WHEN lets
-- through only the reasons report_money_class may classify (cheap text tests, no function
-- call; keep the two in step).
CREATE OR REPLACE TRIGGER ledger_entry_house_money AFTER INSERT ON ledger_entry FOR EACH ROW WHEN (((new.reason = ANY (ARRAY['batch.chip'::text, 'batch.cash'::text, 'staff.add'::text, 'staff.reduce'::text, 'recharge.bonus'::text])) OR (new.reason ~~ 'activity.%'::text) OR (new.reason ~~ 'bonus.%'::text) OR (new.reason ~~ 'promo.%'::text) OR (new.reason ~~ 'reward.%'::text) OR (new.reason ~~ 'fee.%'::text) OR (new.reason ~~ 'expire.%'::text) OR (new.reason ~~ '%.expire'::text))) EXECUTE FUNCTION report_house_money_add();
