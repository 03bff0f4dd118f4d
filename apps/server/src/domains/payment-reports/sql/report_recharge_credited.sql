-- Has the money of a recharge order been credited? (paid, or held and then credited by staff)
CREATE OR REPLACE FUNCTION report_recharge_credited(p_status text, p_resolution text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT p_status = 'paid' OR p_resolution IS NOT DISTINCT FROM 'credited'
$function$;
