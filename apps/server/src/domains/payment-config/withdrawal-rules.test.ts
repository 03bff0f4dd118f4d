import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { cashoutRules, DEFAULT_CASHOUT_RULES } from './withdrawal-rules';

describe.each(databases())('cashoutRules on $kind', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
  });
  afterAll(async () => t?.close());

  it('gives the defaults until the rules are saved, then the saved row', async () => {
    expect(await cashoutRules(t.database.db)).toEqual(DEFAULT_CASHOUT_RULES);
    expect(DEFAULT_CASHOUT_RULES.fourEyesAmount).toBe(1_000_000);
    await t.database.db.insertInto('cashout_rules').values({ four_eyes_amount: 2_500_000, daily_count: 3, review_from_hour: 8, review_to_hour: 22 }).execute();
    expect(await cashoutRules(t.database.db)).toEqual({ fourEyesAmount: 2_500_000, dailyCount: 3, reviewFromHour: 8, reviewToHour: 22 });
  });
});
