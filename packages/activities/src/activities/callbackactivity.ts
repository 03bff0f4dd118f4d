/**
 * callbackactivity (domain.md): recall friends inactive ≥ 15 days; 500 to the recaller, 1,000 to
 * the returner after 5 rounds in 3 days; ≤ 10 per recaller. The facts are the platform's
 * `player.recall` events (a recall link sent to a friend) with what became of each: the friend's
 * last login before it, the first login after it (the return) and the rounds since (the engine's
 * 'recalls' fact, docs/decisions/034-recall-and-pwa-facts.md).
 *
 * Precisely (period 'once': the activity's dates, or for ever):
 *   - A link counts when the friend's last login before it (its registration if none) is
 *     `inactiveDays` or more earlier, the friend's first login after it comes within `linkDays`
 *     of it, and no later link to that friend (from anyone) came before that return: only the
 *     last link before a return is credited, so one return pays one recaller.
 *   - The return succeeds when the friend plays `minRounds` rounds within `roundDays` of the
 *     return (a round counts from its first bet: the 5th round must begin before the return + 3 days).
 *   - Then both roles are paid, each by its own claim: the recaller tier `f<friend uid>`
 *     (`recallerReward`, once per friend for ever, at most `maxFriends` friends a recaller) and the
 *     returner tier `back` (`returnerReward`, once per player for ever).
 *   - Links still in play show as tiers not reached with why (not back yet, rounds to play); a
 *     link that can no longer succeed (friend not away long enough, back too late, rounds not
 *     played in time, credited to a later link) shows nothing.
 */
import { whole } from '@console/games';
import type { z } from 'zod';
import { activitySettings, defineActivity, positiveChips, RECALL_ROUNDS_CAP, type Recall, type RuleExample, type Tier } from '../define';
import { consoleMinute } from '@console/time';

const DAY_MS = 86_400_000;

const settings = activitySettings({
  /** Days the friend must have been away when the link was sent. */
  inactiveDays: whole(1, 365).default(15),
  /** Days after the link within which the friend must come back. */
  linkDays: whole(1, 90).default(7),
  /** Rounds the returner must play … */
  minRounds: whole(1, RECALL_ROUNDS_CAP).default(5),
  /** … within these days of the return. */
  roundDays: whole(1, 30).default(3),
  recallerReward: positiveChips.default(500),
  returnerReward: positiveChips.default(1_000),
  /** Most recalled friends that pay one recaller. */
  maxFriends: whole(1, 1_000).default(10),
});
type Settings = z.output<typeof settings>;

/** 'YYYY-MM-DD HH:mm' in GMT+08:00 (the why texts). */
const phTime = (at: number) => consoleMinute(at);

type Outcome = { kind: 'done' } | { kind: 'pending'; why: string; returner: string } | { kind: 'lost' };

/** What became of one link under the settings, at `now`. */
function outcome(s: Settings, r: Recall, now: Date): Outcome {
  if (!r.credited || r.sameDevice || r.at.getTime() - r.lastSeen.getTime() < s.inactiveDays * DAY_MS) return { kind: 'lost' };
  const linkEnds = r.at.getTime() + s.linkDays * DAY_MS;
  if (!r.returnedAt) {
    return now.getTime() < linkEnds
      ? { kind: 'pending', why: `Friend ${r.friendUid} has not come back yet`, returner: 'Log in to come back' }
      : { kind: 'lost' };
  }
  if (r.returnedAt.getTime() >= linkEnds) return { kind: 'lost' };
  const windowEnds = r.returnedAt.getTime() + s.roundDays * DAY_MS;
  const played = r.rounds.filter((t) => t.getTime() < windowEnds).length;
  if (played >= s.minRounds) return { kind: 'done' };
  if (now.getTime() >= windowEnds) return { kind: 'lost' };
  return {
    kind: 'pending',
    why: `Friend ${r.friendUid} played ${played} of ${s.minRounds} rounds (until ${phTime(windowEnds)})`,
    returner: `Play ${s.minRounds - played} more round${s.minRounds - played === 1 ? '' : 's'} by ${phTime(windowEnds)}`,
  };
}

