-- Agents and their rebates (issue 9, /agentcooperation): the agent model the other issue-9
-- domains read (agent reports, the agent tree, agent cash-out). docs/decisions/021-agents.md.
--
-- An agent is a player (agent.uid = player.uid). Its invitees come from player.inviter_uid:
-- T1 = players whose inviter_uid is the agent, T2 = players whose inviter_uid is a T1 invitee.
-- Rates are versioned (agent_rate, effective from a time, never applied backwards). Every week
-- (Monday 00:00 GMT+8 to the next Monday) the settlement (domains/agents/settlement.ts) writes
-- one line per invitee and tier that had rake (agent_rebate_line) and one statement per agent
-- (agent_rebate), then pays the statements through the account ledger (migration 033): the
-- agent's commission is the ledger_account of kind 'agent', owner = the agent's uid as text,
-- currency = lower(agent_rate.currency) ('php'), balance in the currency's smallest unit
-- (centavos). Amounts here are in chips (1 chip = 1 centavo) unless the column says otherwise.
-- Rates are basis points (2000 = 20%).

-- The settlement's setting (one row): commission is withdrawable only when the agent had at
-- least min_active_invitees T1 invitees who played in the settled week.
CREATE TABLE agent_settings (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  min_active_invitees integer NOT NULL DEFAULT 5 CHECK (min_active_invitees BETWEEN 0 AND 100000),
  updated_at timestamptz,
  updated_by text NOT NULL DEFAULT ''
);
INSERT INTO agent_settings (id) VALUES (1);

CREATE TABLE agent (
  uid integer PRIMARY KEY REFERENCES player (uid),
  -- the player's partner when made an agent (0 = the platform's own); what partner scoping filters on
  partner integer NOT NULL DEFAULT 0 CHECK (partner >= 0),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  -- suspended: its weeks settle with every line voided ('agent suspended'), nothing paid
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 200),
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  updated_at timestamptz NOT NULL,
  -- as of the last settled week (kept by the settlement): T1 invitees who played in it, whether
  -- that reaches agent_settings.min_active_invitees (the commission may be cashed out), the
  -- negative result carried into the next week (chips, <= 0) and that week
  active_invitees integer NOT NULL DEFAULT 0,
  withdrawable boolean NOT NULL DEFAULT false,
  carry bigint NOT NULL DEFAULT 0 CHECK (carry <= 0),
  settled_week date
);
CREATE INDEX agent_partner_idx ON agent (partner, uid);
CREATE INDEX agent_created_idx ON agent (created_at, uid);

-- Rate versions: the version in effect at a time is the one with the latest effective_at at or
-- before it. The settlement applies to each GMT+8 day's rake the version in effect at the day's
-- start, so a version never reaches rake earned before its time. Never updated or deleted.
CREATE TABLE agent_rate (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  agent integer NOT NULL REFERENCES agent (uid),
  effective_at timestamptz NOT NULL,
  -- the agent's total share of its invitees' rake, and how it splits between the tiers
  rate integer NOT NULL CHECK (rate BETWEEN 0 AND 10000),
  t1 integer NOT NULL CHECK (t1 BETWEEN 0 AND 10000),
  t2 integer NOT NULL CHECK (t2 BETWEEN 0 AND 10000),
  -- share of T1 invitees' paid recharges (0 = not configured)
  recharge integer NOT NULL DEFAULT 0 CHECK (recharge BETWEEN 0 AND 10000),
  -- the currency the commission is paid in and how many chips make one unit of it
  currency text NOT NULL DEFAULT 'PHP' CHECK (currency ~ '^[A-Z]{3}$'),
  currency_ratio integer NOT NULL DEFAULT 100 CHECK (currency_ratio BETWEEN 1 AND 1000000),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 200),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  CHECK (t1 + t2 <= rate),
  UNIQUE (agent, effective_at)
);

-- Settlement weeks, by their Monday (GMT+8). open: lines may still be added (staff
-- adjustments land in the week that holds their time); closed: settled, never edited again.
CREATE TABLE agent_week (
  week date PRIMARY KEY CHECK (extract(isodow FROM week) = 1),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  closed_at timestamptz
);

