-- The ledger of non-player accounts (issue 9): partners' cloud chips, coin dealers' stock, agents'
-- commission, promoters' earnings. The same rules as the players' ledger (migration 005): one
-- row per account whose balance only account_post changes, under its guard and a CHECK, and an
-- append-only entry per change, idempotent by key. docs/decisions/019-account-ledger-and-partners.md.

-- kind: 'platform' | 'issuance' | 'partner' | 'dealer' | 'agent' | 'promoter' | … (lower-case
-- word); owner: what it belongs to (a partner id, a dealer id, an agent uid, a console
-- username; 'platform' for the platform's own); partner: the partner whose money it is (0 =
-- the platform's), what partner scoping filters on.
-- The one kind allowed below zero is 'issuance': the platform's issuing account of a
-- currency, the other side of value the platform creates (a cloud-chip sale, a commission
-- earned). Its balance is minus what is outstanding, so every currency's accounts sum to what
-- left them for players' wallets.
CREATE TABLE ledger_account (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_]{0,31}$'),
  owner text NOT NULL CHECK (length(owner) BETWEEN 1 AND 128),
  partner integer NOT NULL DEFAULT 0 CHECK (partner >= 0),
  currency text NOT NULL CHECK (currency ~ '^[a-z][a-z0-9_]{0,31}$'),
  balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0 OR kind = 'issuance'),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, owner, currency)
);
CREATE INDEX ledger_account_partner_idx ON ledger_account (partner, kind);

-- One append-only entry per balance change. kind, owner, partner and currency are the
-- account's, copied so that lists filter without a join; counterparty names the other side of
-- a move ('account:<id>' or 'player:<uid>'), '' when none.
CREATE TABLE account_entry (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  account bigint NOT NULL REFERENCES ledger_account (id),
  kind text NOT NULL,
  owner text NOT NULL,
  partner integer NOT NULL,
  currency text NOT NULL,
  delta bigint NOT NULL CHECK (delta <> 0),
  balance_after bigint NOT NULL CHECK (balance_after >= 0 OR kind = 'issuance'),
  reason text NOT NULL,
  ref text NOT NULL DEFAULT '',
  counterparty text NOT NULL DEFAULT '',
  actor text NOT NULL,
  idem_key text
);
CREATE UNIQUE INDEX account_entry_idem_idx ON account_entry (idem_key) WHERE idem_key IS NOT NULL;
CREATE INDEX account_entry_account_idx ON account_entry (account, at, id);
CREATE INDEX account_entry_partner_idx ON account_entry (partner, kind, at, id);
CREATE INDEX account_entry_reason_idx ON account_entry (reason, at, id);

CREATE FUNCTION account_entry_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'account_entry is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER account_entry_no_update_delete BEFORE UPDATE OR DELETE ON account_entry
  FOR EACH ROW EXECUTE FUNCTION account_entry_refuse_change();
CREATE TRIGGER account_entry_no_truncate BEFORE TRUNCATE ON account_entry
  FOR EACH STATEMENT EXECUTE FUNCTION account_entry_refuse_change();

-- The one way an account's balance changes: the guarded update and its entry, in the caller's
-- transaction. Raises SQLSTATE CN400 (delta 0), CN404 (no such account) or CN409 (the balance
-- would go below zero); a repeated idem_key raises unique_violation (23505) on
-- account_entry_idem_idx.
CREATE FUNCTION account_post(p_account bigint, p_delta bigint, p_reason text, p_ref text, p_counterparty text,
  p_actor text, p_key text, p_at timestamptz, OUT entry_id bigint, OUT balance_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v ledger_account%ROWTYPE;
BEGIN
  IF p_delta IS NULL OR p_delta = 0 THEN
    RAISE EXCEPTION 'An account movement needs a delta other than 0' USING ERRCODE = 'CN400';
  END IF;
  UPDATE ledger_account SET balance = balance + p_delta
    WHERE id = p_account AND (balance + p_delta >= 0 OR kind = 'issuance')
    RETURNING * INTO v;
  IF NOT FOUND THEN
    IF NOT EXISTS (SELECT 1 FROM ledger_account WHERE id = p_account) THEN
      RAISE EXCEPTION 'Account % not found', p_account USING ERRCODE = 'CN404';
    END IF;
    RAISE EXCEPTION 'Insufficient balance' USING ERRCODE = 'CN409';
  END IF;
  balance_after := v.balance;
  INSERT INTO account_entry (at, account, kind, owner, partner, currency, delta, balance_after, reason, ref, counterparty, actor, idem_key)
    VALUES (p_at, v.id, v.kind, v.owner, v.partner, v.currency, p_delta, v.balance, p_reason, coalesce(p_ref, ''),
      coalesce(p_counterparty, ''), p_actor, p_key)
    RETURNING id INTO entry_id;
END
$$;

-- The runtime role: entries are appended only; an account is never deleted (its balance
-- changes through account_post, which runs with the caller's rights and needs UPDATE).
REVOKE UPDATE, DELETE, TRUNCATE ON account_entry FROM console_app;
REVOKE DELETE, TRUNCATE ON ledger_account FROM console_app;
