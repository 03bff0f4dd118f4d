// A PostgreSQL cluster of the bench's own, set up as a production server for this data would be.
//
// Why: the machine's PostgreSQL keeps the packaged defaults (shared_buffers 128 MB), a
// development setting. The players bench works on ~6 GB of tables and indexes (1,000,000
// players, 10,000,000 ledger entries) and touches them at random, as a platform does: with 128 MB
// of buffers nearly every touch is a miss copied in from the OS cache, and every write evicts a
// dirty page, so the figures measure the buffer size instead of the code (events: 2,900/s at
// random over 1,000,000 players, 9,700/s over 20,000 of them, same code, same cluster). A
// production server gives PostgreSQL about a quarter of the memory; this one does the same
// (shared_buffers = 25% of RAM, at most 8 GB) and keeps durability as it is (fsync and
// synchronous_commit on: a commit waits for its WAL flush).
//
// BENCH_PG_DIR (default /tmp/console-bench-pg) holds the cluster, BENCH_PG_PORT (default 5433)
// its port. It is created once and started if stopped; `npm run bench` leaves it running (it is
// the machine's to stop: `pg_ctl -D $BENCH_PG_DIR/data stop`).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { totalmem } from 'node:os';

const DIR = process.env.BENCH_PG_DIR ?? '/tmp/console-bench-pg';
const PORT = Number(process.env.BENCH_PG_PORT ?? 5433);

/** The newest Debian PostgreSQL binaries, or undefined when there are none. */
function binaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(`${root}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${root}/${versions[0]}/bin` : undefined;
}

/** Runs a PostgreSQL program as the postgres user when this process is root (initdb refuses root). */
function run(program: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  if (!asRoot) return execFileSync(program, args, { stdio: 'pipe' });
  const quoted = [program, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return execFileSync('su', ['postgres', '-c', quoted], { stdio: 'pipe' });
}

export function clusterSettings(memoryBytes = totalmem()) {
  const mb = Math.floor(memoryBytes / 1024 / 1024);
  const shared = Math.min(8192, Math.max(128, Math.floor(mb / 4)));
  return [
    `port = ${PORT}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${DIR}'`,
    `shared_buffers = ${shared}MB`,
    `effective_cache_size = ${Math.floor(mb * 0.6)}MB`,
    'work_mem = 16MB',
    'maintenance_work_mem = 1GB',
    'wal_buffers = 64MB',
    'max_wal_size = 16GB',
    'checkpoint_timeout = 30min',
    'checkpoint_completion_target = 0.9',
    // random index inserts touch many pages once after each checkpoint: their full-page images
    // dominate the WAL unless compressed
    "wal_compression = 'lz4'",
    'max_connections = 200',
  ];
}

/**
 * The URL of the bench's own cluster (created and started as needed), or undefined when this
 * machine has no PostgreSQL binaries to make one (then the caller uses BENCH_DATABASE_URL).
 */
export function ownCluster(): string | undefined {
  const bin = binaries();
  if (!bin) return undefined;
  const data = `${DIR}/data`;
  if (!existsSync(`${data}/PG_VERSION`)) {
    mkdirSync(DIR, { recursive: true });
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', DIR]);
    run(`${bin}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres']);
    // postgresql.auto.conf is read after postgresql.conf: these settings win
    writeFileSync(`${DIR}/settings.conf`, clusterSettings().join('\n') + '\n');
    run('sh', ['-c', `cat '${DIR}/settings.conf' >> '${data}/postgresql.auto.conf'`]);
  }
  const status = (() => {
    try {
      run(`${bin}/pg_ctl`, ['-D', data, 'status']);
      return 'running';
    } catch {
      return 'stopped';
    }
  })();
  if (status === 'stopped') run(`${bin}/pg_ctl`, ['-D', data, '-l', `${DIR}/log`, '-w', 'start']);
  return `postgres://postgres@127.0.0.1:${PORT}/postgres`;
}
