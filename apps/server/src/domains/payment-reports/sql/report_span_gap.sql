-- The gap class of a day after the player's previous one: the days between them, 93 for a
-- first day or a gap of 93 days or more.
CREATE OR REPLACE FUNCTION report_span_gap(p_day date, p_prev date)
 RETURNS smallint
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT (CASE WHEN p_prev IS NULL OR p_day - p_prev >= 93 THEN 93 ELSE p_day - p_prev END)::smallint
$function$;
