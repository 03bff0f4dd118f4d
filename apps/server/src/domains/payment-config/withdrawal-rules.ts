/**
 * /remoteconfig/withdrawalconfigs: the cash-out rules that belong to no one channel (the
 * channels' own limits are on cashOutEdter). One row, `cashout_rules` (migration 016); until
 * someone saves it the defaults below hold, so the cash-out review can always read them.
 */
import { cashoutRulesBody } from '@console/schemas';
import type { Db } from '../../db/open';
import type { VersionedItems } from '../../settings/versions';

export const WITHDRAWAL_CONFIGS = '/remoteconfig/withdrawalconfigs';

export interface CashoutRules {
  /** An order above this amount (centavos) needs a second reviewer's approval (four eyes). */
  fourEyesAmount: number;
  /** A player's cash-out requests per GMT+08:00 day over every channel; 0 = no limit. */
  dailyCount: number;
  /** GMT+08:00 hours in which reviewers work, [reviewFromHour, reviewToHour). */
  reviewFromHour: number;
  reviewToHour: number;
}

/** ₱10,000 (docs/domain.md: most cash-outs are far below it), 5 a day, reviewers 09:00–21:00. */
export const DEFAULT_CASHOUT_RULES: CashoutRules = Object.freeze({
  fourEyesAmount: 1_000_000,
  dailyCount: 5,
  reviewFromHour: 9,
  reviewToHour: 21,
});

/** The cash-out rules in force (the saved row, or the defaults). */
export async function cashoutRules(db: Db): Promise<CashoutRules> {
  const row = await db.selectFrom('cashout_rules').selectAll().executeTakeFirst();
  if (!row) return { ...DEFAULT_CASHOUT_RULES };
  return {
    fourEyesAmount: row.four_eyes_amount,
    dailyCount: row.daily_count,
    reviewFromHour: row.review_from_hour,
    reviewToHour: row.review_to_hour,
  };
}

// ---------------------------------------------------------------- the screen's one item

/** withdrawalconfigs is one document (key ''): saving writes the row, the history keeps each. */
export const cashoutRulesItems: VersionedItems<CashoutRules> = {
  screen: WITHDRAWAL_CONFIGS,
  kind: 'withdrawalconfigs',
  noun: 'Cash-out rules',
  read: async (db) => {
    await db.selectFrom('cashout_rules').select('id').forUpdate().execute();
    return cashoutRules(db);
  },
  write: async (db, _key, doc, now) => {
    if (!doc) {
      await db.deleteFrom('cashout_rules').execute();
      return;
    }
    const values = {
      four_eyes_amount: doc.fourEyesAmount,
      daily_count: doc.dailyCount,
      review_from_hour: doc.reviewFromHour,
      review_to_hour: doc.reviewToHour,
      updated_at: now,
    };
    await db
      .insertInto('cashout_rules')
      .values(values)
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  },
  restorable: cashoutRulesBody,
};
