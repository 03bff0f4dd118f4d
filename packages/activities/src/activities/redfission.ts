/**
 * redfission (domain.md): a red packet towards ₱100 that opens already 85–95% full; each valid
 * invitee fills it further; it lives 24 h; continue → picking → picked (§4).
 *
 * Precisely (period: the GMT+08:00 day):
 *   - The packet opens at the player's first login of the day (the engine has no "opened at"
 *     fact: a packet is the day's, so it lives from that login to the day's end, at most 24 h;
 *     without a login that day there is no packet yet).
 *   - It opens at `start` = floor(target × p / 100), p a whole percent in [startMin, startMax]
 *     drawn deterministically from the player and the day (FNV-1a of `redfission:<uid>:<day>`):
 *     the same player sees the same packet all day, each day a new draw.
 *   - Each valid invitee registered that day (registeredAt in the day; valid: a new phone, a new
 *     device and minRounds rounds played, the `invitee` rule the invitedetail list shows too)
 *     adds half of what is still missing, rounded up to a centavo and at least `minStep`, never
 *     more than what is missing: so each step is half the one before ("half the last step") and
 *     the packet fills after finitely many invitees (₱7 missing, minStep ₱1: 4 invitees).
 *   - Full (progress = target): state picking, tier `packet` pays the target once; then picked.
 */
import { whole } from '@console/games';
import { type z } from 'zod';
import {
  activitySettings,
  defineActivity,
  fraction,
  invitee,
  INVITEE_ROUNDS_CAP,
  inviteeWhyNot,
  peso,
  positiveChips,
  type Facts,
  type InviteeRule,
  type Period,
} from '../define';

const settings = activitySettings(
  {
    /** The packet's worth when full, centavos (₱100). */
    target: positiveChips.default(10_000),
    /** The opening fill, a whole percent drawn in [startMin, startMax]. */
    startMin: whole(1, 99).default(85),
    startMax: whole(1, 99).default(95),
    /** The least an invitee adds, centavos. */
    minStep: positiveChips.default(100),
    /** Rounds an invitee must have played to count. */
    minRounds: whole(0, INVITEE_ROUNDS_CAP).default(3),
  },
  (s, ctx) => {
    if (s.startMax < s.startMin) ctx.addIssue({ code: 'custom', path: ['startMax'], message: 'Must be at least startMin' });
  },
);
type Settings = z.output<typeof settings>;

const rule = (s: Settings): InviteeRule => ({ newPhone: true, newDevice: true, minRounds: s.minRounds });

/** The opening fill of a player's packet of a day, centavos. */
export function packetStart(s: Settings, uid: number, day: string): number {
  const percent = s.startMin + Math.floor(fraction(`redfission:${uid}:${day}`) * (s.startMax - s.startMin + 1));
  return Math.floor((s.target * percent) / 100);
}

/** The fill after `n` valid invitees: each adds max(ceil(missing / 2), minStep), at most what is missing. */
export function packetFill(s: Settings, start: number, n: number): number {
  let fill = Math.min(start, s.target);
  for (let k = 0; k < n && fill < s.target; k += 1) {
    const missing = s.target - fill;
    fill += Math.min(missing, Math.max(Math.ceil(missing / 2), s.minStep));
  }
  return fill;
}

/** The invitees registered in the period (the packet's day). */
const today = (f: Facts, p: Period) => f.invitees.filter((i) => i.registeredAt >= p.start && i.registeredAt < p.end);

