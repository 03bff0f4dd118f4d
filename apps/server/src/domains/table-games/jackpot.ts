/**
 * Jackpot pools, one per game: the player seats' jackpot contributions of every stored round come
 * in (trigger of migration 026, in the statement that stores the seats), and jackpot wins go out
 * (the `jackpot.won` event: the winner's chips credited through ledger_post in the same
 * transaction as the pool's `paid`, guarded by the pool's CHECK (paid <= contributed) and one
 * jackpot a round). Bot (AI) seats' contributions are house money and stay out of the pool.
 */
import type { JackpotPool, JackpotRules, JackpotWonData, TableGame } from '@console/schemas';
import type { Db } from '../../db/open';
import { conflict, notFound } from '../../http/api-error';
import { post } from '../ledger/ledger';
import { roundByKey } from '../games/round-lists';
import { jackpotDoc, readDocument } from './config';

export const JACKPOT_REASON = 'jackpot.win';

/** What a hit pays under the rules from a pool of `balance` (0 when the rules pay nothing now). */
export function payoutOf(rules: JackpotRules, balance: number): number {
  if (!rules.enabled || balance <= 0 || balance < rules.minPool) return 0;
  const share = Math.floor((balance * rules.payoutBps) / 10_000);
  return rules.maxPayout > 0 ? Math.min(share, rules.maxPayout) : share;
}

const num = (v: unknown) => Number(v ?? 0);

export async function readPool(db: Db, game: TableGame): Promise<JackpotPool> {
  const [row, rules] = await Promise.all([
    db.selectFrom('jackpot_pool').select(['contributed', 'paid', 'wins']).where('game', '=', game).executeTakeFirst(),
    readDocument(db, jackpotDoc(game)),
  ]);
  const contributed = num(row?.contributed);
  const paid = num(row?.paid);
  return { game, contributed, paid, wins: num(row?.wins), balance: contributed - paid, rules, nextPayout: payoutOf(rules, contributed - paid) };
}

/**
 * Pays one jackpot (inside the event's transaction): the round must be recorded for this
 * application and game, verified, and won by `uid` in a player seat; one jackpot a round; the
 * amount at most what the rules pay from the pool now.
 */
export async function payJackpot(trx: Db, appId: string, eventId: string, at: Date, d: JackpotWonData): Promise<void> {
  const round = await roundByKey(trx, appId, d.roundId).select(['r.id', 'r.game', 'r.verified', 'r.ended_at']).executeTakeFirst();
  if (!round || round.game !== d.game) throw notFound(`Round ${d.roundId} not found`);
  if (!round.verified) throw conflict(`Round ${d.roundId} failed its verification: no jackpot`);
  const seat = await trx
    .selectFrom('game_bet')
    .select(['partner'])
    .where('round', '=', round.id)
    .where('at', '=', round.ended_at)
    .where('uid', '=', d.uid)
    .where('bot', '=', false)
    .where('win', '>', 0)
    .executeTakeFirst();
  if (!seat) throw conflict(`Player ${d.uid} did not win round ${d.roundId}`);
  if (d.game !== 'tongits' && d.game !== 'pusoy') throw conflict(`${d.game} has no jackpot pool`);
  const pool = await trx.selectFrom('jackpot_pool').select(['contributed', 'paid']).where('game', '=', d.game).forUpdate().executeTakeFirst();
  const balance = num(pool?.contributed) - num(pool?.paid);
  const rules = await readDocument(trx, jackpotDoc(d.game));
  const most = payoutOf(rules, balance);
  if (most === 0) throw conflict(rules.enabled ? `The ${d.game} jackpot pool pays nothing now (balance ${balance})` : `The ${d.game} jackpot is disabled`);
  if (d.amount > most) throw conflict(`amount: The ${d.game} jackpot pays at most ${most} now (pool ${balance})`);
  const taken = await trx.selectFrom('jackpot_win').select('id').where('app_id', '=', appId).where('round_id', '=', d.roundId).executeTakeFirst();
  if (taken) throw conflict(`Round ${d.roundId} already paid a jackpot`);
  await trx
    .updateTable('jackpot_pool')
    .set((eb) => ({ paid: eb('paid', '+', d.amount), wins: eb('wins', '+', 1) }))
    .where('game', '=', d.game)
    .execute();
  await trx
    .insertInto('jackpot_win')
    .values({
      app_id: appId,
      event_id: eventId,
      game: d.game,
      round_id: d.roundId,
      uid: d.uid,
      partner: seat.partner,
      amount: d.amount,
      pool_before: balance,
      at,
    })
    .execute();
  await post(trx, {
    uid: d.uid,
    currency: 'chip',
    delta: d.amount,
    reason: JACKPOT_REASON,
    ref: d.roundId,
    actor: `app:${appId}`,
    key: `event:${appId}:${eventId}`,
    at,
  });
}
