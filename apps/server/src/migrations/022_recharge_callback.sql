-- Recharge callbacks in one round trip (issue 6 bench: ≥ 2,000 callbacks/s; docs/api/recharge.md,
-- docs/decisions/005-recharge.md "Callbacks: one statement"). The callback was six statements
-- from the server (BEGIN, lock, first-paid insert, one ledger_post per movement, the order's
-- update, COMMIT), each a round trip and a Kysely compilation; it is now one function call,
-- atomic as one statement, with the same rules in the same order: the order row locked first,
-- "first paid" decided by recharge_first_paid's primary key, every chip through ledger_post
-- (keys recharge:<order_id> and recharge:<order_id>:bonus, the second guard), the report
-- trigger of migration 019 on the order's update as before.

-- An order's credit: its chips, and its first-recharge bonus when this is the player's first
-- paid order (one insert into recharge_first_paid wins under concurrency). The caller holds the
-- order's row lock and sets the order paid in the same transaction. Used by the callback below
-- and by the staff credit of a held order (callback.ts creditOrder). Returns the bonus credited
-- (0 when not the first) and the ledger entries' ids.
CREATE FUNCTION recharge_credit(p_order_id text, p_uid integer, p_chips bigint, p_bonus bigint, p_actor text, p_at timestamptz,
  OUT bonus_chips bigint, OUT entry_ids bigint[])
LANGUAGE plpgsql AS $$
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
$$;

-- POST /api/platform/recharge/callback: the order's new status ('created', 'paid', 'failed',
-- 'held'), or NULL for an unknown order (the server answers 404). What a callback does by the
-- order's state is docs/api/recharge.md's table (callback.ts says it too). Every callback is
-- counted (callbacks, callback_at). A ledger refusal raises (CN404 / CN409 / 23505) and undoes
-- the whole call.
CREATE FUNCTION recharge_callback(p_app text, p_order_id text, p_channel_order_id text, p_amount bigint, p_status text, p_now timestamptz)
RETURNS text
LANGUAGE plpgsql AS $$
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
$$;

-- Room on each new page for an order's later versions: a repeated callback changes only its
-- count and time (no indexed column), so with room on the page it is a HOT update (no index
-- entry); the paid update itself changes indexed columns (status, paid_at, channel_order_id)
-- and cannot be HOT, but stays on its page. Existing pages keep their fill.
ALTER TABLE recharge_order SET (fillfactor = 90);
