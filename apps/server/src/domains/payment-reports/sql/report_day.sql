-- The GMT+08:00 day of a moment (§9).
CREATE OR REPLACE FUNCTION report_day(p_at timestamp with time zone)
 RETURNS date
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT ((p_at AT TIME ZONE 'UTC') + interval '8 hours')::date
$function$;
