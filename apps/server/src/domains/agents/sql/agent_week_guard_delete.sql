-- Nothing of a closed week is deleted: its statements and lines stay (CN409).
CREATE OR REPLACE FUNCTION agent_week_guard_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_week date;
BEGIN
  SELECT o.week INTO v_week FROM old_rows o JOIN agent_week w ON w.week = o.week WHERE w.status = 'closed' LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Week % is closed: corrections go into the next week', v_week USING ERRCODE = 'CN409';
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE TRIGGER agent_rebate_closed_delete AFTER DELETE ON agent_rebate REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_week_guard_delete();

CREATE OR REPLACE TRIGGER agent_rebate_line_closed_delete AFTER DELETE ON agent_rebate_line REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_week_guard_delete();
