/**
 * What the benches read of processes from /proc (Linux; 0 where there is none): a process's
 * resident memory and CPU time, and the CPU time of the bench's own PostgreSQL cluster. On a
 * shared, loaded machine the wall-clock figures swing with the neighbours; CPU time per call swings
 * much less, and says how far two free cores would go.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of a process, kB. */
export function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
export const mb = (kb: number) => Math.round(kb / 1024);

/** CPU milliseconds a process has used (user + system). */
export function serverCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in ticks of 10 ms (USER_HZ 100)
  } catch {
    return 0;
  }
}

/**
 * CPU milliseconds the PostgreSQL processes of the bench's own cluster have used (its postmaster
 * and children; 0 when the database is elsewhere).
 */
export function databaseCpuMs(dbUrl: string): number {
  try {
    const dir = process.env.BENCH_PG_DIR ?? '/tmp/console-bench-pg';
    const [pid, , , port] = readFileSync(`${dir}/data/postmaster.pid`, 'utf8').split('\n');
    if (port !== new URL(dbUrl).port) return 0;
    let ms = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
        if (fields[1] === pid || entry === pid) ms += (Number(fields[11]) + Number(fields[12])) * 10;
      } catch {
        /* gone */
      }
    }
    return ms;
  } catch {
    return 0;
  }
}