export const redfission = defineActivity({
  id: 'redfission',
  name: { en: 'Red packet fission', zh: '红包裂变' },
  rules: {
    en: 'Each GMT+08:00 day the first login opens a red packet towards the set amount, already 85–95% full. Each valid friend invited that day (a new phone, a new device and the set rounds played) adds half of what is missing (at least the set step); a full packet is claimed once. The packet ends with the day.',
    zh: '每个北京时间（GMT+8）自然日首次登录开启一个目标为设定金额的红包，初始已完成85–95%。当天每邀请一名有效好友（新手机、新设备且完成设定局数）补充剩余金额的一半（不少于设定的最小金额）；红包集满后可领取一次。红包当天结束时失效。',
  },
  settings,
  labels: {
    target: { en: 'Red packet amount', zh: '红包金额' },
    startMin: { en: 'Opening fill from (%)', zh: '初始进度下限(%)' },
    startMax: { en: 'Opening fill to (%)', zh: '初始进度上限(%)' },
    minStep: { en: 'Least an invitee adds', zh: '每名邀请最少增加' },
    minRounds: { en: 'Rounds a valid invitee has played', zh: '有效被邀请人所需局数' },
  },
  listens: ['invitees', 'logins'],
  period: 'day',
  invitee: rule,
  states: ['continue', 'picking', 'picked'],
  final: ['picked'],
  evaluate(s, f, p) {
    if (f.claims.some((c) => c.period === p.key && c.tier === 'packet')) return { state: 'picked', progress: s.target, target: s.target, tiers: [] };
    if (!f.loginDays.includes(p.key)) {
      return {
        state: 'continue',
        progress: 0,
        target: s.target,
        tiers: [
          { tier: 'packet', label: { en: 'Red packet', zh: '红包' }, currency: 'chip', amount: s.target, reached: false, why: 'Log in to open the red packet' },
        ],
      };
    }
    const valid = today(f, p).filter((i) => inviteeWhyNot(rule(s), i) === null);
    const fill = packetFill(s, packetStart(s, f.uid, p.key), valid.length);
    const full = fill >= s.target;
    return {
      state: full ? 'picking' : 'continue',
      progress: fill,
      target: s.target,
      tiers: [
        {
          tier: 'packet',
          label: { en: 'Red packet', zh: '红包' },
          currency: 'chip',
          amount: s.target,
          reached: full,
          why: full ? undefined : `${peso(s.target - fill)} to go: invite a friend`,
        },
      ],
    };
  },
  examples: [
    { name: 'no login today: no packet yet', facts: {}, expect: { state: 'continue', claimable: [], progress: 0, target: 10_000 } },
    // uid 1, 2026-11-26: the draw gives 93% (packetStart)
    { name: 'opened at 85–95% by the first login', facts: { loginDays: ['2026-11-26'] }, expect: { state: 'continue', claimable: [], progress: 9_300 } },
    {
      name: 'each valid invitee of the day adds half of what is missing (at least ₱1)',
      facts: { loginDays: ['2026-11-26'], invitees: [invitee(7), invitee(8)] },
      // 9,300 + 350 = 9,650; + 175 = 9,825
      expect: { state: 'continue', claimable: [], progress: 9_825 },
    },
    {
      name: "invalid invitees (old device, old phone, 2 rounds) and earlier days' invitees add nothing",
      facts: {
        loginDays: ['2026-11-26'],
        invitees: [
          invitee(7, { newDevice: false }),
          invitee(8, { newPhone: false }),
          invitee(9, { rounds: 2 }),
          invitee(10, { phoneBound: false, newPhone: false }),
          invitee(11, { registeredAt: new Date('2026-11-25T01:00:00Z') }),
        ],
      },
      expect: { progress: 9_300 },
    },
    {
      name: 'full after enough invitees: picking, the packet claimable once',
      facts: { loginDays: ['2026-11-26'], invitees: [7, 8, 9, 10].map((u) => invitee(u)) },
      // 9,300 → 9,650 → 9,825 → 9,913 → 10,000 (the last step: the ₱0.87 missing)
      expect: { state: 'picking', claimable: ['packet'], amounts: { packet: 10_000 }, progress: 10_000 },
    },
    {
      name: 'picked',
      facts: {
        loginDays: ['2026-11-26'],
        invitees: [7, 8, 9, 10].map((u) => invitee(u)),
        claims: [{ period: '2026-11-26', tier: 'packet', at: new Date('2026-11-26T03:00:00Z'), amount: 10_000 }],
      },
      expect: { state: 'picked', claimable: [] },
    },
    {
      name: 'the opening fill is a setting (90–90%) and so is the least step',
      settings: { startMin: 90, startMax: 90, minStep: 1_000 },
      facts: { loginDays: ['2026-11-26'], invitees: [invitee(7)] },
      expect: { progress: 10_000, state: 'picking' },
    },
  ],
});
