-- Agents (issue 9), after 037: what the lists of /agentcooperation page by. A statement
-- (agent_rebate, keyed by week and agent) gains an integer id, the keyset tie-breaker of the
-- shareRebate and sharePay lists. docs/decisions/021-agents.md.
ALTER TABLE agent_rebate ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY;
CREATE UNIQUE INDEX agent_rebate_id_idx ON agent_rebate (id);
CREATE INDEX agent_rebate_week_idx ON agent_rebate (week, id);
CREATE INDEX agent_rebate_run_idx ON agent_rebate (run, id);
-- an agent's T1 lines of a week (shareT1Detail), and the lines of one invitee
CREATE INDEX agent_rebate_line_invitee_idx ON agent_rebate_line (invitee, week) WHERE invitee IS NOT NULL;

-- The closed-week guards of 037 without a join of the two transition tables (they have no
-- index: a chunk of 100,000 lines made it a nested loop of minutes). An update of a closed
-- week's rows passes when every old row was pending, every new row is settled, and the rows'
-- other columns are the same multiset (a sum of per-row hashes, compared as numeric).
CREATE OR REPLACE FUNCTION agent_rebate_line_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;

CREATE OR REPLACE FUNCTION agent_rebate_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
