-- A slot's share of a day total. A day's slots are either 0-7 (days begun before decision 052)
-- or 8-71 (every day since): the cap is split evenly over the slots of the day's layout, the
-- first (cap mod n) of them one more, so a layout's shares sum to the cap exactly.
CREATE OR REPLACE FUNCTION app_day_share(p_cap bigint, p_slot integer)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT CASE WHEN p_slot < 8 THEN p_cap / 8 + CASE WHEN p_slot < p_cap % 8 THEN 1 ELSE 0 END
              ELSE p_cap / 64 + CASE WHEN p_slot - 8 < p_cap % 64 THEN 1 ELSE 0 END END;
$function$;
