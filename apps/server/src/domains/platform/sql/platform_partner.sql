-- The partner of a player's balance row (404 when there is no such player).
CREATE OR REPLACE FUNCTION platform_partner(p_uid integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_partner integer;
BEGIN
  SELECT partner INTO v_partner FROM player_balance WHERE uid = p_uid;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Player % not found', p_uid USING ERRCODE = 'CN404';
  END IF;
  RETURN v_partner;
END
$function$;
