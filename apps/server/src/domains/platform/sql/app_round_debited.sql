-- The credit rule: the same application debited the same player in this round in the last 24 hours:
-- a debit, or a settle with a bet (decision 058), not rolled back. Two probes, each on its partial
-- index (wallet_tx_round_idx, wallet_tx_settle_round_idx of migration 071).
-- PL/pgSQL, not SQL: wallet_move calls it from PL/pgSQL, where a SQL function holding a query
-- cannot be inlined and was planned again at every call (0.15 ms of a 1.5 ms credit, measured
-- with pgbench on PostgreSQL 15); PL/pgSQL keeps its statement's plan for the session.
CREATE OR REPLACE FUNCTION app_round_debited(p_app text, p_uid integer, p_ref text, p_at timestamp with time zone)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN EXISTS (SELECT 1 FROM wallet_tx d WHERE d.app_id = p_app AND d.uid = p_uid AND d.ref = p_ref AND d.kind = 'debit'
                  AND NOT d.rolled_back AND d.at > p_at - interval '24 hours' AND d.at <= p_at)
      OR EXISTS (SELECT 1 FROM wallet_tx d WHERE d.app_id = p_app AND d.uid = p_uid AND d.ref = p_ref AND d.kind = 'settle' AND d.amount > 0
                  AND NOT d.rolled_back AND d.at > p_at - interval '24 hours' AND d.at <= p_at);
END
$function$;
