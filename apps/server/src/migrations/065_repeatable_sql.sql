-- The database's functions and triggers are defined in files of their own beside the domain
-- code (apps/server/src/domains/<domain>/sql/<function>.sql), applied after the numbered
-- migrations whenever a file changes or a migration ran (db/migrate.ts, decision 049). This
-- table keeps the checksum each file was last applied with. Only the migrating login reads it.
CREATE TABLE schema_repeatable (
  name text PRIMARY KEY,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON schema_repeatable FROM console_app;
