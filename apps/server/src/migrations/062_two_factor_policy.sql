-- Two-factor sign-in per role (issue 23; docs/decisions/045-two-factor-policy.md).
-- optional:   an account may bind an authenticator; once bound, sign-in needs its code.
-- once-bound: as optional, and once an account holding the role has bound one it must keep
--             one: after a reset it can do nothing but bind again (console_account.totp_kept).
-- required:   an account holding the role can do nothing but bind until it has bound one.
-- A role without a row is optional. The defaults hold the money roles to their authenticator
-- once bound (admin, secadmin, business: finance; serviceleader: the cash-out reviewers) and
-- leave the demo accounts, which have none, signing in as the contract says.
CREATE TABLE role_2fa_policy (
  role text PRIMARY KEY CHECK (role ~ '^[a-z_]{1,32}$'),
  policy text NOT NULL CHECK (policy IN ('optional', 'once-bound', 'required')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL DEFAULT 'migration'
);
INSERT INTO role_2fa_policy (role, policy) VALUES
  ('admin', 'once-bound'), ('secadmin', 'once-bound'), ('business', 'once-bound'), ('serviceleader', 'once-bound');

-- the account has bound an authenticator under a once-bound or required role: it keeps needing one
ALTER TABLE console_account ADD COLUMN totp_kept boolean NOT NULL DEFAULT false;
UPDATE console_account a SET totp_kept = true
WHERE totp_secret IS NOT NULL AND EXISTS (SELECT 1 FROM role_2fa_policy p WHERE p.policy <> 'optional' AND a.roles ? p.role);

-- a policy change alters what signed-in accounts may do: every instance drops its cached sessions
CREATE TRIGGER role_2fa_policy_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_2fa_policy
  FOR EACH STATEMENT EXECUTE FUNCTION console_session_change_notify();
