/**
 * An activity's budgets (activity_budget, activity_budget_day): what every paying activity spends
 * before it pays a reward — the activities engine, the Facebook shares, the rank boards and the
 * Tongits arena. Each row's guarded UPDATE is the check, so two servers paying at once can never
 * spend past a budget together.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';

/** A budget of 0 is no limit. */
export interface Budgets {
  totalBudget: number;
  dailyBudget: number;
}

export type BudgetRefusal = 'Budget exhausted' | 'Daily budget exhausted';

/**
 * Spends `amount` of the activity's total and of its `day`'s budget, or neither (the total is put
 * back when the day's budget refuses): null when spent, else which budget refused. Run it in the
 * transaction that pays, so that a payment that fails afterwards gives the budget back too.
 */
export async function spendBudget(db: Db, activity: string, budgets: Budgets, amount: number, day: string): Promise<BudgetRefusal | null> {
  await db
    .insertInto('activity_budget')
    .values({ activity, spent: 0 })
    .onConflict((oc) => oc.column('activity').doNothing())
    .execute();
  const total = await db
    .updateTable('activity_budget')
    .set({ spent: sql`spent + ${amount}` })
    .where('activity', '=', activity)
    .where(sql<boolean>`(${budgets.totalBudget} = 0 OR spent + ${amount} <= ${budgets.totalBudget})`)
    .returning('spent')
    .executeTakeFirst();
  if (!total) return 'Budget exhausted';
  await db
    .insertInto('activity_budget_day')
    .values({ activity, day, spent: 0 })
    .onConflict((oc) => oc.columns(['activity', 'day']).doNothing())
    .execute();
  const daily = await db
    .updateTable('activity_budget_day')
    .set({ spent: sql`spent + ${amount}` })
    .where('activity', '=', activity)
    .where('day', '=', day)
    .where(sql<boolean>`(${budgets.dailyBudget} = 0 OR spent + ${amount} <= ${budgets.dailyBudget})`)
    .returning('spent')
    .executeTakeFirst();
  if (!daily) {
    await db
      .updateTable('activity_budget')
      .set({ spent: sql`spent - ${amount}` })
      .where('activity', '=', activity)
      .execute();
    return 'Daily budget exhausted';
  }
  return null;
}
