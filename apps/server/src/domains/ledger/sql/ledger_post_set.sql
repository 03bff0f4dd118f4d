-- The set-based twin of ledger_post: many movements in one go, in the order given, each one an
-- append-only entry whose balance_after is the balance before the call plus the movements so
-- far. The guard is the database's: a movement that would take a running balance below zero
-- breaks ledger_entry's CHECK (balance_after >= 0), one of an unknown player breaks its NOT NULL
-- partner, a zero delta its CHECK (delta <> 0), a repeated key ledger_key's primary key; the balance
-- rows then move by the sum of each player's movements (their CHECK (>= 0) holds too). Callers
-- decide refusals beforehand (platform_money_apply): any of these errors is a bug, and undoes
-- the whole statement.
CREATE OR REPLACE FUNCTION ledger_post_set(p_uid integer[], p_currency text[], p_delta bigint[], p_reason text[], p_ref text[], p_actor text, p_key text[], p_at timestamp with time zone[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF coalesce(cardinality(p_uid), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM player_balance WHERE uid = ANY (p_uid) ORDER BY uid FOR UPDATE;
  WITH entry AS (
  INSERT INTO ledger_entry (at, uid, partner, currency, delta, balance_after, reason, ref, actor, idem_key)
  SELECT m.at, m.uid, b.partner, m.currency, m.delta,
    CASE m.currency WHEN 'chip' THEN b.chip WHEN 'bean' THEN b.bean WHEN 'safe' THEN b.safe WHEN 'bonus' THEN b.bonus
      WHEN 'diamond' THEN b.diamond WHEN 'charisma' THEN b.charisma WHEN 'withdrawable' THEN b.withdrawable END
      + sum(m.delta) OVER (PARTITION BY m.uid, m.currency ORDER BY m.n),
    m.reason, coalesce(m.ref, ''), p_actor, m.key
  FROM unnest(p_uid, p_currency, p_delta, p_reason, p_ref, p_key, p_at) WITH ORDINALITY AS m(uid, currency, delta, reason, ref, key, at, n)
  LEFT JOIN player_balance b ON b.uid = m.uid
  ORDER BY m.n
  RETURNING id, at, idem_key
  )
  INSERT INTO ledger_key (key, entry_id, at) SELECT idem_key, id, at FROM entry WHERE idem_key IS NOT NULL;
  UPDATE player_balance b SET chip = b.chip + d.chip, bean = b.bean + d.bean, safe = b.safe + d.safe, bonus = b.bonus + d.bonus,
    diamond = b.diamond + d.diamond, charisma = b.charisma + d.charisma, withdrawable = b.withdrawable + d.withdrawable
  FROM (
    SELECT m.uid,
      coalesce(sum(m.delta) FILTER (WHERE m.currency = 'chip'), 0) AS chip, coalesce(sum(m.delta) FILTER (WHERE m.currency = 'bean'), 0) AS bean,
      coalesce(sum(m.delta) FILTER (WHERE m.currency = 'safe'), 0) AS safe, coalesce(sum(m.delta) FILTER (WHERE m.currency = 'bonus'), 0) AS bonus,
      coalesce(sum(m.delta) FILTER (WHERE m.currency = 'diamond'), 0) AS diamond,
      coalesce(sum(m.delta) FILTER (WHERE m.currency = 'charisma'), 0) AS charisma,
      coalesce(sum(m.delta) FILTER (WHERE m.currency = 'withdrawable'), 0) AS withdrawable
    FROM unnest(p_uid, p_currency, p_delta) AS m(uid, currency, delta) GROUP BY m.uid
  ) d
  WHERE b.uid = d.uid;
END
$function$;
