-- The background jobs' schedule, shared by every server instance (issue 25, "Several servers";
-- http/job-schedule.ts, docs/decisions/055-jobs-across-instances.md): when each job is next
-- due, which instance holds its run and until when. A run is claimed by the one instance that
-- takes the row while it is due and unleased; a lease not renewed (the instance died) runs out
-- and the run is claimed again by another.
CREATE TABLE job_schedule (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{1,64}$'),
  due_at timestamptz NOT NULL,
  holder text,
  lease_until timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  runs bigint NOT NULL DEFAULT 0,
  failures bigint NOT NULL DEFAULT 0,
  last_error text,
  last_seconds double precision,
  CHECK ((holder IS NULL) = (lease_until IS NULL))
);

-- A server started with MIGRATE=0 (after `npm run migrate`), and GET /api/ready, check as the
-- runtime role that the database is current: it may read which files were applied, never write.
GRANT SELECT ON schema_migration, schema_repeatable TO console_app;
