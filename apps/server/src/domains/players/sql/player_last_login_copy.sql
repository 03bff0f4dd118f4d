-- player_last_login mirrors player.last_login_at (a narrow table the lost-player lists scan
-- instead of the wide player row).
CREATE OR REPLACE FUNCTION player_last_login_copy()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO player_last_login AS l (uid, last_login_at) VALUES (NEW.uid, NEW.last_login_at)
    ON CONFLICT (uid) DO UPDATE SET last_login_at = EXCLUDED.last_login_at;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE TRIGGER player_last_login_insert AFTER INSERT ON player FOR EACH ROW EXECUTE FUNCTION player_last_login_copy();

CREATE OR REPLACE TRIGGER player_last_login_update AFTER UPDATE OF last_login_at ON player FOR EACH ROW WHEN ((old.last_login_at IS DISTINCT FROM new.last_login_at)) EXECUTE FUNCTION player_last_login_copy();
