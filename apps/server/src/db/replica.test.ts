/**
 * The read replica (PostgreSQL with TEST_REPLICA_URL, a streaming replica made by
 * scripts/replica.sh): lists read there; an account that just changed something reads from the
 * primary until the replica replayed its change, while another account reads the replica as it
 * is; the replica's lag is reported, and a primary is no replica.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../test/databases';
import { testApp, type TestApp } from '../test/harness';
import { ReadReplica } from './replica';

const replicaUrl = process.env.TEST_REPLICA_URL;
const postgres = databases().filter((d) => d.kind === 'postgres');

describe.skipIf(!replicaUrl || postgres.length === 0)('reads from a streaming replica', () => {
  let t: TestApp;
  let replicaAdmin: pg.Client;
  beforeAll(async () => {
    t = await testApp(postgres[0], {}, { background: false, replica: true });
    replicaAdmin = new pg.Client({ connectionString: replicaUrl });
    await replicaAdmin.connect();
  }, 60_000);
  afterAll(async () => {
    await replicaAdmin?.query('SELECT pg_wal_replay_resume()').catch(() => undefined);
    await replicaAdmin?.end();
    await t?.close();
  });

  it('measures the lag on the replica, and finds no replica in the primary', async () => {
    const lag = await t.replica!.lagSeconds();
    expect(typeof lag).toBe('number');
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(await new ReadReplica(t.database.db, t.database.db).lagSeconds()).toBeNull();
    // a replica past its lag limit is left alone: reads go to the primary
    const strict = new ReadReplica(t.replica!.db, t.database.db, -1);
    expect(await strict.forAccount(1)).toBe(t.database.db);
    expect(strict.counts).toEqual({ replica: 0, primary: 1 });
    const ready = await t.get('/api/ready');
    expect(ready.body.checks.replica).toMatch(/^(ok|\d+\.\d s behind)$/);
  });

  it("sends a writer's reads to the primary until the replica replayed the change; others read the replica", async () => {
    const admin = await t.loginAs('admin');
    const secadmin = await t.loginAs('secadmin');
    const list = async (token: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/userinfo/admins', query: { username: 'replica1' }, headers: { 'x-token': token } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.items as { username: string }[]).map((a) => a.username);
    };
    await t.replicaCaughtUp();
    // both accounts sign-ins were changes: caught up, both read from the replica
    const before = { ...t.replica!.counts };
    expect(await list(admin)).toEqual([]);
    expect(await list(secadmin)).toEqual([]);
    expect(t.replica!.counts.replica - before.replica).toBe(2);

    await replicaAdmin.query('SELECT pg_wal_replay_pause()');
    try {
      const made = await t.post('/api/admin/userinfo/create', { username: 'replica1', password: 'secret-11', name: 'R', roles: ['service'] }, admin);
      expect(made.body.code).toBe(200);
      const primaryReads = t.replica!.counts.primary;
      // the writer sees its change (read from the primary)…
      expect(await list(admin)).toEqual(['replica1']);
      expect(t.replica!.counts.primary).toBe(primaryReads + 1);
      // …another account reads the replica, which has not replayed it yet
      expect(await list(secadmin)).toEqual([]);
    } finally {
      await replicaAdmin.query('SELECT pg_wal_replay_resume()');
    }
    await t.replicaCaughtUp();
    const replicaReads = t.replica!.counts.replica;
    expect(await list(secadmin)).toEqual(['replica1']);
    expect(await list(admin)).toEqual(['replica1']);
    expect(t.replica!.counts.replica).toBe(replicaReads + 2);
    // the replica refuses writes: nothing that changes data may be routed there
    await expect(sql`CREATE TEMP TABLE x (a int)`.execute(t.replica!.db)).rejects.toThrow(/read-only transaction/);
  });
});
