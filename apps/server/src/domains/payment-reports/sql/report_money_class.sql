-- Which house-money class a ledger reason is in: {kind, category}, or null for money that is
-- not the house's (play, gifts, transfers, recharges, cash-outs, safe moves). Cash-out fees are
-- not read from the ledger (the fee is held with the request and returned on a denial or a
-- failure): the recycle report takes them from report_cashout_day's settled fees.
CREATE OR REPLACE FUNCTION report_money_class(p_reason text)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT CASE
    WHEN p_reason IN ('batch.chip', 'batch.cash') THEN ARRAY['freegive', 'batch']
    WHEN p_reason = 'staff.add' THEN ARRAY['freegive', 'staff']
    WHEN p_reason = 'staff.reduce' THEN ARRAY['recycle', 'staff']
    WHEN p_reason = 'activity.relief' THEN ARRAY['freegive', 'relief']
    WHEN p_reason LIKE 'expire.%' OR p_reason LIKE '%.expire' THEN ARRAY['recycle', 'expiry']
    WHEN p_reason LIKE 'fee.%' THEN ARRAY['recycle', 'fee']
    WHEN p_reason = 'recharge.bonus' OR p_reason LIKE 'bonus.%' OR p_reason LIKE 'promo.%' THEN ARRAY['freegive', 'bonus']
    WHEN p_reason LIKE 'activity.%' OR p_reason LIKE 'reward.%' THEN ARRAY['freegive', 'reward']
  END
$function$;
