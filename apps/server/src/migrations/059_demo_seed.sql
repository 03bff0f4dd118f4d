-- The demo seed's own bookkeeping (demo mode only; production never writes it): one row per
-- step of the seed that finished, so that a server stopped while the seed fills in behind it
-- (it listens at once, docs/decisions/039-first-minute.md) finishes the remaining steps on its
-- next start instead of leaving the demo half made. The row 'plan' holds what the seed was
-- asked for (players, days, seed) and the moment its history ends, which a resumed seed reuses.
CREATE TABLE demo_seed_step (
  step text PRIMARY KEY,
  details jsonb NOT NULL DEFAULT '{}',
  done_at timestamptz NOT NULL DEFAULT now()
);
