-- Agents (issue 9), after 037: what the lists of /agentcooperation page by. A statement
-- (agent_rebate, keyed by week and agent) gains an integer id, the keyset tie-breaker of the
-- shareRebate and sharePay lists. docs/decisions/021-agents.md.
ALTER TABLE agent_rebate ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY;
CREATE UNIQUE INDEX agent_rebate_id_idx ON agent_rebate (id);
CREATE INDEX agent_rebate_week_idx ON agent_rebate (week, id);
CREATE INDEX agent_rebate_run_idx ON agent_rebate (run, id);
-- an agent's T1 lines of a week (shareT1Detail), and the lines of one invitee
CREATE INDEX agent_rebate_line_invitee_idx ON agent_rebate_line (invitee, week) WHERE invitee IS NOT NULL;
