-- Console accounts, their sessions, authenticator enrolments and sign-in throttling.
CREATE TABLE partner (
  id integer PRIMARY KEY CHECK (id > 0),
  name text NOT NULL
);

CREATE TABLE console_account (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  name text NOT NULL DEFAULT '',
  avatar text NOT NULL DEFAULT '',
  telephone text NOT NULL DEFAULT '',
  roles jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(roles) = 'array'),
  partner integer NOT NULL DEFAULT 0 CHECK (partner >= 0),
  enabled boolean NOT NULL DEFAULT true,
  totp_secret text,
  totp_last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);
CREATE INDEX console_account_partner_idx ON console_account (partner);

-- A secret shown by GET bind2fa, waiting for its first code (one per account).
CREATE TABLE totp_enrolment (
  account_id integer PRIMARY KEY REFERENCES console_account (id) ON DELETE CASCADE,
  secret text NOT NULL,
  created_at timestamptz NOT NULL
);

-- Opaque access tokens, stored as their SHA-256; a row is a live session.
CREATE TABLE account_session (
  token_hash text PRIMARY KEY,
  account_id integer NOT NULL REFERENCES console_account (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX account_session_account_idx ON account_session (account_id);

-- Failed sign-ins per username ('user:…') and per client address ('ip:…').
CREATE TABLE signin_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_start timestamptz NOT NULL,
  locked_until timestamptz
);
