-- The role the server's runtime queries run as: console_app (open.ts puts every pooled
-- connection of the running server into it; migrations keep running as the tables' owner).
--
-- Why: the owner of operation_log is not bound by REVOKE ... FROM PUBLIC and may
-- ALTER TABLE operation_log DISABLE TRIGGER and then UPDATE a record. console_app owns
-- nothing, so it can neither alter nor drop a table nor switch a trigger off, and on the log
-- it holds only SELECT and INSERT (and SELECT, UPDATE on the chain head, which each append
-- moves). Every other table gets plain DML (no TRUNCATE, no DDL).
-- Limit: a login that is superuser or a member of the owner can SET ROLE back; in production
-- DATABASE_URL should be a login that is only a member of console_app, and the migrations run
-- by the owner (MIGRATION_DATABASE_URL). See docs/decisions/002-database-roles.md.
DO $$
DECLARE
  s text := current_schema();  -- the schema the migrations fill (tests: one per suite)
BEGIN
  -- Roles are cluster-wide: other databases (or test schemas) may create this one at the same
  -- moment, and the loser of that race gets unique_violation or duplicate_object. Creating
  -- it needs CREATEROLE; without that, an administrator creates it beforehand.
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'console_app') THEN
    BEGIN
      CREATE ROLE console_app NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
  END IF;

  -- The migrating login must be able to SET ROLE console_app when it is also the server's
  -- login (one DATABASE_URL). A superuser (PGlite's postgres) always can; PostgreSQL 16+
  -- names that right SET, older versions MEMBER. Without the right to grant it, say so and go
  -- on: a separate runtime login that is a member of console_app does not need it.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     AND NOT pg_has_role(current_user, 'console_app',
       CASE WHEN current_setting('server_version_num')::int >= 160000 THEN 'SET' ELSE 'MEMBER' END) THEN
    BEGIN
      EXECUTE format('GRANT console_app TO %I', current_user);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'could not grant console_app to %: it cannot SET ROLE console_app', current_user;
    END;
  END IF;

  EXECUTE format('GRANT USAGE ON SCHEMA %I TO console_app', s);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO console_app', s);
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO console_app', s);
  -- Tables and sequences that later migrations create (as this same owner, in this schema)
  -- get the same; a later append-only table must REVOKE what it does not allow.
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO console_app', s);
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT USAGE, SELECT ON SEQUENCES TO console_app', s);
END
$$;

-- The exceptions: the log is append-only, its head row is only moved, and the bookkeeping of
-- migrations is the owner's alone.
REVOKE UPDATE, DELETE ON operation_log FROM console_app;
REVOKE INSERT, DELETE ON operation_log_head FROM console_app;
REVOKE ALL ON schema_migration FROM console_app;
