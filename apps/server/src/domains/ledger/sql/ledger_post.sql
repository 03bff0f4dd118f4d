-- The one way a balance changes: the guarded update and its entry, in the caller's
-- transaction. Raises SQLSTATE CN404 (no such player) or CN409 (the balance would go below
-- zero); a repeated idem_key raises unique_violation (23505) on ledger_key_pkey (the keys of
-- every month, decision 056).
CREATE OR REPLACE FUNCTION ledger_post(p_uid integer, p_currency text, p_delta bigint, p_reason text, p_ref text, p_actor text, p_key text, p_at timestamp with time zone, OUT entry_id bigint, OUT balance_after bigint)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_partner integer;
BEGIN
  IF p_delta = 0 THEN
    RAISE EXCEPTION 'A ledger movement needs a delta other than 0' USING ERRCODE = 'CN400';
  END IF;
  CASE p_currency
    WHEN 'chip' THEN UPDATE player_balance SET chip = chip + p_delta WHERE uid = p_uid AND chip + p_delta >= 0 RETURNING chip, partner INTO balance_after, v_partner;
    WHEN 'bean' THEN UPDATE player_balance SET bean = bean + p_delta WHERE uid = p_uid AND bean + p_delta >= 0 RETURNING bean, partner INTO balance_after, v_partner;
    WHEN 'safe' THEN UPDATE player_balance SET safe = safe + p_delta WHERE uid = p_uid AND safe + p_delta >= 0 RETURNING safe, partner INTO balance_after, v_partner;
    WHEN 'bonus' THEN UPDATE player_balance SET bonus = bonus + p_delta WHERE uid = p_uid AND bonus + p_delta >= 0 RETURNING bonus, partner INTO balance_after, v_partner;
    WHEN 'diamond' THEN UPDATE player_balance SET diamond = diamond + p_delta WHERE uid = p_uid AND diamond + p_delta >= 0 RETURNING diamond, partner INTO balance_after, v_partner;
    WHEN 'charisma' THEN UPDATE player_balance SET charisma = charisma + p_delta WHERE uid = p_uid AND charisma + p_delta >= 0 RETURNING charisma, partner INTO balance_after, v_partner;
    WHEN 'withdrawable' THEN UPDATE player_balance SET withdrawable = withdrawable + p_delta WHERE uid = p_uid AND withdrawable + p_delta >= 0 RETURNING withdrawable, partner INTO balance_after, v_partner;
    ELSE RAISE EXCEPTION 'Unknown currency %', p_currency USING ERRCODE = 'CN400';
  END CASE;
  IF NOT FOUND THEN
    IF NOT EXISTS (SELECT 1 FROM player_balance WHERE uid = p_uid) THEN
      RAISE EXCEPTION 'Player % not found', p_uid USING ERRCODE = 'CN404';
    END IF;
    RAISE EXCEPTION 'Insufficient balance' USING ERRCODE = 'CN409';
  END IF;
  INSERT INTO ledger_entry (at, uid, partner, currency, delta, balance_after, reason, ref, actor, idem_key)
    VALUES (p_at, p_uid, v_partner, p_currency, p_delta, balance_after, p_reason, coalesce(p_ref, ''), p_actor, p_key)
    RETURNING id INTO entry_id;
  IF p_key IS NOT NULL THEN
    INSERT INTO ledger_key (key, entry_id, at) VALUES (p_key, entry_id, p_at);
  END IF;
END
$function$;