-- A week's settlement (a payout batch, sharePay): claimed by one server process in the
-- transaction that closes the week; paid in chunks by whichever process takes them.
CREATE TABLE agent_settlement_run (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  week date NOT NULL UNIQUE REFERENCES agent_week (week),
  status text NOT NULL CHECK (status IN ('paying', 'done')),
  -- 'system:agent-settlement@<host>:<pid>' or 'staff:<username>' (a run started by hand)
  claimed_by text NOT NULL,
  started_at timestamptz NOT NULL,
  computed_at timestamptz NOT NULL,
  finished_at timestamptz,
  agents integer NOT NULL DEFAULT 0,
  lines integer NOT NULL DEFAULT 0,
  -- statements paid (total > 0), their chips and their amount in the currency's smallest unit
  paid integer NOT NULL DEFAULT 0,
  paid_chips bigint NOT NULL DEFAULT 0,
  paid_amount bigint NOT NULL DEFAULT 0
);

-- One line per (week, agent, invitee, kind) with rake or recharge in the week, plus staff
-- adjustments. kind: 't1' / 't2' (rake of a T1 / T2 invitee), 'recharge' (T1 invitee's paid
-- recharges), 'own' (the agent's own rake: never earns), 'adjustment' (a correction, ±).
-- base = the rake or recharge the line is on; amount = what it earns (0 when voided).
-- status: pending (an adjustment of an open week, or a line not yet paid) → settled | voided;
-- reason says why a line earns nothing ('own play', 'shared device', 'shared ip',
-- 'agent suspended', 'no rate') or, for an adjustment, why it was made.
CREATE TABLE agent_rebate_line (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  week date NOT NULL REFERENCES agent_week (week),
  agent integer NOT NULL REFERENCES agent (uid),
  partner integer NOT NULL,
  invitee integer,
  kind text NOT NULL CHECK (kind IN ('t1', 't2', 'recharge', 'own', 'adjustment')),
  base bigint NOT NULL DEFAULT 0 CHECK (base >= 0),
  -- the rate applied (basis points; the last day's when the week spans a rate change)
  bps integer NOT NULL DEFAULT 0,
  amount bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'settled', 'voided')),
  reason text NOT NULL DEFAULT '' CHECK (length(reason) <= 200),
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  settled_at timestamptz,
  CHECK (kind = 'adjustment' OR amount >= 0),
  CHECK (status <> 'voided' OR amount = 0 OR kind = 'adjustment')
);
CREATE INDEX agent_rebate_line_week_idx ON agent_rebate_line (week, id);
CREATE INDEX agent_rebate_line_agent_idx ON agent_rebate_line (agent, week, kind, id);
CREATE INDEX agent_rebate_line_partner_idx ON agent_rebate_line (partner, week, id);
CREATE INDEX agent_rebate_line_pending_idx ON agent_rebate_line (week, agent) WHERE status = 'pending';

-- One statement per agent and settled week: the sums of its lines, the carry, what was paid.
-- total = t1_amount + t2_amount + recharge_amount + adjustments + carried_in; when total > 0 it
-- is paid (paid_chips = total, amount = paid_chips * 100 / currency_ratio in the currency's
-- smallest unit) and carry_out = 0; otherwise nothing is paid and carry_out = total.
-- status: pending (computed, not yet paid) → settled (paid, or nothing to pay) | voided
-- (agent suspended); reason says why a statement pays nothing.
CREATE TABLE agent_rebate (
  week date NOT NULL REFERENCES agent_week (week),
  agent integer NOT NULL REFERENCES agent (uid),
  partner integer NOT NULL,
  t1_invitees integer NOT NULL DEFAULT 0,
  t2_invitees integer NOT NULL DEFAULT 0,
  active_invitees integer NOT NULL DEFAULT 0,
  t1_rake bigint NOT NULL DEFAULT 0,
  t1_amount bigint NOT NULL DEFAULT 0,
  t2_rake bigint NOT NULL DEFAULT 0,
  t2_amount bigint NOT NULL DEFAULT 0,
  recharge_base bigint NOT NULL DEFAULT 0,
  recharge_amount bigint NOT NULL DEFAULT 0,
  own_rake bigint NOT NULL DEFAULT 0,
  excluded_rake bigint NOT NULL DEFAULT 0,
  adjustments bigint NOT NULL DEFAULT 0,
  carried_in bigint NOT NULL DEFAULT 0 CHECK (carried_in <= 0),
  total bigint NOT NULL DEFAULT 0,
  paid_chips bigint NOT NULL DEFAULT 0 CHECK (paid_chips >= 0),
  carry_out bigint NOT NULL DEFAULT 0 CHECK (carry_out <= 0),
  currency text NOT NULL,
  currency_ratio integer NOT NULL,
  amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  withdrawable boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'settled', 'voided')),
  reason text NOT NULL DEFAULT '',
  run integer NOT NULL REFERENCES agent_settlement_run (id),
  -- the account_entry that credited the agent (null when nothing was paid)
  entry bigint,
  settled_at timestamptz,
  PRIMARY KEY (week, agent)
);
CREATE INDEX agent_rebate_agent_idx ON agent_rebate (agent, week);
CREATE INDEX agent_rebate_partner_idx ON agent_rebate (partner, week, agent);
CREATE INDEX agent_rebate_pending_idx ON agent_rebate (run, agent) WHERE status = 'pending';

