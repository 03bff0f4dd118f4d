-- The moment a GMT+08:00 day starts (§9): the first instant whose report_day is p_day. For a
-- range over a timestamptz column by its index (`at >= report_day_start(d) AND at <
-- report_day_start(d + 1)`), where report_day(at) = d would read every row.
CREATE OR REPLACE FUNCTION report_day_start(p_day date)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT (p_day::timestamp - interval '8 hours') AT TIME ZONE 'UTC'
$function$;
