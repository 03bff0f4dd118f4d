-- Makes the monthly partitions (docs/decisions/056-monthly-partitions.md, 057) of the
-- partitioned tables (every table of the schema partitioned by range: the ledger, the game
-- rounds and bets, the login trail and the platform events' records) from p_from's console month
-- to p_to's (GMT+08:00) that do not exist yet, and answers
-- one line for each month made, or refused because the default partition holds rows of it (an
-- operator moves them, docs/deploy.md "Monthly partitions and archives"). A month archived
-- already is not made again. It runs as its owner, the tables' owner, so that the server's role
-- can call it from the partitions job; it can only add months to these tables.
CREATE OR REPLACE FUNCTION month_partitions_ensure(p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS SETOF text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path FROM CURRENT
AS $function$
DECLARE
  t text;
  m timestamp;
  part text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_partitioned_table pt JOIN pg_class c ON c.oid = pt.partrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND pt.partstrat = 'r' ORDER BY c.relname
  LOOP
    -- from the month after the newest made, when that is earlier: months are never skipped
    SELECT to_date(right(max(c.relname), 7), 'YYYY_MM')::timestamp + interval '1 month' INTO m
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = t::regclass AND c.relname ~ '_[0-9]{4}_[0-9]{2}$';
    m := least(coalesce(m, 'infinity'), date_trunc('month', report_day(p_from)::timestamp));
    WHILE m <= date_trunc('month', report_day(p_to)::timestamp) LOOP
      part := t || '_' || to_char(m, 'YYYY_MM');
      IF to_regclass(part) IS NULL AND NOT EXISTS (SELECT 1 FROM archived_month a WHERE a.table_name = t AND a.month = to_char(m, 'YYYY-MM')) THEN
        BEGIN
          -- made apart, then attached: ATTACH locks the table only against other schema changes, so
          -- writes and reads go on (the default partition is locked while it is checked for rows of the month)
          EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part, t);
          EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', t, part, m::text || '+08', (m + interval '1 month')::text || '+08');
          -- the server's role reaches the rows through the partitioned table only
          EXECUTE format('REVOKE ALL ON %I FROM console_app', part);
          RETURN NEXT part;
        EXCEPTION WHEN check_violation THEN
          RETURN NEXT part || ' refused: ' || t || '_outside holds rows of that month';
        END;
      END IF;
      m := m + interval '1 month';
    END LOOP;
  END LOOP;
END
$function$;
REVOKE ALL ON FUNCTION month_partitions_ensure(timestamp with time zone, timestamp with time zone) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION month_partitions_ensure(timestamp with time zone, timestamp with time zone) TO console_app;
