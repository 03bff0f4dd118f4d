-- The credit rule: the same application debited the same player in this round in the last 24 hours.
CREATE OR REPLACE FUNCTION app_round_debited(p_app text, p_uid integer, p_ref text, p_at timestamp with time zone)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT EXISTS (SELECT 1 FROM wallet_tx d WHERE d.app_id = p_app AND d.uid = p_uid AND d.ref = p_ref AND d.kind = 'debit'
                  AND NOT d.rolled_back AND d.at > p_at - interval '24 hours' AND d.at <= p_at);
$function$;
