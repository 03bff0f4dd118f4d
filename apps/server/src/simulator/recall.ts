/**
 * Recalls and the installed web app: what the app sends for callbackactivity and pwaguide
 * (events `player.recall` and `player.pwaLogin`, docs/api/platform.md; the console pays the
 * rewards when the app claims them, activities.ts):
 *   - on a playing day (behaviour.ts `daily`), a player with a friend away 15 days or more (a
 *     player it invited, its inviter, a member of its club) sends one of them a recall link with
 *     chance RECALL_CHANCE, by Messenger, text or a copied link. In a live run, a friend taken
 *     over from the console that the run has not seen log in may be recalled too (its last login
 *     is the console's to know: the console judges the absence from its own login trail).
 *     Nobody is sent a second link within LINK_DAYS;
 *   - a recalled friend comes back within three days with chance RETURN_CHANCE: a login and a
 *     sitting (up to 3 real rounds), with chance LATER another that day, with chance AGAIN a
 *     login and sitting the next day and THIRD the day after (short sittings), so about half of
 *     the returners play the 5 rounds in 3 days; a friend back broke first gets a few chips from
 *     the recaller, or tops up (a recharge, payments.ts);
 *   - the installed web app: a stable share of players (INSTALLERS) add it to the home screen at
 *     a login (half the time at their first login, or a later one); from then on each of their
 *     logins opens from it and reports `player.pwaLogin` beside `player.login`.
 * The recalls and returns draw from their own random sources (forks named by player and time)
 * and the installed app from a hash of uid and time; what a returner does still moves balances
 * in the shared world like any sitting, so after the first recall a seeded history is another
 * draw of the same model (backfill.test.ts's rates hold over seeds, not to the digit).
 */
import { login, session, type Ctx } from './behaviour';
import { recharge } from './payments';
import { seedOf } from './rng';
import { BADGES } from './catalog';
import type { PlayerState, World } from './world';

const SECOND = 1000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** callbackactivity's defaults (domain.md): a friend counts after 15 days away; the link is good for 7 days. */
export const AWAY_DAYS = 15;
const LINK_DAYS = 7;
/** A playing day on which a player with an away friend recalls one (est.). */
export const RECALL_CHANCE = 0.35;
/** A recalled friend who comes back (est.), and plays a second day too. */
export const RETURN_CHANCE = 0.5;
const AGAIN = 0.8;
const THIRD = 0.5;
/** A returner sits down again later on the day it came back (est.). */
const LATER = 0.5;
/** Percent of players who install the web app at some login (est.). */
export const INSTALLERS = 30;
/** Less than this and a returner cannot sit down (welcome). */
const BROKE = 1_000;
const CHANNELS = [
  ['messenger', 6],
  ['sms', 2],
  ['link', 2],
] as const;

interface Memory {
  /** When each friend was last sent a link. */
  linked: Map<number, number>;
  /** Players whose web app is on the home screen. */
  installed: Set<number>;
  /** inviter uid → its invitees, rebuilt when the world has new players. */
  invitees: Map<number, PlayerState[]>;
  size: number;
}
const memories = new WeakMap<World, Memory>();
function memory(world: World): Memory {
  let m = memories.get(world);
  if (!m) memories.set(world, (m = { linked: new Map(), installed: new Set(), invitees: new Map(), size: -1 }));
  return m;
}

/** The players `uid` invited (the index rebuilt when the world has new players). */
function inviteesOf(world: World, m: Memory, uid: number): PlayerState[] {
  if (m.size !== world.players.size) {
    m.invitees.clear();
    for (const s of world.players.values()) {
      const inviter = s.p.inviterUid;
      if (inviter !== undefined) m.invitees.set(inviter, [...(m.invitees.get(inviter) ?? []), s]);
    }
    m.size = world.players.size;
  }
  return m.invitees.get(uid) ?? [];
}

/** A player a live run took over from the console (World.adopt holds every badge) and has not seen log in. */
const adoptedUnseen = (f: PlayerState) => f.lastSeen === 0 && f.badges.size === Object.keys(BADGES).length;

/** A stable fraction in [0, 1) of the parts (the installed app's moments). */
const share = (...parts: (string | number)[]) => seedOf(...parts) / 0x1_0000_0000;

