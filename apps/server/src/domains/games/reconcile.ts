/**
 * Rounds against the wallet: for every round that ended in [from, to), each player seat's bets
 * and wins must equal its wallet movements whose `ref` is the round id (ledger entries of a
 * `game.` reason by `app:<the round's application>`, in any currency, less those rolled back).
 * A difference is reported per round and player: what the record says it staked and won, and
 * what the ledger debited and credited. Ledger entries are looked for within `slackMinutes` of
 * the range (the wallet stamps its own clock: a bet is debited before the round ends, a win
 * credited just after); an entry further away shows as a difference.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';

export interface RoundDifference {
  roundId: string;
  appId: string;
  game: string;
  uid: number;
  bet: number;
  debited: number;
  win: number;
  credited: number;
}
export interface RoundReconciliation {
  rounds: number;
  differences: RoundDifference[];
}

export async function reconcileRounds(db: Db, o: { from: Date; to: Date; game?: string; slackMinutes?: number; limit?: number }): Promise<RoundReconciliation> {
  const slack = (o.slackMinutes ?? 60) * 60_000;
  const lo = new Date(o.from.getTime() - slack);
  const hi = new Date(o.to.getTime() + slack);
  const game = o.game ?? null;
  const count = await sql<{ n: number }>`
    SELECT count(*)::integer AS n FROM game_round WHERE ended_at >= ${o.from} AND ended_at < ${o.to} AND (${game}::text IS NULL OR game = ${game})`.execute(db);
  const { rows } = await sql<Record<string, unknown>>`
    WITH r AS (
      SELECT id, app_id, round_id, game, ended_at FROM game_round
      WHERE ended_at >= ${o.from} AND ended_at < ${o.to} AND (${game}::text IS NULL OR game = ${game})
    ), s AS (
      SELECT b.round, b.uid, sum(b.bet) AS bet, sum(b.win) AS win
      FROM game_bet b JOIN r ON r.id = b.round AND r.ended_at = b.at
      WHERE b.at >= ${o.from} AND b.at < ${o.to} AND b.uid IS NOT NULL AND NOT b.bot GROUP BY 1, 2
    ), rb AS (
      -- the wallet's rollbacks: ref = the original's txId, whose entry's key is app:<app>:tx:<txId>
      SELECT x.actor || ':tx:' || x.ref AS key FROM ledger_entry x WHERE x.reason = 'wallet.rollback' AND x.at >= ${lo} AND x.at < ${hi}
    ), m AS (
      SELECT r.id AS round, l.uid, coalesce(sum(-l.delta) FILTER (WHERE l.delta < 0), 0) AS debited, coalesce(sum(l.delta) FILTER (WHERE l.delta > 0), 0) AS credited
      FROM ledger_entry l JOIN r ON l.actor = 'app:' || r.app_id AND l.ref = r.round_id
      WHERE l.at >= ${lo} AND l.at < ${hi} AND l.reason LIKE 'game.%' AND (l.idem_key IS NULL OR l.idem_key NOT IN (SELECT key FROM rb))
      GROUP BY 1, 2
    )
    SELECT r.round_id, r.app_id, r.game, coalesce(s.uid, m.uid) AS uid, coalesce(s.bet, 0) AS bet, coalesce(m.debited, 0) AS debited,
      coalesce(s.win, 0) AS win, coalesce(m.credited, 0) AS credited
    FROM s FULL JOIN m ON m.round = s.round AND m.uid = s.uid
    JOIN r ON r.id = coalesce(s.round, m.round)
    WHERE coalesce(s.bet, 0) <> coalesce(m.debited, 0) OR coalesce(s.win, 0) <> coalesce(m.credited, 0)
    ORDER BY r.id, 4
    LIMIT ${o.limit ?? 1000}`.execute(db);
  return {
    rounds: Number(count.rows[0]?.n ?? 0),
    differences: rows.map((x) => ({
      roundId: String(x.round_id),
      appId: String(x.app_id),
      game: String(x.game),
      uid: Number(x.uid),
      bet: Number(x.bet),
      debited: Number(x.debited),
      win: Number(x.win),
      credited: Number(x.credited),
    })),
  };
}
