-- The one way an account's balance changes: the guarded update and its entry, in the caller's
-- transaction. Raises SQLSTATE CN400 (delta 0), CN404 (no such account) or CN409 (the balance
-- would go below zero); a repeated idem_key raises unique_violation (23505) on
-- account_entry_idem_idx.
CREATE OR REPLACE FUNCTION account_post(p_account bigint, p_delta bigint, p_reason text, p_ref text, p_counterparty text, p_actor text, p_key text, p_at timestamp with time zone, OUT entry_id bigint, OUT balance_after bigint)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  v ledger_account%ROWTYPE;
BEGIN
  IF p_delta IS NULL OR p_delta = 0 THEN
    RAISE EXCEPTION 'An account movement needs a delta other than 0' USING ERRCODE = 'CN400';
  END IF;
  UPDATE ledger_account SET balance = balance + p_delta
    WHERE id = p_account AND (balance + p_delta >= 0 OR kind = 'issuance')
    RETURNING * INTO v;
  IF NOT FOUND THEN
    IF NOT EXISTS (SELECT 1 FROM ledger_account WHERE id = p_account) THEN
      RAISE EXCEPTION 'Account % not found', p_account USING ERRCODE = 'CN404';
    END IF;
    RAISE EXCEPTION 'Insufficient balance' USING ERRCODE = 'CN409';
  END IF;
  balance_after := v.balance;
  INSERT INTO account_entry (at, account, kind, owner, partner, currency, delta, balance_after, reason, ref, counterparty, actor, idem_key)
    VALUES (p_at, v.id, v.kind, v.owner, v.partner, v.currency, p_delta, v.balance, p_reason, coalesce(p_ref, ''),
      coalesce(p_counterparty, ''), p_actor, p_key)
    RETURNING id INTO entry_id;
END
$function$;
