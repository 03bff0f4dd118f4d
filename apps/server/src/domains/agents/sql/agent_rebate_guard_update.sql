-- A closed week's agent statements (agent_rebate) may only go from pending to settled, nothing
-- else changing: an update that does more raises CN409. Same test as the lines' guard.
CREATE OR REPLACE FUNCTION agent_rebate_guard_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_week date;
BEGIN
  SELECT o.week INTO v_week FROM old_rows o JOIN agent_week w ON w.week = o.week WHERE w.status = 'closed' AND o.status <> 'pending' LIMIT 1;
  IF v_week IS NULL THEN
    SELECT n.week INTO v_week FROM new_rows n JOIN agent_week w ON w.week = n.week WHERE w.status = 'closed' AND n.status <> 'settled'
      AND EXISTS (SELECT 1 FROM old_rows o0 JOIN agent_week w0 ON w0.week = o0.week WHERE w0.status = 'closed') LIMIT 1;
  END IF;
  IF v_week IS NULL AND EXISTS (SELECT 1 FROM old_rows o JOIN agent_week w ON w.week = o.week WHERE w.status = 'closed')
    AND (SELECT coalesce(sum(hashtextextended(concat_ws('|', o.week, o.agent, o.total, o.paid_chips, o.amount, o.carry_out, o.carried_in, o.adjustments), 0)::numeric), 0) FROM old_rows o)
     <> (SELECT coalesce(sum(hashtextextended(concat_ws('|', n.week, n.agent, n.total, n.paid_chips, n.amount, n.carry_out, n.carried_in, n.adjustments), 0)::numeric), 0) FROM new_rows n) THEN
    SELECT o.week INTO v_week FROM old_rows o LIMIT 1;
  ELSIF v_week IS NULL THEN
    RETURN NULL;
  END IF;
  IF v_week IS NOT NULL THEN
    RAISE EXCEPTION 'Week % is closed: corrections go into the next week', v_week USING ERRCODE = 'CN409';
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE TRIGGER agent_rebate_closed_update AFTER UPDATE ON agent_rebate REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_rebate_guard_update();
