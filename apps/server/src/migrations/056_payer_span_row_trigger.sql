-- The payer days' span feed fires only for a payer day that is new (issue 6: recharge callbacks a
-- second; docs/decisions/005-recharge.md). Migration 021 fed report_player_day_set from a
-- statement trigger on report_payer_day: a paid order's roll-up (report_recharge_collect, an
-- INSERT … ON CONFLICT DO UPDATE of the payer's day) fired it, and through it the day set's own
-- span trigger (report_span_collect), on every paid order, even when the payer's day was already
-- there and nothing was fed: a tenth of PostgreSQL's time a callback, measured with
-- pg_stat_statements on the payments bench (0.13 ms of 1.08 ms a callback, 0 rows fed). A row
-- trigger fires only for the rows the statement inserted (an upsert that updates fires none), with
-- the same row into the same set: what the spans count is unchanged. The trigger keeps its name
-- (the payments bench turns it off by name during its bulk load).
DROP TRIGGER report_payer_day_span ON report_payer_day;
DROP FUNCTION report_payer_span_feed();

CREATE FUNCTION report_payer_span_feed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_player_day_set (kind, uid, day, partner) VALUES ('payer', NEW.uid, NEW.day, NEW.partner)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_payer_day_span AFTER INSERT ON report_payer_day
  FOR EACH ROW EXECUTE FUNCTION report_payer_span_feed();
