-- An order's credit: its chips, and its first-recharge bonus when this is the player's first
-- paid order (one insert into recharge_first_paid wins under concurrency). The caller holds the
-- order's row lock and sets the order paid in the same transaction. Used by the callback below
-- and by the staff credit of a held order (callback.ts creditOrder). Returns the bonus credited
-- (0 when not the first) and the ledger entries' ids.
CREATE OR REPLACE FUNCTION recharge_credit(p_order_id text, p_uid integer, p_chips bigint, p_bonus bigint, p_actor text, p_at timestamp with time zone, OUT bonus_chips bigint, OUT entry_ids bigint[])
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_entry bigint;
BEGIN
  INSERT INTO recharge_first_paid (uid, order_id, at) VALUES (p_uid, p_order_id, p_at) ON CONFLICT (uid) DO NOTHING;
  bonus_chips := CASE WHEN FOUND THEN p_bonus ELSE 0 END;
  SELECT l.entry_id INTO v_entry FROM ledger_post(p_uid, 'chip', p_chips, 'recharge', p_order_id, p_actor, 'recharge:' || p_order_id, p_at) l;
  entry_ids := ARRAY[v_entry];
  IF bonus_chips > 0 THEN
    SELECT l.entry_id INTO v_entry
    FROM ledger_post(p_uid, 'chip', bonus_chips, 'recharge.bonus', p_order_id, p_actor, 'recharge:' || p_order_id || ':bonus', p_at) l;
    entry_ids := entry_ids || v_entry;
  END IF;
END
$function$;
