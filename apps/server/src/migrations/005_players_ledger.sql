-- Players, their balances and the ledger; the platform applications that sign calls, their
-- events and wallet transactions; what players do (logins, gifts, emotes, transfers,
-- feedback, tip-offs, texts, badges); bans; share codes of console accounts; staff issuing
-- (daily limits per permission group, batches). docs/decisions/003-ledger.md.

-- Applications of the game platform (contract "Platform API"). The secret is kept as is:
-- HMAC needs it. Managed on /remoteconfig/application; demo mode creates demo-app.
CREATE TABLE platform_application (
  app_id text PRIMARY KEY CHECK (length(app_id) BETWEEN 1 AND 64),
  name text NOT NULL DEFAULT '',
  secret text NOT NULL CHECK (length(secret) >= 16),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- §3 Player. The balances live in player_balance (a login does not lock the money row).
CREATE TABLE player (
  uid integer PRIMARY KEY CHECK (uid > 0),
  name text NOT NULL,
  avatar text NOT NULL DEFAULT '',
  phone_country text,
  phone_number text,
  phone_bound_at timestamptz,
  register_ip text NOT NULL,
  register_device text NOT NULL,
  register_package text NOT NULL DEFAULT '',
  registered_at timestamptz NOT NULL,
  login_ip text,
  login_device text,
  last_login_at timestamptz,
  login_count integer NOT NULL DEFAULT 0,
  -- the share code the player registered with: a console account's (sales, ground promoter)
  -- or the inviting player's; inviter_uid is the inviting player, when one
  share_id text,
  inviter_uid integer,
  vip integer NOT NULL DEFAULT 0 CHECK (vip >= 0),
  gcash text NOT NULL DEFAULT '',
  bank text NOT NULL DEFAULT '',
  partner integer NOT NULL DEFAULT 0 CHECK (partner >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'banned')),
  suspended_until timestamptz,
  status_reason text NOT NULL DEFAULT '',
  -- what the player has won from games, net (wallet credits minus debits of game reasons)
  net_win bigint NOT NULL DEFAULT 0,
  app_id text NOT NULL DEFAULT ''
);
CREATE INDEX player_name_idx ON player (lower(name) text_pattern_ops);
CREATE INDEX player_phone_idx ON player (phone_number, phone_country);
CREATE INDEX player_gcash_idx ON player (gcash) WHERE gcash <> '';
CREATE INDEX player_share_idx ON player (share_id) WHERE share_id IS NOT NULL;
CREATE INDEX player_inviter_idx ON player (inviter_uid) WHERE inviter_uid IS NOT NULL;
CREATE INDEX player_partner_idx ON player (partner, uid);
CREATE INDEX player_registered_idx ON player (registered_at);
CREATE INDEX player_last_login_idx ON player (last_login_at);

-- One row a player; every column changes only through ledger_post (below), which guards it.
-- CHECKs make a negative balance impossible even through a bug.
CREATE TABLE player_balance (
  uid integer PRIMARY KEY REFERENCES player (uid),
  partner integer NOT NULL DEFAULT 0,
  chip bigint NOT NULL DEFAULT 0 CHECK (chip >= 0),
  bean bigint NOT NULL DEFAULT 0 CHECK (bean >= 0),
  safe bigint NOT NULL DEFAULT 0 CHECK (safe >= 0),
  bonus bigint NOT NULL DEFAULT 0 CHECK (bonus >= 0),
  diamond bigint NOT NULL DEFAULT 0 CHECK (diamond >= 0),
  charisma bigint NOT NULL DEFAULT 0 CHECK (charisma >= 0),
  withdrawable bigint NOT NULL DEFAULT 0 CHECK (withdrawable >= 0)
);
CREATE INDEX player_balance_chip_idx ON player_balance (chip);

