-- The new days of a statement (transition table new_days): each counted under its gap in the
-- final set; a day already there that directly follows a new one (a day that arrived late, a
-- backfill) moves from its old gap to its new one. Two transactions adding days of one player
-- must take turns, the second reading the first's days (each statement of a function takes a
-- fresh snapshot under READ COMMITTED):
--   active days are added by the events call, which holds its players' rows (FOR NO KEY
--   UPDATE) from its start to its commit: nothing more is needed;
--   paying days come one order at a time: an advisory lock per player (two orders of one
--   player credited at once on either side of midnight take turns). A statement of more than
--   64 payers is a catch-up (a migration's, a bulk load's) that runs alone: it takes none (a
--   lock each would exhaust the lock table).
CREATE OR REPLACE FUNCTION report_span_collect()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF (SELECT count(DISTINCT uid) FROM new_days WHERE kind = 'payer') <= 64 THEN
    PERFORM pg_advisory_xact_lock(2102, k.uid) FROM (SELECT DISTINCT uid FROM new_days WHERE kind = 'payer' ORDER BY uid) k;
  END IF;
  INSERT INTO report_span_day AS r (kind, day, partner, gap, slot, players)
  SELECT c.kind, c.day, c.partner, c.gap, (txid_current() % 8)::smallint, sum(c.delta)::integer
  FROM (
    SELECT n.kind, n.day, n.partner, 1 AS delta,
      report_span_gap(n.day, (SELECT max(s.day) FROM report_player_day_set s WHERE s.kind = n.kind AND s.uid = n.uid AND s.day < n.day)) AS gap
    FROM new_days n
    UNION ALL
    SELECT o.kind, o.day, o.partner, g.delta, g.gap
    FROM (
      SELECT DISTINCT x.kind, x.uid, x.day, x.partner
      FROM new_days n
      CROSS JOIN LATERAL (SELECT s.kind, s.uid, s.day, s.partner FROM report_player_day_set s
                          WHERE s.kind = n.kind AND s.uid = n.uid AND s.day > n.day ORDER BY s.day LIMIT 1) x
      WHERE NOT EXISTS (SELECT 1 FROM new_days m WHERE m.kind = x.kind AND m.uid = x.uid AND m.day = x.day)
    ) o
    CROSS JOIN LATERAL (VALUES
      (1, report_span_gap(o.day, (SELECT max(s.day) FROM report_player_day_set s WHERE s.kind = o.kind AND s.uid = o.uid AND s.day < o.day))),
      (-1, report_span_gap(o.day, (SELECT max(s.day) FROM report_player_day_set s WHERE s.kind = o.kind AND s.uid = o.uid AND s.day < o.day
        AND NOT EXISTS (SELECT 1 FROM new_days m WHERE m.kind = s.kind AND m.uid = s.uid AND m.day = s.day))))
    ) g(delta, gap)
  ) c
  GROUP BY c.kind, c.day, c.partner, c.gap
  HAVING sum(c.delta) <> 0
  ORDER BY c.kind, c.day, c.partner, c.gap
  ON CONFLICT (kind, day, partner, gap, slot) DO UPDATE SET players = r.players + EXCLUDED.players;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE TRIGGER report_player_day_set_span AFTER INSERT ON report_player_day_set REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION report_span_collect();
