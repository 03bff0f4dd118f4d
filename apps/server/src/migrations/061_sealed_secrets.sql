-- Secrets at rest (issue 23; docs/decisions/044-secrets-at-rest.md). Application signing
-- secrets and authenticator seeds are kept sealed (AES-256-GCM under CONSOLE_SECRET_KEY, which
-- the database never sees: apps/server/src/secrets/keyring.ts), in the form
-- enc:1:<key id>:<base64url>. These CHECKs hold every new write to that form; rows written before
-- are sealed by the server right after the migrations (secrets/columns.ts sealClearSecrets),
-- which then validates the CHECKs.
ALTER TABLE platform_application
  ADD CONSTRAINT platform_application_secret_sealed
  CHECK (secret LIKE 'enc:1:%' AND (previous_secret IS NULL OR previous_secret LIKE 'enc:1:%')) NOT VALID;
ALTER TABLE console_account
  ADD CONSTRAINT console_account_totp_sealed CHECK (totp_secret IS NULL OR totp_secret LIKE 'enc:1:%') NOT VALID;
ALTER TABLE totp_enrolment
  ADD CONSTRAINT totp_enrolment_secret_sealed CHECK (secret LIKE 'enc:1:%') NOT VALID;
