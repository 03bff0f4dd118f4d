-- /vipmanager (issue 10; docs/api/vipmanager.md, docs/decisions/030-vipmanager.md): the VIP
-- batch sends (vipsend) and the VIP hosts with their contact log (vipservice).

-- vipsend: a VIP batch is an issuing batch (issue_batch, credited by the same worker through
-- the ledger, charged to the same daily limits); this row marks it as one and records the
-- partner of the account that made it (0 = platform staff), which scopes the vipsend list.
CREATE TABLE vip_batch (
  batch_id bigint PRIMARY KEY REFERENCES issue_batch (id),
  partner integer NOT NULL DEFAULT 0
);
CREATE INDEX vip_batch_partner_idx ON vip_batch (partner, batch_id);

-- vipservice: a VIP player's host, a console account (at most one per player). The host's
-- roles are checked when assigned; a row outlives a later role change (the list shows it).
CREATE TABLE vip_host (
  uid integer PRIMARY KEY REFERENCES player (uid),
  host text NOT NULL REFERENCES console_account (username),
  assigned_by text NOT NULL,
  assigned_at timestamptz NOT NULL
);
CREATE INDEX vip_host_host_idx ON vip_host (host, uid);

-- The contact log: who contacted the player, when, how and with what outcome.
CREATE TABLE vip_contact (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid integer NOT NULL REFERENCES player (uid),
  partner integer NOT NULL DEFAULT 0,
  host text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('phone', 'sms', 'chat', 'email', 'in-app')),
  outcome text NOT NULL CHECK (outcome IN ('reached', 'noAnswer', 'callback', 'declined', 'other')),
  note text NOT NULL CHECK (length(note) <= 2000),
  contacted_at timestamptz NOT NULL,
  logged_by text NOT NULL,
  logged_at timestamptz NOT NULL
);
CREATE INDEX vip_contact_uid_idx ON vip_contact (uid, contacted_at, id);
CREATE INDEX vip_contact_at_idx ON vip_contact (contacted_at, id);
