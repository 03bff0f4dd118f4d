import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type OpenedTestDatabase } from '../../test/databases';
import { allowance, chargeIssue } from './limits';
import { consoleDay } from '@console/time';

const now = new Date('2026-11-22T17:00:00Z'); // 2026-11-23 01:00 in GMT+08:00

describe.each(databases())('daily issue limits on $kind', (kind) => {
  let database: OpenedTestDatabase;
  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(async () => database?.close());

  it('counts by the GMT+08:00 day', () => expect(consoleDay(now)).toBe('2026-11-23'));

  it('takes the largest limit of the account groups and refuses what does not fit', async () => {
    const { db } = database;
    const lead = { username: 'lead1', roles: ['service', 'serviceleader'] };
    expect((await allowance(db, lead, 'chip', now)).limit).toBe(1_000_000);
    await db.transaction().execute((trx) => chargeIssue(trx, lead, 'chip', 999_000, now));
    await expect(db.transaction().execute((trx) => chargeIssue(trx, lead, 'chip', 1_001, now))).rejects.toMatchObject({
      statusCode: 409,
      message: 'Daily issue limit exceeded: 1000 left of 1000000',
    });
    expect(await allowance(db, lead, 'chip', now)).toEqual({ limit: 1_000_000, issued: 999_000, remaining: 1_000 });
    await expect(db.transaction().execute((trx) => chargeIssue(trx, { username: 'ed', roles: ['editor'] }, 'chip', 1, now))).rejects.toMatchObject({
      statusCode: 409,
    });
  });

  it('concurrent charges never pass the limit together', async () => {
    const { db } = database;
    const svc = { username: 'svc1', roles: ['service'] }; // 100 000 a day
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => db.transaction().execute((trx) => chargeIssue(trx, svc, 'chip', 7_000, now))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(14);
    expect((await allowance(db, svc, 'chip', now)).issued).toBe(98_000);
  });
});
