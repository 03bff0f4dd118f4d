/**
 * Migration 037 on each database: the agent model's guards (t1 + t2 <= rate, a rate version is
 * never updated, a closed week is never edited except pending → settled).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type OpenedTestDatabase } from '../../test/databases';

describe.each(databases())('agent model on $kind', (kind) => {
  let d: OpenedTestDatabase;
  const at = new Date('2026-11-02T00:00:00Z');
  beforeAll(async () => {
    d = await kind.open();
    await d.db
      .insertInto('player')
      .values([1, 2].map((uid) => ({ uid, name: `P${uid}`, register_ip: '1.1.1.1', register_device: 'd', registered_at: at })))
      .execute();
    await d.db.insertInto('agent').values({ uid: 1, name: 'A', created_at: at, created_by: 'staff:business', updated_at: at }).execute();
  });
  afterAll(async () => d?.close());

  it('refuses t1 + t2 above the rate, and never changes a rate version', async () => {
    await expect(
      d.db.insertInto('agent_rate').values({ agent: 1, effective_at: at, rate: 2000, t1: 1500, t2: 600, created_by: 'x', created_at: at }).execute(),
    ).rejects.toThrow();
    await d.db.insertInto('agent_rate').values({ agent: 1, effective_at: at, rate: 2500, t1: 2000, t2: 500, created_by: 'x', created_at: at }).execute();
    await expect(d.db.updateTable('agent_rate').set({ rate: 3000 }).execute()).rejects.toThrow(/permission/);
  });

  it('a closed week refuses new lines and edits, and lets pending lines be settled', async () => {
    const week = '2026-11-02';
    await d.db.insertInto('agent_week').values({ week, starts_at: '2026-11-01T16:00:00Z', ends_at: '2026-11-08T16:00:00Z' }).execute();
    const line = { week, agent: 1, partner: 0, invitee: 2, kind: 't1' as const, base: 1000, bps: 2000, amount: 200, created_at: at, created_by: 'system:test' };
    const [{ id }] = await d.db.insertInto('agent_rebate_line').values(line).returning('id').execute();
    await d.db.updateTable('agent_week').set({ status: 'closed', closed_at: at }).where('week', '=', week).execute();
    const refused = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ code: 'CN409' });
    await refused(d.db.insertInto('agent_rebate_line').values(line).execute());
    await refused(d.db.updateTable('agent_rebate_line').set({ amount: 300 }).where('id', '=', id).execute());
    await refused(d.db.updateTable('agent_rebate_line').set({ status: 'voided', amount: 0 }).where('id', '=', id).execute());
    await refused(d.db.updateTable('agent_week').set({ status: 'open' }).where('week', '=', week).execute());
    // settling may not change the amount on the way
    await refused(d.db.updateTable('agent_rebate_line').set({ status: 'settled', amount: 201 }).where('id', '=', id).execute());
    await d.db.updateTable('agent_rebate_line').set({ status: 'settled', settled_at: at }).where('id', '=', id).execute();
    await refused(d.db.updateTable('agent_rebate_line').set({ status: 'pending' }).where('id', '=', id).execute());
    expect(Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM agent_rebate_line WHERE status = 'settled'`.execute(d.db)).rows[0].n)).toBe(1);
  });
});
