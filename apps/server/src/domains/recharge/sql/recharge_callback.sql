-- POST /api/platform/recharge/callback: the order's new status ('created', 'paid', 'failed',
-- 'held'), or NULL for an unknown order (the server answers 404). What a callback does by the
-- order's state is docs/api/recharge.md's table (callback.ts says it too). Every callback is
-- counted (callbacks, callback_at). A ledger refusal raises (CN404 / CN409 / 23505) and undoes
-- the whole call.
CREATE OR REPLACE FUNCTION recharge_callback(p_app text, p_order_id text, p_channel_order_id text, p_amount bigint, p_status text, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  o record;
  c record;
BEGIN
  SELECT id, uid, status, price, product_chips, product_bonus, flag, resolution, channel_order_id INTO o
  FROM recharge_order WHERE order_id = p_order_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF o.status = 'created' THEN
    IF p_status = 'failed' THEN
      UPDATE recharge_order SET status = 'failed', channel_order_id = p_channel_order_id, callback_at = p_now, callbacks = callbacks + 1
      WHERE id = o.id;
      RETURN 'failed';
    ELSIF p_amount <> o.price THEN
      UPDATE recharge_order SET status = 'held', held_reason = 'amount', paid_amount = p_amount, channel_order_id = p_channel_order_id,
        callback_at = p_now, callbacks = callbacks + 1
      WHERE id = o.id;
      RETURN 'held';
    END IF;
    c := recharge_credit(p_order_id, o.uid, o.product_chips, o.product_bonus, 'app:' || p_app, p_now);
    UPDATE recharge_order SET status = 'paid', paid_at = p_now, chips = o.product_chips, bonus_chips = c.bonus_chips, paid_amount = p_amount,
      channel_order_id = p_channel_order_id, callback_at = p_now, callbacks = callbacks + 1
    WHERE id = o.id;
    RETURN 'paid';
  ELSIF o.status = 'paid' AND o.flag IS NULL AND (p_status = 'failed' OR p_channel_order_id IS DISTINCT FROM o.channel_order_id) THEN
    UPDATE recharge_order SET flag = CASE WHEN p_status = 'failed' THEN 'failedAfterPaid' ELSE 'channelOrderId' END,
      callback_at = p_now, callbacks = callbacks + 1
    WHERE id = o.id;
    RETURN 'paid';
  ELSIF o.status = 'failed' AND p_status = 'paid' AND o.resolution IS NULL THEN
    UPDATE recharge_order SET status = 'held', held_reason = 'afterFailed', paid_amount = p_amount, channel_order_id = p_channel_order_id,
      callback_at = p_now, callbacks = callbacks + 1
    WHERE id = o.id;
    RETURN 'held';
  END IF;
  -- nothing changes but the count (a repeat, or a held order waiting for a person): no indexed
  -- column moves, so this update is HOT (see the fillfactor below)
  UPDATE recharge_order SET callback_at = p_now, callbacks = callbacks + 1 WHERE id = o.id;
  RETURN o.status;
END
$function$;
