-- Active bans on an account, a device or an address (account first): 409 when one holds.
CREATE OR REPLACE FUNCTION platform_check_bans(p_uid integer, p_device text, p_ip text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_kind text;
  v_value text;
BEGIN
  SELECT kind, value INTO v_kind, v_value FROM ban
  WHERE active AND ((kind = 'account' AND value = p_uid::text) OR (kind = 'device' AND value = p_device) OR (kind = 'ip' AND value = p_ip))
  ORDER BY CASE kind WHEN 'account' THEN 0 WHEN 'device' THEN 1 ELSE 2 END
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '% is banned', CASE v_kind WHEN 'account' THEN 'Account ' WHEN 'device' THEN 'Device ' ELSE 'IP ' END || v_value
      USING ERRCODE = 'CN409';
  END IF;
END
$function$;
