/**
 * The database of one bench on the bench's cluster. `BENCH_REUSE=1` keeps it when `holds`
 * finds the data of this size in it (the server applies any newer migration when it starts),
 * so that a change can be measured before and after on the same rows; otherwise it is dropped
 * and created empty, and the bench generates its data.
 */
import pg from 'pg';

export async function benchDatabase(pgUrl: string, name: string, holds: (db: pg.Client) => Promise<boolean>): Promise<{ url: string; reuse: boolean }> {
  const u = new URL(pgUrl);
  u.pathname = '/' + name;
  const url = u.toString();
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    let reuse = process.env.BENCH_REUSE === '1' && exists;
    if (reuse) {
      const probe = new pg.Client({ connectionString: url });
      await probe.connect();
      try {
        reuse = await holds(probe);
      } catch {
        reuse = false;
      } finally {
        await probe.end();
      }
    }
    if (!reuse) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    }
    return { url, reuse };
  } finally {
    await admin.end();
  }
}

/** A `holds` check: the first row's `column` of `query` equals `expected`. */
export const firstValueIs = (query: string, column: string, expected: number) => async (db: pg.Client) =>
  Number((await db.query(query)).rows[0]?.[column]) === expected;
