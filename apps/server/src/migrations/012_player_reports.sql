-- The report screens of /usermanager (docs/api/usermanager.md "Reports"): a daily rollup of
-- game bets and wins per player, and the indexes the other reports page or search by.

-- Game chips per GMT+08:00 day and player (profitslogs, invite): summing millions of ledger
-- entries for each page of a report is too slow (measured in the docs), so every insert into
-- ledger_entry adds its game movements here, in the same statement's transaction. Games are
-- what calls the wallet (docs/api/platform.md, as for player.net_win): a game movement is a
-- chip entry moved by a platform application (actor 'app:…') other than an event (events'
-- keys are 'event:…'), whatever reason the platform gave. A debit is a bet, a credit a win,
-- and a rollback (reason 'wallet.rollback') takes its amount back from the side it reverses:
-- a credited rollback reverses a bet, a debited one a win.
CREATE TABLE player_day_game (
  id bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  day date NOT NULL,
  uid integer NOT NULL,
  partner integer NOT NULL,
  bets bigint NOT NULL DEFAULT 0,
  wins bigint NOT NULL DEFAULT 0,
  bet_count integer NOT NULL DEFAULT 0,
  net bigint GENERATED ALWAYS AS (wins - bets) STORED,
  PRIMARY KEY (day, uid)
);
-- profitslogs pages by net win: (day, net, id) for one day (a seek), (net, id) across days.
CREATE INDEX player_day_game_day_net_idx ON player_day_game (day, net, id);
CREATE INDEX player_day_game_net_idx ON player_day_game (net, id);
CREATE INDEX player_day_game_uid_idx ON player_day_game (uid, day);

CREATE FUNCTION player_day_game_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_day_game AS g (day, uid, partner, bets, wins, bet_count)
  SELECT ((e.at AT TIME ZONE 'UTC') + interval '8 hours')::date, e.uid, max(e.partner),
    sum(CASE WHEN e.reason = 'wallet.rollback' THEN CASE WHEN e.delta > 0 THEN -e.delta ELSE 0 END
             WHEN e.delta < 0 THEN -e.delta ELSE 0 END),
    sum(CASE WHEN e.reason = 'wallet.rollback' THEN CASE WHEN e.delta < 0 THEN e.delta ELSE 0 END
             WHEN e.delta > 0 THEN e.delta ELSE 0 END),
    count(*) FILTER (WHERE e.delta < 0 AND e.reason <> 'wallet.rollback')
      - count(*) FILTER (WHERE e.delta > 0 AND e.reason = 'wallet.rollback')
  FROM new_entries e
  WHERE e.currency = 'chip' AND e.actor LIKE 'app:%' AND (e.idem_key IS NULL OR e.idem_key NOT LIKE 'event:%')
  GROUP BY 1, 2
  ON CONFLICT (day, uid) DO UPDATE SET
    partner = EXCLUDED.partner,
    bets = g.bets + EXCLUDED.bets,
    wins = g.wins + EXCLUDED.wins,
    bet_count = g.bet_count + EXCLUDED.bet_count;
  RETURN NULL;
END
$$;

-- Every new statement's entries from now on (creating the trigger locks out inserts until this
-- migration commits), then what is already in the ledger.
CREATE TRIGGER ledger_entry_day_game AFTER INSERT ON ledger_entry
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION player_day_game_collect();

INSERT INTO player_day_game (day, uid, partner, bets, wins, bet_count)
SELECT ((e.at AT TIME ZONE 'UTC') + interval '8 hours')::date, e.uid, max(e.partner),
  sum(CASE WHEN e.reason = 'wallet.rollback' THEN CASE WHEN e.delta > 0 THEN -e.delta ELSE 0 END
           WHEN e.delta < 0 THEN -e.delta ELSE 0 END),
  sum(CASE WHEN e.reason = 'wallet.rollback' THEN CASE WHEN e.delta < 0 THEN e.delta ELSE 0 END
           WHEN e.delta > 0 THEN e.delta ELSE 0 END),
  count(*) FILTER (WHERE e.delta < 0 AND e.reason <> 'wallet.rollback')
    - count(*) FILTER (WHERE e.delta > 0 AND e.reason = 'wallet.rollback')
FROM ledger_entry e
WHERE e.currency = 'chip' AND e.actor LIKE 'app:%' AND (e.idem_key IS NULL OR e.idem_key NOT LIKE 'event:%')
GROUP BY 1, 2;

-- badgesearch pages badges by (granted_at, id): a row id, and the searches by name and time.
ALTER TABLE player_badge ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY UNIQUE;
CREATE INDEX player_badge_name_idx ON player_badge (lower(name) text_pattern_ops);
CREATE INDEX player_badge_granted_idx ON player_badge (granted_at, id);

-- usertrace (every login, newest first) and telephonecode (every text, newest first): the
-- keyset order (at, id).
CREATE INDEX player_login_at_id_idx ON player_login (at, id);
CREATE INDEX sms_log_at_id_idx ON sms_log (at, id);
CREATE INDEX sms_log_phone_at_idx ON sms_log (phone_number, phone_country, at, id);

-- registers by package and day; emoteStat by day with the partner.
CREATE INDEX player_package_registered_idx ON player (register_package, registered_at, uid);
