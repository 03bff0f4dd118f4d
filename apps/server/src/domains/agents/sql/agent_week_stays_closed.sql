-- a closed week stays closed
CREATE OR REPLACE FUNCTION agent_week_stays_closed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF OLD.status = 'closed' AND (NEW.status <> 'closed' OR NEW.starts_at <> OLD.starts_at OR NEW.ends_at <> OLD.ends_at) THEN
    RAISE EXCEPTION 'Week % is closed', OLD.week USING ERRCODE = 'CN409';
  END IF;
  RETURN NEW;
END
$function$;

CREATE OR REPLACE TRIGGER agent_week_closed BEFORE UPDATE ON agent_week FOR EACH ROW EXECUTE FUNCTION agent_week_stays_closed();