-- The ledger: one append-only entry per balance change. actor is 'staff:<username>',
-- 'app:<app id>' or 'system:<job>'; idem_key makes a movement happen at most once.
CREATE TABLE ledger_entry (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  uid integer NOT NULL,
  partner integer NOT NULL,
  currency text NOT NULL CHECK (currency IN ('chip', 'bean', 'safe', 'bonus', 'diamond', 'charisma', 'withdrawable')),
  delta bigint NOT NULL CHECK (delta <> 0),
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  reason text NOT NULL,
  ref text NOT NULL DEFAULT '',
  actor text NOT NULL,
  idem_key text
);
CREATE UNIQUE INDEX ledger_entry_idem_idx ON ledger_entry (idem_key) WHERE idem_key IS NOT NULL;
CREATE INDEX ledger_entry_uid_idx ON ledger_entry (uid, currency, at, id);
CREATE INDEX ledger_entry_currency_idx ON ledger_entry (currency, at, id);
CREATE INDEX ledger_entry_partner_idx ON ledger_entry (partner, currency, at, id);

CREATE FUNCTION ledger_entry_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entry is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER ledger_entry_no_update_delete BEFORE UPDATE OR DELETE ON ledger_entry
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_refuse_change();
CREATE TRIGGER ledger_entry_no_truncate BEFORE TRUNCATE ON ledger_entry
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entry_refuse_change();

-- The one way a balance changes: the guarded update and its entry, in the caller's
-- transaction. Raises SQLSTATE CN404 (no such player) or CN409 (the balance would go below
-- zero); a repeated idem_key raises unique_violation (23505) on ledger_entry_idem_idx.
CREATE FUNCTION ledger_post(p_uid integer, p_currency text, p_delta bigint, p_reason text, p_ref text,
  p_actor text, p_key text, p_at timestamptz, OUT entry_id bigint, OUT balance_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_partner integer;
BEGIN
  IF p_delta = 0 THEN
    RAISE EXCEPTION 'A ledger movement needs a delta other than 0' USING ERRCODE = 'CN400';
  END IF;
  CASE p_currency
    WHEN 'chip' THEN UPDATE player_balance SET chip = chip + p_delta WHERE uid = p_uid AND chip + p_delta >= 0 RETURNING chip, partner INTO balance_after, v_partner;
    WHEN 'bean' THEN UPDATE player_balance SET bean = bean + p_delta WHERE uid = p_uid AND bean + p_delta >= 0 RETURNING bean, partner INTO balance_after, v_partner;
    WHEN 'safe' THEN UPDATE player_balance SET safe = safe + p_delta WHERE uid = p_uid AND safe + p_delta >= 0 RETURNING safe, partner INTO balance_after, v_partner;
    WHEN 'bonus' THEN UPDATE player_balance SET bonus = bonus + p_delta WHERE uid = p_uid AND bonus + p_delta >= 0 RETURNING bonus, partner INTO balance_after, v_partner;
    WHEN 'diamond' THEN UPDATE player_balance SET diamond = diamond + p_delta WHERE uid = p_uid AND diamond + p_delta >= 0 RETURNING diamond, partner INTO balance_after, v_partner;
    WHEN 'charisma' THEN UPDATE player_balance SET charisma = charisma + p_delta WHERE uid = p_uid AND charisma + p_delta >= 0 RETURNING charisma, partner INTO balance_after, v_partner;
    WHEN 'withdrawable' THEN UPDATE player_balance SET withdrawable = withdrawable + p_delta WHERE uid = p_uid AND withdrawable + p_delta >= 0 RETURNING withdrawable, partner INTO balance_after, v_partner;
    ELSE RAISE EXCEPTION 'Unknown currency %', p_currency USING ERRCODE = 'CN400';
  END CASE;
  IF NOT FOUND THEN
    IF NOT EXISTS (SELECT 1 FROM player_balance WHERE uid = p_uid) THEN
      RAISE EXCEPTION 'Player % not found', p_uid USING ERRCODE = 'CN404';
    END IF;
    RAISE EXCEPTION 'Insufficient balance' USING ERRCODE = 'CN409';
  END IF;
  INSERT INTO ledger_entry (at, uid, partner, currency, delta, balance_after, reason, ref, actor, idem_key)
    VALUES (p_at, p_uid, v_partner, p_currency, p_delta, balance_after, p_reason, coalesce(p_ref, ''), p_actor, p_key)
    RETURNING id INTO entry_id;
END
$$;

-- Events received from the platform (contract: POST /api/platform/events), with their first
-- outcome, so that a repeated id answers `duplicate` with the same code and message.
CREATE TABLE platform_event (
  app_id text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('applied', 'rejected')),
  code integer,
  message text,
  data jsonb NOT NULL,
  PRIMARY KEY (app_id, event_id)
);
CREATE INDEX platform_event_type_idx ON platform_event (type, at);