-- A closed week is never edited: its lines and statements may only go from pending to settled
-- (the payment), nothing else changing. Anything else raises CN409. Statement-level (a week's
-- settlement writes millions of lines in one statement). Statements (agent_rebate) are written
-- in the transaction that closes the week, before it closes; so are the week's lines.
CREATE FUNCTION agent_week_guard_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_week date;
BEGIN
  SELECT n.week INTO v_week FROM new_rows n JOIN agent_week w ON w.week = n.week WHERE w.status = 'closed' LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Week % is closed: corrections go into the next week', v_week USING ERRCODE = 'CN409';
  END IF;
  RETURN NULL;
END
$$;
CREATE FUNCTION agent_week_guard_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_week date;
BEGIN
  SELECT o.week INTO v_week FROM old_rows o JOIN agent_week w ON w.week = o.week WHERE w.status = 'closed' LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Week % is closed: corrections go into the next week', v_week USING ERRCODE = 'CN409';
  END IF;
  RETURN NULL;
END
$$;
CREATE FUNCTION agent_rebate_line_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_week date;
BEGIN
  SELECT o.week INTO v_week FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN agent_week w ON w.week = o.week
    WHERE w.status = 'closed' AND NOT (o.status = 'pending' AND n.status = 'settled' AND n.week = o.week
      AND n.agent = o.agent AND n.kind = o.kind AND n.base = o.base AND n.amount = o.amount AND n.reason = o.reason)
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Week % is closed: corrections go into the next week', v_week USING ERRCODE = 'CN409';
  END IF;
  RETURN NULL;
END
$$;
CREATE FUNCTION agent_rebate_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_week date;
BEGIN
  SELECT o.week INTO v_week FROM old_rows o JOIN new_rows n ON n.week = o.week AND n.agent = o.agent
    JOIN agent_week w ON w.week = o.week
    WHERE w.status = 'closed' AND NOT (o.status = 'pending' AND n.status = 'settled'
      AND n.total = o.total AND n.paid_chips = o.paid_chips AND n.amount = o.amount AND n.carry_out = o.carry_out)
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Week % is closed: corrections go into the next week', v_week USING ERRCODE = 'CN409';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER agent_rebate_line_closed_insert AFTER INSERT ON agent_rebate_line
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_week_guard_insert();
CREATE TRIGGER agent_rebate_line_closed_update AFTER UPDATE ON agent_rebate_line
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_rebate_line_guard_update();
CREATE TRIGGER agent_rebate_line_closed_delete AFTER DELETE ON agent_rebate_line
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_week_guard_delete();
CREATE TRIGGER agent_rebate_closed_insert AFTER INSERT ON agent_rebate
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_week_guard_insert();
CREATE TRIGGER agent_rebate_closed_update AFTER UPDATE ON agent_rebate
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_rebate_guard_update();
CREATE TRIGGER agent_rebate_closed_delete AFTER DELETE ON agent_rebate
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_week_guard_delete();
-- a closed week stays closed
CREATE FUNCTION agent_week_stays_closed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'closed' AND (NEW.status <> 'closed' OR NEW.starts_at <> OLD.starts_at OR NEW.ends_at <> OLD.ends_at) THEN
    RAISE EXCEPTION 'Week % is closed', OLD.week USING ERRCODE = 'CN409';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER agent_week_closed BEFORE UPDATE ON agent_week FOR EACH ROW EXECUTE FUNCTION agent_week_stays_closed();

-- The runtime role: rate versions, lines and statements are records, never deleted.
REVOKE UPDATE, DELETE, TRUNCATE ON agent_rate FROM console_app;
REVOKE DELETE, TRUNCATE ON agent, agent_week, agent_settlement_run, agent_rebate, agent_rebate_line FROM console_app;
