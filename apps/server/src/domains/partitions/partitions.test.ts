/**
 * Monthly partitions and archives (decision 056): rows land in their console month's partition
 * (or the default one outside the months made), the job makes the months ahead as the server's
 * role and refuses one whose rows sit in the default partition, an idempotency key stays unique
 * across months, and `npm run archive` writes a month past its retention to a compressed CSV with
 * its checksum, detaches and drops it, while reconciliation stays exact from the opening balances.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleMonth, monthAfter } from '@console/time';
import { databases, type OpenedTestDatabase } from '../../test/databases';
import { goldenOf, roundData } from '../games/test-fixtures';
import { post } from '../ledger/ledger';
import { applyEvents } from '../platform/events';
import { reconcile } from '../ledger/reconcile';
import { archiveMonths, monthsToArchive, pgCsvField, retentionFromEnv } from './archive';
import { ensureMonths, monthPartitions, PARTITIONED } from './partitions';

const NOW = Date.now();
const partitionOf = (at: Date) => `ledger_entry_${consoleMonth(at).replace('-', '_')}`;

describe.each(databases())('monthly partitions on $kind', (kind) => {
  let database: OpenedTestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await kind.open();
    dir = mkdtempSync(join(tmpdir(), 'console-archive-'));
    for (const uid of [1, 2]) {
      await database.db
        .insertInto('player')
        .values({ uid, name: `p${uid}`, register_ip: '10.0.0.1', register_device: 'd1', registered_at: new Date(NOW), partner: 0 })
        .execute();
      await database.db.insertInto('player_balance').values({ uid, partner: 0 }).execute();
    }
  });
  afterAll(async () => {
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const whereIs = async (key: string) =>
    (await sql<{ part: string }>`SELECT tableoid::regclass::text AS part FROM ledger_entry WHERE idem_key = ${key}`.execute(database.db)).rows[0]?.part;

  it('puts an entry in its console month, and one outside the months made in the default partition', async () => {
    const { db } = database;
    const thisMonth = new Date(NOW);
    await post(db, { uid: 1, currency: 'chip', delta: 500, reason: 'test', actor: 'system:test', at: thisMonth, key: 'now' });
    expect(await whereIs('now')).toBe(partitionOf(thisMonth));
    // the first instant of a console month (16:00 UTC the day before) is in that month
    const monthEdge = monthAfter(NOW, 1);
    await post(db, { uid: 1, currency: 'chip', delta: 1, reason: 'test', actor: 'system:test', at: monthEdge, key: 'edge' });
    expect(await whereIs('edge')).toBe(partitionOf(monthEdge));
    await post(db, { uid: 1, currency: 'chip', delta: 2, reason: 'test', actor: 'system:test', at: new Date('2019-05-01T00:00:00Z'), key: 'old' });
    expect(await whereIs('old')).toBe('ledger_entry_outside');
  });

  it('the job makes months for the tables the archive knows, and no other', async () => {
    const { rows } = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_partitioned_table pt JOIN pg_class c ON c.oid = pt.partrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND pt.partstrat = 'r' ORDER BY 1`.execute(database.db);
    expect(rows.map((r) => r.name)).toEqual(PARTITIONED.map((p) => p.table).sort());
  });

  it('keeps an idempotency key unique across months', async () => {
    const { db } = database;
    await post(db, { uid: 2, currency: 'chip', delta: 10, reason: 'test', actor: 'system:test', at: new Date(NOW), key: 'once' });
    await expect(
      post(db, { uid: 2, currency: 'chip', delta: 10, reason: 'test', actor: 'system:test', at: monthAfter(NOW, 2), key: 'once' }),
    ).rejects.toMatchObject({ statusCode: 409 });
    const balance = await db.selectFrom('player_balance').select('chip').where('uid', '=', 2).executeTakeFirstOrThrow();
    expect(balance.chip).toBe(10);
  });

  it('the job makes the months ahead as the server role, once, and refuses a month the default partition holds rows of', async () => {
    const { db } = database;
    const later = NOW + 200 * 86_400_000; // about six months on: three months past those made now
    const months = async () => (await monthPartitions(db)).filter((m) => m.table === 'ledger_entry').map((m) => m.month);
    const before = await months();
    expect(before).toContain(consoleMonth(monthAfter(NOW, 3)));
    expect(before).not.toContain(consoleMonth(monthAfter(later, 3)));
    // a row of a month not made yet waits in the default partition
    const stray = monthAfter(later, 3);
    await post(db, { uid: 1, currency: 'chip', delta: 3, reason: 'test', actor: 'system:test', at: stray, key: 'stray' });
    expect(await whereIs('stray')).toBe('ledger_entry_outside');
    const made = await ensureMonths(db, later);
    expect(made).toContain(`${partitionOf(stray)} refused: ledger_entry_outside holds rows of that month`);
    expect(made).toContain(partitionOf(monthAfter(later, 1)));
    expect(made).toContain(`game_bet_${consoleMonth(monthAfter(later, 2)).replace('-', '_')}`);
    expect(await months()).toContain(consoleMonth(monthAfter(later, 1)));
    expect((await ensureMonths(db, later)).filter((m) => !m.includes('refused'))).toEqual([]);
    // the server's role reaches a month only through its table
    await expect(sql`DELETE FROM ${sql.table(partitionOf(new Date(NOW)))}`.execute(db)).rejects.toThrow(/permission denied/);
    await expect(sql`DELETE FROM ledger_entry WHERE idem_key = 'now'`.execute(db)).rejects.toThrow(/permission denied|append-only/);
  });

  const where = async (table: 'platform_event' | 'game_round', column: string, value: string) =>
    (await sql<{ part: string }>`SELECT tableoid::regclass::text AS part FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${value}`.execute(database.db))
      .rows[0]?.part;
  const old = monthAfter(NOW, -2); // made by the migration, two months back
  const oldMonth = consoleMonth(old);
  const oldRound = roundData(goldenOf('lucky9'), [1], { roundId: 'r-old' }, new Date(old.getTime() + 3_600_000));

  it('records a round and an event in their month, their ids unique across months', async () => {
    const { db } = database;
    const sent = [
      { id: 'ev-login', type: 'player.login', at: old.toISOString(), data: { uid: 1, ip: '10.0.0.2', deviceId: 'd2' } },
      { id: 'ev-nobody', type: 'player.login', at: old.toISOString(), data: { uid: 404, ip: '10.0.0.2', deviceId: 'd2' } },
      { id: 'ev-round', type: 'game.round', at: old.toISOString(), data: oldRound },
    ];
    const first = await applyEvents(db, 'demo-app', sent, new Date(old.getTime() + 7_200_000));
    expect(first.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(await where('platform_event', 'event_id', 'ev-round')).toBe(`platform_event_${oldMonth.replace('-', '_')}`);
    expect(await where('game_round', 'round_id', 'r-old')).toBe(`game_round_${oldMonth.replace('-', '_')}`);
    // the same round id in a later month, under a new event id, is refused; the same event ids are duplicates
    const later = { id: 'ev-round-again', type: 'game.round', at: new Date(NOW).toISOString(), data: { ...oldRound, endedAt: new Date(NOW).toISOString() } };
    const again = await applyEvents(db, 'demo-app', [...sent, later], new Date(NOW));
    expect(again).toEqual([
      { id: 'ev-login', status: 'duplicate' },
      { id: 'ev-nobody', status: 'duplicate', code: 404, message: 'Player 404 not found' },
      { id: 'ev-round', status: 'duplicate' },
      { id: 'ev-round-again', status: 'rejected', code: 409, message: 'Round r-old is already recorded' },
    ]);
    expect(await db.selectFrom('game_round').select('id').where('round_id', '=', 'r-old').execute()).toHaveLength(1);
  });

  it('archives a month past its retention to a checked file, and reconciliation stays exact', async () => {
    const { db, owner } = database;
    for (let i = 0; i < 25; i++) {
      await post(db, {
        uid: 1 + (i % 2),
        currency: i % 3 ? 'chip' : 'bean',
        delta: 100 + i,
        reason: 'test',
        actor: 'system:test',
        at: new Date(old.getTime() + i * 3_600_000),
        key: `old-${i}`,
      });
    }
    await db.insertInto('player_login').values({ uid: 1, partner: 0, at: old, ip: '10.0.0.9', device_id: 'd, "quoted"', duration_seconds: null }).execute();
    const retention = { ledger_entry: 1, game_round: 1, game_bet: 1, player_login: 1, platform_event: 1 };
    const due = (await monthsToArchive(db, retention, NOW)).map((m) => m.partition);
    expect(due).toContain(partitionOf(old));
    expect(due).toContain(`player_login_${oldMonth.replace('-', '_')}`);
    expect(due).toContain(`game_round_${oldMonth.replace('-', '_')}`);
    expect(due).toContain(`platform_event_${oldMonth.replace('-', '_')}`);
    expect(due).not.toContain(partitionOf(monthAfter(NOW, -1)));

    expect(await archiveMonths(owner, { dir, retention, nowMs: NOW, dryRun: true })).toHaveLength(due.length);
    expect((await monthPartitions(db)).map((m) => m.partition)).toContain(partitionOf(old));

    const done = await archiveMonths(owner, { dir, retention, nowMs: NOW, batch: 7 });
    expect(done.map((m) => m.partition)).toEqual(due);
    const ledger = done.find((m) => m.partition === partitionOf(old))!;
    expect(ledger.rows).toBe(25);
    const gz = readFileSync(ledger.file);
    expect(createHash('sha256').update(gz).digest('hex')).toBe(ledger.sha256);
    expect(readFileSync(`${ledger.file}.sha256`, 'utf8')).toBe(`${ledger.sha256}  ${partitionOf(old)}.csv.gz\n`);
    const lines = gunzipSync(gz).toString('utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('id,at,uid,partner,currency,delta,balance_after,reason,ref,actor,idem_key');
    expect(lines).toHaveLength(26);
    expect(lines.filter((l) => l.includes(',old-0'))[0]).toMatch(/^\d+,.+\+00,1,0,bean,100,\d+,test,"",system:test,old-0$/);
    const logins = done.find((m) => m.table === 'player_login')!;
    expect(gunzipSync(readFileSync(logins.file)).toString('utf8')).toContain(',"d, ""quoted""",\n');

    // gone from the tables, recorded, and summed into the opening balances
    expect((await monthPartitions(db)).map((m) => m.partition)).not.toContain(partitionOf(old));
    expect(await whereIs('old-0')).toBeUndefined();
    const record = await db.selectFrom('archived_month').selectAll().where('table_name', '=', 'ledger_entry').execute();
    expect(record.map((r) => [r.month, r.row_count, r.sha256])).toEqual([[oldMonth, 25, ledger.sha256]]);
    const opening = await db.selectFrom('ledger_opening').selectAll().orderBy(['uid', 'currency']).execute();
    expect(opening.reduce((n, o) => n + o.entries, 0)).toBe(25);
    const checked = await reconcile(db);
    expect(checked.differences).toEqual([]);

    // the key of an archived entry is still spent; a late entry of that month stays online, in the default partition
    await expect(post(db, { uid: 1, currency: 'chip', delta: 1, reason: 'test', actor: 'system:test', at: new Date(NOW), key: 'old-1' })).rejects.toMatchObject(
      {
        statusCode: 409,
      },
    );
    await post(db, { uid: 1, currency: 'chip', delta: 4, reason: 'test', actor: 'system:test', at: old, key: 'late' });
    expect(await whereIs('late')).toBe('ledger_entry_outside');
    expect((await reconcile(db)).differences).toEqual([]);
    // an archived month's events and rounds keep their ids: a repeat is a duplicate with its first outcome, the round id stays taken
    expect(await where('platform_event', 'event_id', 'ev-nobody')).toBeUndefined();
    const after = await applyEvents(
      db,
      'demo-app',
      [
        { id: 'ev-nobody', type: 'player.login', at: new Date(NOW).toISOString(), data: { uid: 404, ip: '10.0.0.2', deviceId: 'd2' } },
        { id: 'ev-round', type: 'game.round', at: old.toISOString(), data: oldRound },
        { id: 'ev-round-3', type: 'game.round', at: old.toISOString(), data: oldRound },
      ],
      new Date(NOW),
    );
    expect(after).toEqual([
      { id: 'ev-nobody', status: 'duplicate', code: 404, message: 'Player 404 not found' },
      { id: 'ev-round', status: 'duplicate' },
      { id: 'ev-round-3', status: 'rejected', code: 409, message: 'Round r-old is already recorded' },
    ]);
    // an archived month is not made again, and a second archive finds nothing to do
    expect((await ensureMonths(db, NOW)).some((m) => m.startsWith(partitionOf(old)))).toBe(false);
    expect(await archiveMonths(owner, { dir, retention, nowMs: NOW })).toEqual([]);
  });

  it('reads retention settings, refusing a bad one by name', () => {
    expect(retentionFromEnv({})).toEqual({ ledger_entry: 24, game_round: 13, game_bet: 13, player_login: 6, platform_event: 13 });
    expect(retentionFromEnv({ RETENTION_EVENTS_MONTHS: '2' }).platform_event).toBe(2);
    expect(retentionFromEnv({ RETENTION_BETS_MONTHS: '3' }).game_bet).toBe(3);
    expect(() => retentionFromEnv({ RETENTION_LEDGER_MONTHS: '0' })).toThrow(/RETENTION_LEDGER_MONTHS must be a whole number from 1 to 1200/);
    expect(pgCsvField(null)).toBe('');
    expect(pgCsvField('')).toBe('""');
    expect(pgCsvField(' a')).toBe('" a"');
  });
});
