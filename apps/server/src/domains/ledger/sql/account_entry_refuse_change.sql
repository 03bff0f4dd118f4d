-- account_entry is append-only: an update, a delete or a truncate raises.
CREATE OR REPLACE FUNCTION account_entry_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'account_entry is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$function$;

CREATE OR REPLACE TRIGGER account_entry_no_truncate BEFORE TRUNCATE ON account_entry FOR EACH STATEMENT EXECUTE FUNCTION account_entry_refuse_change();

CREATE OR REPLACE TRIGGER account_entry_no_update_delete BEFORE DELETE OR UPDATE ON account_entry FOR EACH ROW EXECUTE FUNCTION account_entry_refuse_change();
