-- operation_log is append-only: an update, a delete or a truncate raises (the hash chain of
-- operation-log/chain.ts would show it anyway; this refuses it before).
CREATE OR REPLACE FUNCTION operation_log_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'operation_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$function$;

CREATE OR REPLACE TRIGGER operation_log_no_truncate BEFORE TRUNCATE ON operation_log FOR EACH STATEMENT EXECUTE FUNCTION operation_log_refuse_change();

CREATE OR REPLACE TRIGGER operation_log_no_update_delete BEFORE DELETE OR UPDATE ON operation_log FOR EACH ROW EXECUTE FUNCTION operation_log_refuse_change();
