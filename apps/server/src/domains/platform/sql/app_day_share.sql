-- A slot's share of a day total: the cap split over the 8 slots (the first cap % 8 slots one more).
CREATE OR REPLACE FUNCTION app_day_share(p_cap bigint, p_slot integer)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT p_cap / 8 + CASE WHEN p_slot < p_cap % 8 THEN 1 ELSE 0 END;
$function$;
