-- A device and an address a player was seen with, with the first and last time of each.
CREATE OR REPLACE FUNCTION platform_seen(p_uid integer, p_device text, p_ip text, p_at timestamp with time zone)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO player_device AS d (device_id, uid, first_at, last_at) VALUES (p_device, p_uid, p_at, p_at)
    ON CONFLICT (device_id, uid) DO UPDATE SET first_at = least(d.first_at, excluded.first_at), last_at = greatest(d.last_at, excluded.last_at);
  INSERT INTO player_ip AS i (ip, uid, first_at, last_at) VALUES (p_ip, p_uid, p_at, p_at)
    ON CONFLICT (ip, uid) DO UPDATE SET first_at = least(i.first_at, excluded.first_at), last_at = greatest(i.last_at, excluded.last_at);
$function$;