/** The best outcome of several links (done, else the latest pending, else lost). */
function best(outcomes: Outcome[]): Outcome {
  return outcomes.find((o) => o.kind === 'done') ?? outcomes.filter((o) => o.kind === 'pending').at(-1) ?? { kind: 'lost' };
}

export const callbackactivity = defineActivity({
  id: 'callbackactivity',
  name: { en: 'Player recall', zh: '召回活动' },
  rules: {
    en: "Send a recall link to a friend who has not logged in for the set days (15). When the friend comes back within the link's days and plays the set rounds (5) within the set days (3) of coming back, the recaller gets the recaller reward (₱5, for at most 10 friends) and the friend the returner reward (₱10, once). Only the last link before a return counts.",
    zh: '向连续设定天数（15天）未登录的好友发送召回链接。好友在链接有效期内回归，并在回归后设定天数（3天）内完成设定局数（5局），召回人获得召回奖励（₱5，最多10名好友），回归好友获得回归奖励（₱10，仅一次）。同一次回归只计最后一条召回链接。',
  },
  settings,
  labels: {
    inactiveDays: { en: 'Days a friend has been away', zh: '好友未登录天数' },
    linkDays: { en: 'Days a recall link is valid', zh: '召回链接有效天数' },
    minRounds: { en: 'Rounds the returner plays', zh: '回归者需完成局数' },
    roundDays: { en: 'Days after the return to play them', zh: '回归后完成局数的天数' },
    recallerReward: { en: 'Recaller reward (per friend)', zh: '召回人奖励(每名好友)' },
    returnerReward: { en: 'Returner reward', zh: '回归者奖励' },
    maxFriends: { en: 'Most friends paid per recaller', zh: '每名召回人最多奖励好友数' },
  },
  listens: ['recalls'],
  period: 'once',
  states: ['norecall', 'recalling', 'claimable', 'finished'],
  final: ['finished'],
  evaluate(s, f) {
    const paid = new Set(f.claims.map((c) => c.tier));
    const paidFriends = [...paid].filter((t) => t.startsWith('f')).length;
    const tiers: Tier[] = [];
    // the recaller: one tier per friend recalled, while under the cap
    let room = s.maxFriends - paidFriends;
    if (room > 0) {
      const byFriend = new Map<number, Recall[]>();
      for (const r of f.recalls) byFriend.set(r.friendUid, [...(byFriend.get(r.friendUid) ?? []), r]);
      for (const [friend, links] of byFriend) {
        const tier = `f${friend}`;
        if (paid.has(tier)) continue;
        const o = best(links.map((r) => outcome(s, r, f.now)));
        if (o.kind === 'lost') continue;
        const label = { en: `Friend ${friend} came back`, zh: `好友${friend}已回归` };
        if (o.kind === 'pending') tiers.push({ tier, label, currency: 'chip', amount: s.recallerReward, reached: false, why: o.why });
        else if (room > 0) {
          room -= 1;
          tiers.push({ tier, label, currency: 'chip', amount: s.recallerReward, reached: true });
        } else tiers.push({ tier, label, currency: 'chip', amount: s.recallerReward, reached: false, why: `At most ${s.maxFriends} recalled friends pay` });
      }
    }
    // the returner: once
    if (!paid.has('back')) {
      const o = best(f.recalled.map((r) => outcome(s, r, f.now)));
      const label = { en: 'Back and played', zh: '回归奖励' };
      if (o.kind === 'done') tiers.push({ tier: 'back', label, currency: 'chip', amount: s.returnerReward, reached: true });
      else if (o.kind === 'pending') tiers.push({ tier: 'back', label, currency: 'chip', amount: s.returnerReward, reached: false, why: o.returner });
    }
    const state = tiers.some((t) => t.reached) ? 'claimable' : tiers.length > 0 ? 'recalling' : paidFriends >= s.maxFriends ? 'finished' : 'norecall';
    return { state, progress: paidFriends, target: s.maxFriends, tiers };
  },
  examples: examples(),
});