-- Wallet calls (contract: /api/platform/wallet/*), idempotent per application and txId. A
-- rollback that arrives before its original leaves a 'voided' row for the original's txId,
-- so the original is refused when it comes.
CREATE TABLE wallet_tx (
  app_id text NOT NULL,
  tx_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('debit', 'credit', 'rollback', 'voided')),
  fingerprint text NOT NULL,
  uid integer,
  currency text,
  amount bigint,
  original_tx_id text,
  rolled_back boolean NOT NULL DEFAULT false,
  answer jsonb,
  at timestamptz NOT NULL,
  PRIMARY KEY (app_id, tx_id)
);

-- Login trail and the devices and addresses each player has used (search, usertrace).
CREATE TABLE player_login (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid integer NOT NULL,
  partner integer NOT NULL DEFAULT 0,
  at timestamptz NOT NULL,
  ip text NOT NULL,
  device_id text NOT NULL,
  duration_seconds integer
);
CREATE INDEX player_login_uid_idx ON player_login (uid, at, id);
CREATE INDEX player_login_at_idx ON player_login (at);

CREATE TABLE player_device (
  device_id text NOT NULL,
  uid integer NOT NULL,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (device_id, uid)
);
CREATE INDEX player_device_uid_idx ON player_device (uid);

CREATE TABLE player_ip (
  ip text NOT NULL,
  uid integer NOT NULL,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (ip, uid)
);
CREATE INDEX player_ip_uid_idx ON player_ip (uid);

-- Profile changes (player.profile, player.phoneBound), kept with their history.
CREATE TABLE player_profile_change (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid integer NOT NULL,
  at timestamptz NOT NULL,
  field text NOT NULL,
  old_value text,
  new_value text
);
CREATE INDEX player_profile_change_uid_idx ON player_profile_change (uid, at);

CREATE TABLE player_gift (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  from_uid integer NOT NULL,
  to_uid integer NOT NULL,
  partner integer NOT NULL DEFAULT 0,
  gift_id text NOT NULL,
  chips bigint NOT NULL,
  charisma bigint NOT NULL
);
CREATE INDEX player_gift_at_idx ON player_gift (at, id);
CREATE INDEX player_gift_from_idx ON player_gift (from_uid, at);
CREATE INDEX player_gift_to_idx ON player_gift (to_uid, at);

CREATE TABLE player_emote (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  uid integer NOT NULL,
  partner integer NOT NULL DEFAULT 0,
  emote_id text NOT NULL,
  chips bigint NOT NULL
);
CREATE INDEX player_emote_at_idx ON player_emote (at);

-- Chips from one player to another: 'player' (chips.transferred) or 'coindealer' (a coin
-- dealer's sale, coindealer.sold).
CREATE TABLE player_transfer (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('player', 'coindealer')),
  from_uid integer NOT NULL,
  to_uid integer NOT NULL,
  partner integer NOT NULL DEFAULT 0,
  amount bigint NOT NULL CHECK (amount > 0),
  price bigint
);
CREATE INDEX player_transfer_at_idx ON player_transfer (kind, at, id);
CREATE INDEX player_transfer_from_idx ON player_transfer (from_uid, at);
CREATE INDEX player_transfer_to_idx ON player_transfer (to_uid, at);

CREATE TABLE player_feedback (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  uid integer NOT NULL,
  partner integer NOT NULL DEFAULT 0,
  category text NOT NULL,
  text text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'replied', 'closed')),
  reply text NOT NULL DEFAULT '',
  handled_by text NOT NULL DEFAULT '',
  handled_at timestamptz
);
CREATE INDEX player_feedback_at_idx ON player_feedback (status, at);
CREATE INDEX player_feedback_uid_idx ON player_feedback (uid, at);

CREATE TABLE player_tipoff (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  uid integer NOT NULL,
  target_uid integer NOT NULL,
  partner integer NOT NULL DEFAULT 0,
  reason text NOT NULL,
  text text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'valid', 'invalid')),
  note text NOT NULL DEFAULT '',
  handled_by text NOT NULL DEFAULT '',
  handled_at timestamptz
);
CREATE INDEX player_tipoff_at_idx ON player_tipoff (status, at);
CREATE INDEX player_tipoff_target_idx ON player_tipoff (target_uid, at);

-- Verification texts the platform sent (sms.sent): /usermanager/telephonecode.
CREATE TABLE sms_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  phone_country text NOT NULL,
  phone_number text NOT NULL,
  code text NOT NULL,
  provider text NOT NULL,
  purpose text NOT NULL,
  app_id text NOT NULL DEFAULT ''
);
CREATE INDEX sms_log_phone_idx ON sms_log (phone_number, at);
CREATE INDEX sms_log_at_idx ON sms_log (at);

-- Badges a player holds (badge.granted): /usermanager/badgesearch.
CREATE TABLE player_badge (
  uid integer NOT NULL,
  badge_id text NOT NULL,
  name text NOT NULL,
  granted_at timestamptz NOT NULL,
  PRIMARY KEY (uid, badge_id)
);
CREATE INDEX player_badge_badge_idx ON player_badge (badge_id, granted_at);

-- Bans by account (uid), device or IP; a device or IP ban also refuses registrations and
-- logins from it. ban_log is the history (banAccountlogs), suspensions included.
CREATE TABLE ban (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('account', 'device', 'ip')),
  value text NOT NULL,
  reason text NOT NULL,
  banned_by text NOT NULL,
  banned_at timestamptz NOT NULL,
  lifted_by text,
  lifted_at timestamptz,
  active boolean NOT NULL DEFAULT true
);
CREATE UNIQUE INDEX ban_active_idx ON ban (kind, value) WHERE active;

CREATE TABLE ban_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('account', 'device', 'ip')),
  value text NOT NULL,
  action text NOT NULL CHECK (action IN ('ban', 'unban', 'suspend', 'unsuspend')),
  reason text NOT NULL DEFAULT '',
  until timestamptz,
  operator text NOT NULL,
  partner integer NOT NULL DEFAULT 0
);
CREATE INDEX ban_log_at_idx ON ban_log (at, id);
CREATE INDEX ban_log_value_idx ON ban_log (kind, value);

-- Each sales and ground-promoter account's share code: players registered with it are its players.
ALTER TABLE console_account ADD COLUMN share_code text UNIQUE;

-- Staff issuing (§6 permission groups): a daily limit per account of each group and currency,
-- and what each account has issued on each GMT+08:00 day.
CREATE TABLE issue_limit (
  permission_group text NOT NULL,
  currency text NOT NULL CHECK (currency IN ('chip', 'withdrawable')),
  daily_limit bigint NOT NULL CHECK (daily_limit >= 0),
  PRIMARY KEY (permission_group, currency)
);

CREATE TABLE issue_usage (
  username text NOT NULL,
  day date NOT NULL,
  currency text NOT NULL,
  issued bigint NOT NULL DEFAULT 0 CHECK (issued >= 0),
  PRIMARY KEY (username, day, currency)
);

-- Batch sends (batchsendgold, batchsendcash): lines are credited in chunks, each chunk one
-- transaction, so a batch interrupted anywhere resumes without paying a line twice.
CREATE TABLE issue_batch (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  currency text NOT NULL CHECK (currency IN ('chip', 'withdrawable')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done')),
  lines integer NOT NULL,
  total bigint NOT NULL,
  sent_lines integer NOT NULL DEFAULT 0,
  sent_amount bigint NOT NULL DEFAULT 0,
  failed_lines integer NOT NULL DEFAULT 0,
  finished_at timestamptz
);

CREATE TABLE issue_batch_line (
  batch_id bigint NOT NULL REFERENCES issue_batch (id),
  line_no integer NOT NULL,
  uid integer NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  message text NOT NULL DEFAULT '',
  ledger_entry_id bigint,
  PRIMARY KEY (batch_id, line_no)
);
CREATE INDEX issue_batch_line_pending_idx ON issue_batch_line (batch_id, line_no) WHERE status = 'pending';

-- The ledger is append-only for the server's role too (migration 004 granted plain DML).
REVOKE UPDATE, DELETE, TRUNCATE ON ledger_entry FROM console_app;
