/** The summary printed at the end of a run: per type sent / applied / rejected / duplicate, and the refusals. */
import type { ActivityStats } from './activities';
import type { AppStats } from './app-open';
import type { Stats, TypeCount } from './sender';

export function summary(stats: Stats, actions: number, ms: number, retries = 0): string {
  const rows: [string, TypeCount][] = [
    ...Object.entries(stats.events).sort(([a], [b]) => a.localeCompare(b)),
    ['wallet.debit', stats.wallet.debit],
    ['wallet.credit', stats.wallet.credit],
    ['wallet.settle', stats.wallet.settle],
    ...Object.entries(stats.payment).map(([op, c]) => [`payment.${op}`, c] as [string, TypeCount]),
  ];
  const total: TypeCount = { sent: 0, applied: 0, rejected: 0, duplicate: 0 };
  for (const [, c] of rows) for (const k of Object.keys(total) as (keyof TypeCount)[]) total[k] += c[k];
  const line = (name: string, c: TypeCount) =>
    `${name.padEnd(20)}${String(c.sent).padStart(10)}${String(c.applied).padStart(10)}${String(c.rejected).padStart(10)}${String(c.duplicate).padStart(10)}`;
  const out = [
    '',
    `${'type'.padEnd(20)}${'sent'.padStart(10)}${'applied'.padStart(10)}${'rejected'.padStart(10)}${'duplicate'.padStart(10)}`,
    ...rows.map(([name, c]) => line(name, c)),
    line('total', total),
    '',
    `${actions} actions in ${(ms / 1000).toFixed(1)} s (${(actions / Math.max(ms / 1000, 0.001)).toFixed(0)}/s), ${stats.calls} calls (${stats.batches} wallet batches, their ops counted above by kind), ${retries} retries`,
  ];
  if (stats.rejections.size) {
    out.push('refusals:');
    for (const [key, n] of [...stats.rejections].sort((a, b) => b[1] - a[1]).slice(0, 15)) out.push(`  ${String(n).padStart(6)}  ${key}`);
  }
  return out.join('\n');
}

/** Live mode: the activities screens the apps opened, the claims by activity (applied: paid, duplicate: repeated), and the console's refusals. */
export function activitySummary(a: ActivityStats): string {
  const out = ['', `activities: ${a.reads} reads`];
  for (const [id, c] of Object.entries(a.claims).sort(([x], [y]) => x.localeCompare(y))) {
    out.push(
      `  claim ${id.padEnd(18)}${String(c!.sent).padStart(8)} sent${String(c!.applied).padStart(8)} paid${String(c!.duplicate).padStart(8)} repeated${String(c!.rejected).padStart(8)} refused`,
    );
  }
  for (const [key, n] of [...a.refusals].sort((x, y) => y[1] - x[1]).slice(0, 10)) out.push(`  ${String(n).padStart(6)}  ${key}`);
  return out.join('\n');
}

/** Live mode's progress line: what the apps did so far (app-open.ts). */
export function appProgress(a: AppStats): string {
  return (
    `apps: ${a.opens} opened, config ${a.configs}+${a.notModified}×304, inbox ${a.inboxes}, ${a.reads.applied} read, ` +
    `${a.claims.applied} claimed, sms ${a.sent} sent (${a.delivered} delivered, ${a.failed} failed)`
  );
}

/** Live mode: the apps' remote configuration, announcements, inboxes, reads, claims and codes (app-open.ts), and the console's refusals. */
export function appSummary(a: AppStats): string {
  const row = (name: string, c: { sent: number; applied: number; duplicate: number; rejected: number }, applied: string) =>
    `  ${name.padEnd(18)}${String(c.sent).padStart(8)} sent${String(c.applied).padStart(8)} ${applied}${String(c.duplicate).padStart(8)} repeated${String(c.rejected).padStart(8)} refused`;
  const paid =
    Object.entries(a.paid)
      .map(([currency, n]) => `${n} ${currency}`)
      .join(', ') || 'nothing';
  const out = [
    '',
    `apps: ${a.opens} opened`,
    `  configuration      ${a.configs} fetched, ${a.notModified} not modified (304)`,
    `  announcements      ${a.announcements} fetched, ${a.announcementsNotModified} not modified (304)`,
    `  inbox              ${a.inboxes} read`,
    row('message.read', a.reads, 'read'),
    row('message.claimed', a.claims, 'paid'),
    `  claims paid        ${paid}`,
    `  sms                ${a.routed} routed (${a.rerouted} around a failing provider), ${a.unrouted} unrouted, ${a.sent} sent, ${a.delivered} delivered, ${a.failed} failed`,
  ];
  for (const [key, n] of [...a.refusals].sort((x, y) => y[1] - x[1]).slice(0, 10)) out.push(`  ${String(n).padStart(6)}  ${key}`);
  return out.join('\n');
}