function examples(): RuleExample[] {
  const T = (iso: string) => new Date(iso);
  const H = 3_600_000;
  // a link on 11-20 12:00 (GMT+08:00) to a friend last seen exactly 15 days before, back the next day, 5 rounds that day
  const at = T('2026-11-20T04:00:00Z');
  const back = T('2026-11-21T04:00:00Z');
  const rounds = (from: Date, n: number, stepMs = 10 * 60_000) => Array.from({ length: n }, (_, i) => new Date(from.getTime() + (i + 1) * stepMs));
  const link = (friendUid: number, o: Partial<Recall> = {}): Recall => ({
    recallerUid: 1,
    friendUid,
    at,
    lastSeen: new Date(at.getTime() - 15 * DAY_MS),
    returnedAt: back,
    credited: true,
    rounds: rounds(back, 5),
    sameDevice: false,
    ...o,
  });
  const claim = (tier: string) => ({ period: 'once', tier, at: T('2026-11-22T00:00:00Z'), amount: 1 });
  return [
    { name: 'no recall', facts: {}, expect: { state: 'norecall', claimable: [], progress: 0, target: 10 } },
    {
      name: "a friend away exactly 15 days, back and 5 rounds within 3 days: the recaller's ₱5",
      facts: { recalls: [link(7)] },
      expect: { state: 'claimable', claimable: ['f7'], amounts: { f7: 500 } },
    },
    {
      name: 'away a minute less than 15 days: the link does not count',
      facts: { recalls: [link(7, { lastSeen: new Date(at.getTime() - 15 * DAY_MS + 60_000) })] },
      expect: { state: 'norecall', claimable: [] },
    },
    {
      name: 'the 5th round begins exactly 3 days after the return: too late',
      facts: { recalls: [link(7, { rounds: [...rounds(back, 4), new Date(back.getTime() + 3 * DAY_MS)] })] },
      expect: { state: 'norecall', claimable: [] },
    },
    {
      name: 'the 5th round begins a minute before 3 days are up: it counts',
      facts: { recalls: [link(7, { rounds: [...rounds(back, 4), new Date(back.getTime() + 3 * DAY_MS - 60_000)] })] },
      expect: { claimable: ['f7'] },
    },
    {
      name: 'back yesterday with 4 rounds: still recalling (why: rounds to play)',
      facts: {
        recalls: [
          link(7, {
            at: T('2026-11-24T04:00:00Z'),
            lastSeen: T('2026-11-01T00:00:00Z'),
            returnedAt: T('2026-11-25T04:00:00Z'),
            rounds: rounds(T('2026-11-25T04:00:00Z'), 4),
          }),
        ],
      },
      expect: { state: 'recalling', claimable: [], amounts: { f7: 500 }, progress: 0 },
    },
    {
      name: 'not back yet, the link still valid: recalling',
      facts: { recalls: [link(7, { at: T('2026-11-24T04:00:00Z'), returnedAt: null, rounds: [] })] },
      expect: { state: 'recalling', claimable: [] },
    },
    {
      name: 'not back 7 days after the link: nothing',
      facts: { recalls: [link(7, { at: T('2026-11-19T04:00:00Z'), returnedAt: null, rounds: [] })] },
      expect: { state: 'norecall', claimable: [] },
    },
    {
      name: 'back exactly 7 days after the link: too late; a minute before: counts',
      facts: {
        recalls: [
          link(7, { returnedAt: new Date(at.getTime() + 7 * DAY_MS), rounds: rounds(new Date(at.getTime() + 7 * DAY_MS), 5) }),
          link(8, { returnedAt: new Date(at.getTime() + 7 * DAY_MS - 60_000), rounds: rounds(new Date(at.getTime() + 7 * DAY_MS - 60_000), 5) }),
        ],
      },
      expect: { claimable: ['f8'] },
    },
    {
      name: 'a later link from another player before the return takes the credit',
      facts: { recalls: [link(7, { credited: false })] },
      expect: { state: 'norecall', claimable: [] },
    },
    {
      name: "a friend on the recaller's device (one person, two accounts) pays neither side",
      facts: { recalls: [link(7, { sameDevice: true })] },
      expect: { state: 'norecall', claimable: [] },
    },
    {
      name: 'of two links to one friend, the credited one pays, once',
      facts: { recalls: [link(7, { credited: false, at: new Date(at.getTime() - H) }), link(7)] },
      expect: { claimable: ['f7'] },
    },
    {
      name: 'a friend pays the recaller once',
      facts: { recalls: [link(7)], claims: [claim('f7')] },
      expect: { state: 'norecall', claimable: [], progress: 1 },
    },
    {
      name: '9 friends paid, two more back: only one more pays (cap 10)',
      facts: { recalls: [link(20), link(21)], claims: Array.from({ length: 9 }, (_, i) => claim(`f${i + 1}`)) },
      expect: { state: 'claimable', claimable: ['f20'], amounts: { f21: 500 }, progress: 9 },
    },
    {
      name: '10 friends paid: finished, an 11th pays nothing',
      facts: { recalls: [link(20)], claims: Array.from({ length: 10 }, (_, i) => claim(`f${i + 1}`)) },
      expect: { state: 'finished', claimable: [], progress: 10, target: 10 },
    },
    {
      name: 'the returner: recalled after 15 days away, 5 rounds within 3 days of the return: ₱10',
      facts: { recalled: [link(1, { recallerUid: 9 })] },
      expect: { state: 'claimable', claimable: ['back'], amounts: { back: 1_000 } },
    },
    {
      name: 'the returner with 3 rounds, 3 days not up: recalling',
      facts: {
        recalled: [
          link(1, {
            recallerUid: 9,
            at: T('2026-11-24T04:00:00Z'),
            lastSeen: T('2026-11-01T00:00:00Z'),
            returnedAt: T('2026-11-25T04:00:00Z'),
            rounds: rounds(T('2026-11-25T04:00:00Z'), 3),
          }),
        ],
      },
      expect: { state: 'recalling', claimable: [], amounts: { back: 1_000 } },
    },
    {
      name: 'the returner recalled while away only 14 days: nothing',
      facts: { recalled: [link(1, { recallerUid: 9, lastSeen: new Date(at.getTime() - 14 * DAY_MS) })] },
      expect: { state: 'norecall', claimable: [] },
    },
    {
      name: 'the returner is paid once for ever',
      facts: {
        recalled: [
          link(1, { recallerUid: 9 }),
          link(1, { recallerUid: 8, at: T('2026-11-25T00:00:00Z'), returnedAt: T('2026-11-25T01:00:00Z'), rounds: rounds(T('2026-11-25T01:00:00Z'), 5) }),
        ],
        claims: [claim('back')],
      },
      expect: { state: 'norecall', claimable: [] },
    },
    {
      name: 'both roles at once',
      facts: { recalls: [link(7)], recalled: [link(1, { recallerUid: 9 })] },
      expect: { state: 'claimable', claimable: ['f7', 'back'] },
    },
    {
      name: 'settings: 30 days away and 3 rounds in 1 day; ₱20 and ₱50',
      settings: { inactiveDays: 30, minRounds: 3, roundDays: 1, recallerReward: 2_000, returnerReward: 5_000 },
      facts: {
        recalls: [link(7), link(8, { lastSeen: new Date(at.getTime() - 30 * DAY_MS), rounds: rounds(back, 3, 7 * H) })],
        recalled: [link(1, { recallerUid: 9, lastSeen: new Date(at.getTime() - 31 * DAY_MS), rounds: rounds(back, 3) })],
      },
      // friend 7 was away 15 days only; friend 8's 3rd round begins 21 h after the return
      expect: { claimable: ['f8', 'back'], amounts: { f8: 2_000, back: 5_000 } },
    },
  ];
}
