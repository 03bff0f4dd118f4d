-- ledger_entry is append-only: an update, a delete or a truncate raises.
CREATE OR REPLACE FUNCTION ledger_entry_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'ledger_entry is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$function$;

CREATE OR REPLACE TRIGGER ledger_entry_no_truncate BEFORE TRUNCATE ON ledger_entry FOR EACH STATEMENT EXECUTE FUNCTION ledger_entry_refuse_change();

CREATE OR REPLACE TRIGGER ledger_entry_no_update_delete BEFORE DELETE OR UPDATE ON ledger_entry FOR EACH ROW EXECUTE FUNCTION ledger_entry_refuse_change();