/** Once a playing day: maybe a recall link to a friend away AWAY_DAYS or more, and maybe the friend's return. */
export function recallFriends(ctx: Ctx, s: PlayerState, at: number, lookup: (uid: number) => PlayerState | undefined): void {
  const rng = ctx.rng.fork('recall', s.p.uid, at);
  if (!rng.chance(RECALL_CHANCE)) return;
  const m = memory(ctx.world);
  const inviter = s.p.inviterUid !== undefined ? lookup(s.p.inviterUid) : undefined;
  const club = s.p.partner ? (ctx.world.clubs.get(s.p.partner) ?? []) : [];
  const friends = [...inviteesOf(ctx.world, m, s.p.uid), ...(inviter ? [inviter] : []), ...club];
  const away = (f: PlayerState) =>
    f !== s && !f.inSession && f.p.cluster?.kind !== 'farm' && ctx.world.access(f, at) === 'ok' && (m.linked.get(f.p.uid) ?? -Infinity) <= at - LINK_DAYS * DAY;
  const known = friends.filter((f) => away(f) && f.lastSeen > 0 && f.lastSeen <= at - AWAY_DAYS * DAY);
  const unknown = friends.filter((f) => away(f) && adoptedUnseen(f));
  const friend = known.length ? rng.pick(known) : unknown.length && rng.chance(0.3) ? rng.pick(unknown) : undefined;
  if (!friend) return;
  const sent = at + rng.int(60, 1800) * SECOND;
  m.linked.set(friend.p.uid, sent);
  ctx.schedule(sent, (when) => {
    ctx.world.event(when, 'player.recall', { uid: s.p.uid, friendUid: friend.p.uid, channel: rng.weighted(CHANNELS) });
    if (rng.chance(RETURN_CHANCE)) comeBack(ctx, friend, s, when + rng.int(1, 60) * HOUR);
  });
}

/**
 * The friend's return: a login and a sitting (broke: welcome first), another sitting later that
 * day (LATER), a login and sitting the next day (AGAIN) and the day after (THIRD).
 */
function comeBack(ctx: Ctx, f: PlayerState, recaller: PlayerState, at: number): void {
  // the returner's draws come from its own source too (its stakes, its tablemates' gifts)
  const own: Ctx = { ...ctx, rng: ctx.rng.fork('return', f.p.uid, at) };
  const sit = (p: PlayerState, when: number) => {
    if (ctx.world.access(p, when) !== 'ok' || p.inSession) return;
    // a short sitting (a returner tries the games again): each of its real rounds stakes about the player's stake
    const rounds = own.rng.int(3, 8);
    login(own, p, when, rounds * 45 + own.rng.int(60, 600));
    ctx.schedule(when + 20 * SECOND, (w) => {
      session(own, p, w, rounds);
    });
  };
  const visit = (when: number, day: number) => {
    if (ctx.world.access(f, when) !== 'ok' || f.inSession) return;
    if (day === 1 && f.chip < BROKE) welcome(own, f, recaller, when);
    sit(f, when);
    if (day === 1 && own.rng.chance(LATER)) ctx.schedule(when + own.rng.int(60, 180) * MINUTE, (w) => sit(f, w));
    if (own.rng.chance(day === 1 ? AGAIN : day === 2 ? THIRD : 0)) ctx.schedule(when + own.rng.int(18, 30) * HOUR, (w) => visit(w, day + 1));
  };
  ctx.schedule(at, (when) => visit(when, 1));
}

/**
 * A friend back with next to nothing: the recaller sends it a few chips to play with when it can
 * spare them, else the friend tops up (a recharge, payments.ts) half the time.
 */
function welcome(ctx: Ctx, f: PlayerState, recaller: PlayerState, at: number): void {
  const amount = ctx.rng.pick([2_000, 3_000, 5_000]);
  if (recaller.chip >= amount * 2 && !recaller.inSession && ctx.world.access(recaller, at) === 'ok') {
    ctx.world.event(at + 5 * SECOND, 'chips.transferred', { fromUid: recaller.p.uid, toUid: f.p.uid, amount });
  } else if (ctx.rng.chance(0.5)) recharge(ctx, f, at + 5 * SECOND);
}

/** With each login: the installed web app's report, once the player has added it to the home screen. */
export function appLogin(ctx: Ctx, s: PlayerState, at: number): void {
  const uid = s.p.uid;
  if (share('installer', uid) * 100 >= INSTALLERS) return;
  const m = memory(ctx.world);
  if (!m.installed.has(uid)) {
    if (share('install', uid, at) >= 0.5) return;
    m.installed.add(uid);
  }
  ctx.world.event(at + SECOND, 'player.pwaLogin', { uid, deviceId: s.p.deviceId });
}
