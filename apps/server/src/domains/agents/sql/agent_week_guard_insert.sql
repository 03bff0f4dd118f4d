-- A closed week is never edited: its lines and statements may only go from pending to settled
-- (the payment), nothing else changing. Anything else raises CN409. Statement-level (a week's
-- settlement writes millions of lines in one statement). Statements (agent_rebate) are written
-- in the transaction that closes the week, before it closes; so are the week's lines.
CREATE OR REPLACE FUNCTION agent_week_guard_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_week date;
BEGIN
  SELECT n.week INTO v_week FROM new_rows n JOIN agent_week w ON w.week = n.week WHERE w.status = 'closed' LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Week % is closed: corrections go into the next week', v_week USING ERRCODE = 'CN409';
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE TRIGGER agent_rebate_closed_insert AFTER INSERT ON agent_rebate REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_week_guard_insert();

CREATE OR REPLACE TRIGGER agent_rebate_line_closed_insert AFTER INSERT ON agent_rebate_line REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_week_guard_insert();
