-- The closed-week guard of updates to rebate lines, without a join of the two transition
-- tables (they have no index: a chunk of 100,000 lines made it a nested loop of minutes). An
-- update of a closed week's rows passes when every old row was pending, every new row is
-- settled, and the rows' other columns are the same multiset (a sum of per-row hashes,
-- compared as numeric).
CREATE OR REPLACE FUNCTION agent_rebate_line_guard_update()
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
    AND (SELECT coalesce(sum(hashtextextended(concat_ws('|', o.id, o.week, o.agent, o.partner, o.invitee, o.kind, o.base, o.bps, o.amount, o.reason), 0)::numeric), 0) FROM old_rows o)
     <> (SELECT coalesce(sum(hashtextextended(concat_ws('|', n.id, n.week, n.agent, n.partner, n.invitee, n.kind, n.base, n.bps, n.amount, n.reason), 0)::numeric), 0) FROM new_rows n) THEN
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

CREATE OR REPLACE TRIGGER agent_rebate_line_closed_update AFTER UPDATE ON agent_rebate_line REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_rebate_line_guard_update();
