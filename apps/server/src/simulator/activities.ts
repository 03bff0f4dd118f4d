/**
 * The app's activities screen (docs/api/activities.md): the player's app reads its live
 * activities (GET /api/platform/activities: progress, and the tiers reached or why not) and
 * claims every tier that is reached, earlier periods still open included (ladderloserebate:
 * yesterday's rebate), a few seconds apart; relief lists one grant at a time, so one a visit.
 * A claim the console refuses (a budget spent, a device or phone already rewarded, a period
 * closed) is the console's rule, not a fault of the simulator: it is counted apart from the
 * rejections. Live mode opens the screen after some logins and sittings (live.ts); the demo
 * seed's activity traffic on days of the history (domains/activities/demo.ts).
 */
import type { TypeCount } from './sender';
import type { ClaimAnswer, PlayerActivity, Transport } from './types';

export interface ActivityStats {
  /** GET /api/platform/activities calls. */
  reads: number;
  /** Claims by activity: applied = paid, duplicate = answered with the first payment (repeated), rejected = refused. */
  claims: Partial<Record<string, TypeCount>>;
  /** `<activity> <code> <message>` → how many claims were refused so. */
  refusals: Map<string, number>;
}

export const newActivityStats = (): ActivityStats => ({ reads: 0, claims: {}, refusals: new Map() });

/** A claim paid now (not a repeated answer): what the wallet received. */
export interface Paid {
  activity: string;
  currency: 'chip' | 'bean' | 'diamond';
  amount: number;
}

/** Seconds between two claims on the screen (the player taps one, then the next). */
const TAP_MS = 4_000;

/**
 * Opens the activities screen of `uid` at `at` and claims what is reached (`take` may leave a
 * tier alone). Returns the calls made and what was paid; nothing when the transport cannot
 * read activities.
 */
export async function openActivities(
  transport: Transport,
  uid: number,
  at: number,
  stats: ActivityStats,
  take: (activity: PlayerActivity, tier: PlayerActivity['tiers'][number]) => boolean = () => true,
): Promise<{ calls: number; paid: Paid[] }> {
  if (!transport.activities || !transport.claim) return { calls: 0, paid: [] };
  const items = await transport.activities(uid, at);
  stats.reads++;
  let calls = 1;
  const paid: Paid[] = [];
  let when = at;
  for (const a of items ?? []) {
    if (a.blocked) continue;
    for (const t of a.tiers) {
      if (!t.reached || !take(a, t)) continue;
      when += TAP_MS;
      const answer: ClaimAnswer = await transport.claim({ uid, activity: a.activity, tier: t.tier, period: a.period }, when);
      calls++;
      const count = (stats.claims[a.activity] ??= { sent: 0, applied: 0, rejected: 0, duplicate: 0 });
      count.sent++;
      if (answer.code === 200 && answer.repeated) count.duplicate++;
      else if (answer.code === 200) {
        count.applied++;
        paid.push({ activity: a.activity, currency: answer.currency ?? t.currency, amount: answer.amount ?? t.amount });
      } else {
        count.rejected++;
        const key = `${a.activity} ${answer.code} ${answer.message ?? ''}`;
        stats.refusals.set(key, (stats.refusals.get(key) ?? 0) + 1);
      }
    }
  }
  return { calls, paid };
}
