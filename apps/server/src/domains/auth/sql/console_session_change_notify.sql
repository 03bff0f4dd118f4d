-- Any statement that can end a session or change what a signed-in account may do announces
-- itself on the channel console_session_change, delivered when its transaction commits.
-- Every server instance listens and empties its in-memory session cache (session-cache.ts),
-- so revocation by logout, disabling, a password or role change is immediate everywhere,
-- also when the change is made by another instance or by hand in SQL.
CREATE OR REPLACE FUNCTION console_session_change_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('console_session_change', TG_TABLE_NAME);
  RETURN NULL;
END
$function$;

CREATE OR REPLACE TRIGGER account_session_change AFTER DELETE OR TRUNCATE ON account_session FOR EACH STATEMENT EXECUTE FUNCTION console_session_change_notify();

CREATE OR REPLACE TRIGGER console_account_change AFTER DELETE OR UPDATE OR TRUNCATE ON console_account FOR EACH STATEMENT EXECUTE FUNCTION console_session_change_notify();

-- a policy change alters what signed-in accounts may do: every instance drops its cached sessions
CREATE OR REPLACE TRIGGER role_2fa_policy_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON role_2fa_policy FOR EACH STATEMENT EXECUTE FUNCTION console_session_change_notify();
