-- Ground promoters (issue 9, /groundpromoters; docs/api/groundpromoters.md,
-- docs/decisions/024-agentcash-groundpromoters.md). A ground promoter is a console account
-- with the groundpromoter role and a share code (console_account.share_code); players who
-- register with that code (player.share_id) are its records. A province promoter leads the
-- promoters whose gp_promoter.leader names it. Paying a record credits the promoter's (and
-- the province promoter's override to its) `promoter` account of the account ledger.

-- The bounty settings: province '' is the default, any other row overrides it for that province.
CREATE TABLE gp_setting (
  province text PRIMARY KEY CHECK (length(province) <= 64),
  bounty bigint NOT NULL CHECK (bounty >= 0),
  min_recharge bigint NOT NULL CHECK (min_recharge >= 1),
  qualify_days integer NOT NULL CHECK (qualify_days BETWEEN 1 AND 90),
  require_phone boolean NOT NULL,
  share_percent numeric(5, 2) NOT NULL CHECK (share_percent BETWEEN 0 AND 100),
  share_days integer NOT NULL CHECK (share_days BETWEEN 0 AND 365),
  override_percent numeric(5, 2) NOT NULL CHECK (override_percent BETWEEN 0 AND 100),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL
);

-- A promoter's province and the province promoter who leads it ('' = none).
CREATE TABLE gp_promoter (
  username text PRIMARY KEY REFERENCES console_account (username),
  province text NOT NULL DEFAULT '' CHECK (length(province) <= 64),
  leader text NOT NULL DEFAULT '',
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX gp_promoter_leader_idx ON gp_promoter (leader);

-- One record per player registered with a promoter's share code.
CREATE TABLE gp_record (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid integer NOT NULL UNIQUE REFERENCES player (uid),
  partner integer NOT NULL DEFAULT 0,
  share_code text NOT NULL,
  promoter text NOT NULL,
  -- the province and its promoter when the record was made (kept: a later move of the
  -- promoter does not move records already earned)
  province text NOT NULL DEFAULT '',
  leader text NOT NULL DEFAULT '',
  registered_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'qualified', 'paid', 'voided')),
  -- why it is pending, voided or how it qualified (a duplicate names the device or IP and the player)
  reason text NOT NULL DEFAULT '',
  phone_bound boolean NOT NULL DEFAULT false,
  -- paid recharges within qualify_days of registration; the share base (within share_days)
  recharge bigint NOT NULL DEFAULT 0,
  share_base bigint NOT NULL DEFAULT 0,
  -- what was (or will be) paid: bounty and share to the promoter, override to the leader
  bounty bigint NOT NULL DEFAULT 0,
  share bigint NOT NULL DEFAULT 0,
  override bigint NOT NULL DEFAULT 0,
  qualified_at timestamptz,
  paid_at timestamptz,
  paid_by text,
  voided_at timestamptz,
  voided_by text,
  updated_at timestamptz NOT NULL
);
CREATE INDEX gp_record_promoter_idx ON gp_record (promoter, id);
CREATE INDEX gp_record_leader_idx ON gp_record (leader, id);
CREATE INDEX gp_record_status_idx ON gp_record (status, id);
REVOKE DELETE ON gp_record FROM console_app;
