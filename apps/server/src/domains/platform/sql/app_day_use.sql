-- The day total of a wallet scope: adds p_amount to the application's day unless that passes
-- p_cap, which raises CN403 (the caller's statement then writes nothing). Exact under any
-- concurrency: every slot stays within its share, so the sum stays within the cap. A call takes
-- the slot of its transaction's id (64 slots, 8-71, so that concurrent calls seldom wait on the
-- same row lock until their commits); one whose slot has no room locks all the day's slots in
-- order and spreads the amount over what they have left, refusing only when the day as a whole
-- has not enough. A day's slots are made by its first call that needs them, all at once, and
-- only if the day has none: a day begun with the eight slots of before (0-7) keeps them to its
-- end, its calls taking the locked path (decision 052).
CREATE OR REPLACE FUNCTION app_day_use(p_app text, p_scope text, p_currency text, p_amount bigint, p_at timestamp with time zone, p_cap bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_day date := report_day(p_at);
  v_slot integer := 8 + (txid_current() % 64)::integer;
  v_left bigint;
  v_need bigint := p_amount;
  v_take bigint;
  r record;
BEGIN
  UPDATE platform_app_day SET total = total + p_amount
   WHERE app_id = p_app AND scope = p_scope AND currency = p_currency AND day = v_day AND slot = v_slot
     AND total + p_amount <= app_day_share(p_cap, v_slot);
  IF FOUND THEN RETURN; END IF;
  INSERT INTO platform_app_day (app_id, scope, currency, day, slot, total)
    SELECT p_app, p_scope, p_currency, v_day, s, 0 FROM generate_series(8, 71) s
     WHERE NOT EXISTS (SELECT 1 FROM platform_app_day d WHERE d.app_id = p_app AND d.scope = p_scope AND d.currency = p_currency AND d.day = v_day)
    ON CONFLICT DO NOTHING;
  SELECT sum(greatest(app_day_share(p_cap, x.slot) - x.total, 0)) INTO v_left
    FROM (SELECT d.slot, d.total FROM platform_app_day d
           WHERE d.app_id = p_app AND d.scope = p_scope AND d.currency = p_currency AND d.day = v_day ORDER BY d.slot FOR UPDATE) x;
  IF coalesce(v_left, 0) < p_amount THEN
    RAISE EXCEPTION 'Scope %: the day total of % % for this application would be passed', p_scope, p_cap, p_currency USING ERRCODE = 'CN403';
  END IF;
  FOR r IN SELECT d.slot, d.total FROM platform_app_day d
            WHERE d.app_id = p_app AND d.scope = p_scope AND d.currency = p_currency AND d.day = v_day ORDER BY d.slot LOOP
    v_take := least(v_need, greatest(app_day_share(p_cap, r.slot) - r.total, 0));
    IF v_take > 0 THEN
      UPDATE platform_app_day SET total = total + v_take
       WHERE app_id = p_app AND scope = p_scope AND currency = p_currency AND day = v_day AND slot = r.slot;
      v_need := v_need - v_take;
    END IF;
    EXIT WHEN v_need = 0;
  END LOOP;
END
$function$;
