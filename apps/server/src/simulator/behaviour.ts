/**
 * What a player does, turned into events and wallet calls through the World: registering,
 * a sitting at a house game (real rounds of @console/games: bet debited, win credited, the
 * round's record; rounds.ts), and what
 * happens around it (gifts and emotes to tablemates, safe moves, coin-dealer purchases,
 * profile changes, phone binding, feedback, tip-offs, badges).
 *
 * Money (1 chip = 1 centavo): a new player gets a 5,000-chip registration bonus (registering
 * with a phone is the norm; some bind one later); payers buy chips from coin dealers (median ₱200), their partner's dealers first; dealers are stocked with 2,000,000 chips.
 * Beans and bonus: perks.ts.
 */
import { BADGES, EMOTES, feedback, GIFTS, SMS_PROVIDERS, tipoff } from './catalog';
import { cashOut, startPaying } from './payments';
import { afterSitting, depositBonus, lobby } from './perks';
import { houseGame, playHouseRound, roundSeconds } from './rounds';
import { providerSpins } from './providers';
import { appLogin, recallFriends } from './recall';
import { tableSitting } from './tables';
import { smsReport } from './appsettings';
import type { SimPlayer } from './population';
import { clamp, type Rng } from './rng';
import type { Phone } from './types';
import { REASONS, type PlayerState, type World } from './world';

export const REGISTER_BONUS = 5_000;
export const DEALER_STOCK = 2_000_000;
const SECOND = 1000;

export interface Ctx {
  world: World;
  rng: Rng;
  /** Runs `fn` at the simulated time `at` (≥ the current one); `must`: even past the run's end. */
  schedule(at: number, fn: (at: number) => void, must?: boolean): void;
  /** Players at a table right now (gift and emote targets, tip-off suspects). */
  online: Set<PlayerState>;
  /** The last players who sat down (targets when nobody else is at a table). */
  recent: PlayerState[];
  dealers: PlayerState[];
  /** Day number of `at` (badges and dealer stock count per day). */
  dayOf(at: number): number;
  /** The console's staff work too (the demo seed's desk): payments.ts schedules cash-out reviews. */
  staff?: boolean;
  /**
   * The player's app as live mode plays it (app-open.ts): it opens at each login, and a code is
   * routed by the console before it is sent. Without it (backfill, demo seed) a code goes through
   * a provider of the simulator's choice.
   */
  app?: {
    opened(s: PlayerState, at: number, ip: string): void;
    code(phone: Phone, code: string, purpose: string, at: number): void;
  };
}

function otherOnline(ctx: Ctx, s: PlayerState): PlayerState | undefined {
  const list = ctx.online.size >= 2 ? [...ctx.online] : ctx.recent;
  if (list.length < 2) return undefined;
  for (let tries = 0; tries < 4; tries++) {
    const t = ctx.rng.pick(list);
    if (t !== s) return t;
  }
  return undefined;
}

function badge(ctx: Ctx, s: PlayerState, at: number, id: keyof typeof BADGES): void {
  if (!s.badges.has(id)) ctx.world.event(at, 'badge.granted', { uid: s.p.uid, badgeId: id, name: BADGES[id] });
}

function smsCode(ctx: Ctx, p: SimPlayer, at: number, purpose: string): void {
  const code = ctx.rng.digits(6);
  // live: the platform asks the console which provider sends it (app-open.ts)
  if (ctx.app) return ctx.app.code(p.phone!, code, purpose, at);
  const sent = { phone: p.phone!, code, provider: ctx.rng.weighted(SMS_PROVIDERS), purpose };
  ctx.world.event(at, 'sms.sent', sent);
  // the provider's delivery report seconds later (appsettings.ts: from the code, no draw of ours)
  const report = smsReport(sent.code, sent.provider);
  ctx.world.event(at + report.after, 'sms.result', { phone: sent.phone, code: sent.code, provider: sent.provider, ...report.data });
}

export function register(ctx: Ctx, p: SimPlayer, at: number): PlayerState {
  const { world, rng } = ctx;
  if (p.phoneAtRegistration) smsCode(ctx, p, at - rng.int(20, 90) * SECOND, 'register');
  const s = world.register(
    at,
    {
      uid: p.uid,
      name: p.name,
      ip: p.ip,
      deviceId: p.deviceId,
      package: p.package,
      ...(p.partner ? { partner: p.partner } : {}),
      ...(p.phoneAtRegistration ? { phone: p.phone } : {}),
      ...(p.shareId ? { shareId: p.shareId } : {}),
      ...(p.inviterUid ? { inviterUid: p.inviterUid } : {}),
    },
    p,
  );
  world.wallet(at + SECOND, 'credit', { uid: p.uid, amount: REGISTER_BONUS, reason: REASONS.register, ref: `register:${p.uid}` });
  if (p.phoneAtRegistration) badge(ctx, s, at + 2 * SECOND, 'verified');
  if (p.cluster?.kind === 'farm' && p.burstOffset && p.inviterUid) {
    const head = ctx.world.state(p.inviterUid);
    if (head) world.event(at + ctx.rng.int(20, 60) * SECOND, 'chips.transferred', { fromUid: p.uid, toUid: head.p.uid, amount: REGISTER_BONUS });
  } else if (p.inviterUid && rng.chance(0.25)) {
    // a friend who invited the player sends a few chips to start with
    const friend = ctx.world.state(p.inviterUid);
    const amount = rng.pick([1_000, 2_000, 3_000, 5_000]);
    if (friend && friend.chip >= amount * 2 && world.access(friend, at) === 'ok') {
      world.event(at + rng.int(60, 300) * SECOND, 'chips.transferred', { fromUid: friend.p.uid, toUid: p.uid, amount });
    }
  }
  if (p.dealer) {
    world.wallet(at + 3 * SECOND, 'credit', { uid: p.uid, amount: DEALER_STOCK, reason: REASONS.stock, ref: `stock:${p.uid}:0` });
    badge(ctx, s, at + 3 * SECOND, 'dealer');
  }
  startPaying(ctx, s, at);
  return s;
}

/** A login, and what a player does in the lobby (perks.ts). */
export function login(ctx: Ctx, s: PlayerState, at: number, durationSeconds: number): void {
  const { world, rng } = ctx;
  const p = s.p;
  const ip = p.otherIps.length && rng.chance(0.3) ? rng.pick(p.otherIps) : p.ip;
  world.event(at, 'player.login', { uid: p.uid, ip, deviceId: p.deviceId, durationSeconds });
  s.lastSeen = at;
  ctx.app?.opened(s, at, ip);
  appLogin(ctx, s, at);
  lobby(ctx, s, at);
}

/** The dealers a player buys from: its partner's own first, then the platform's (partner 0). */
function dealerFor(ctx: Ctx, s: PlayerState, amount: number): PlayerState | undefined {
  const free = (d: PlayerState) => d.chip >= amount && !d.inSession;
  return ctx.dealers.find((d) => d.p.partner === s.p.partner && free(d)) ?? ctx.dealers.find((d) => d.p.partner === 0 && free(d));
}

/** Before buying in: money from the safe or a coin dealer when the wallet is low (relief is the console's activity: the app claims it, simulator/activities.ts). */
function topUp(ctx: Ctx, s: PlayerState, at: number): void {
  const { world, rng } = ctx;
  const low = s.p.stake * 10;
  if (s.chip >= low) return;
  if (s.safe > 0) {
    const amount = Math.min(s.safe, low * 2);
    world.event(at, 'safe.withdraw', { uid: s.p.uid, amount });
  }
  if (s.chip < low && s.p.payer && !s.p.dealer && ctx.dealers.length && rng.chance(0.6)) {
    const amount = Math.round(clamp(rng.lognormal(20_000, 0.9), 5_000, 500_000) / 1000) * 1000;
    const dealer = dealerFor(ctx, s, amount);
    if (dealer) {
      world.event(at + SECOND, 'coindealer.sold', { dealerUid: dealer.p.uid, toUid: s.p.uid, amount, price: Math.round(amount * rng.pick([0.95, 0.98, 1])) });
      depositBonus(ctx, s, at + 2 * SECOND, amount);
      if (dealer.chip < DEALER_STOCK / 10) {
        world.wallet(at + 2 * SECOND, 'credit', {
          uid: dealer.p.uid,
          amount: DEALER_STOCK,
          reason: REASONS.stock,
          ref: `stock:${dealer.p.uid}:${ctx.dayOf(at)}`,
        });
      }
    }
  }
}

/** Real rounds a sitting plays at most: the sitting's turnover is staked over them (demo seed time budget; rounds.ts). */
export const ROUNDS_PER_SITTING = 3;
/** Smallest bet of the house games (their default minBet). */
const MIN_BET = 100;

/**
 * One sitting at a house game (rounds.ts): `rounds` is how many rounds the player would play;
 * the sitting plays min(rounds, ROUNDS_PER_SITTING) real rounds, each staking the player's
 * stake times rounds / real rounds (so a sitting moves about the turnover of `rounds` bets:
 * ~20× the stake, as the buy-in did), each round's bet debited, its win credited with the
 * round id as ref, and its game.round record sent. Bonus goes on the first round. Returns the
 * number of rounds the player would have played.
 */
export function session(ctx: Ctx, s: PlayerState, at: number, rounds: number): number {
  const { world, rng } = ctx;
  if (s.inSession || world.access(s, at) !== 'ok') return 0;
  topUp(ctx, s, at);
  const start = at + 5 * SECOND;
  const stake = Math.max(MIN_BET, Math.min(s.p.stake, Math.floor(s.chip / 5 / 10) * 10));
  if (s.chip < stake) return 0;
  // a Tongits table for some sittings once the table servers play (tables.ts)
  const seat = tableSitting(ctx, s);
  const game = seat?.game ?? houseGame(ctx);
  const real = Math.max(1, Math.min(rounds, ROUNDS_PER_SITTING));
  const sitting = { game: game.id, ref: `${game.id}:${s.p.uid}:${s.sessions++}`, staked: 0, won: 0, stake };
  const table = `${game.id}-t${rng.int(1, 20)}`;
  s.inSession = true;
  ctx.online.add(s);
  ctx.recent.push(s);
  if (ctx.recent.length > 50) ctx.recent.shift();
  let t = start;
  const [lo, hi] = roundSeconds(game.id);
  const per = Math.max(1, rounds / real);
  for (let k = 0; k < real; k++) {
    // the first round is played even when the run ends first (as the buy-in was): a sitting always has one
    const play = (when: number) => {
      // what the player holds when the round starts; bonus first, once
      const bonus = k === 0 ? s.bonus : 0;
      const wanted = Math.round((stake * per * rng.lognormal(1, 0.35)) / 10) * 10;
      const amount = Math.min(wanted, s.chip + bonus, game.defaults.maxBet as number);
      if (amount < MIN_BET) return;
      const fromBonus = Math.min(bonus, amount);
      const played = seat ? seat.play(when) : playHouseRound(ctx, s, game, when, amount, fromBonus, table);
      if (!played) return;
      sitting.staked += played.bet;
      sitting.won += played.win;
    };
    ctx.schedule(t, play, k === 0);
    t += rng.int(lo, hi) * SECOND * Math.max(1, Math.round(per / 2));
  }
  const end = t + (hi + 1) * SECOND;
  // around the table: emotes and gifts to whoever else is playing
  const emotes = rng.poisson(rounds * 0.035);
  for (let i = 0; i < emotes; i++) ctx.schedule(rng.int(start, end), (when) => emote(ctx, s, when));
  const gifts = rng.poisson(s.p.tier === 'top' ? 0.8 : 0.25);
  for (let i = 0; i < gifts; i++) ctx.schedule(rng.int(start, end), (when) => gift(ctx, s, when));
  ctx.schedule(end, (when) => settle(ctx, s, when, sitting), true);
  return rounds;
}

function settle(ctx: Ctx, s: PlayerState, at: number, sitting: { ref: string; staked: number; won: number; stake: number }): void {
  const { world, rng } = ctx;
  s.inSession = false;
  ctx.online.delete(s);
  afterSitting(ctx, s, at, sitting.ref);
  // sometimes a few spins at a third-party provider's slot (providers.ts)
  providerSpins(ctx, s, at);
  const up = sitting.won > sitting.staked;
  if (up) cashOut(ctx, s, at + 60 * SECOND);
  if (up) badge(ctx, s, at + SECOND, 'firstWin');
  if (sitting.stake >= 2_000) badge(ctx, s, at + SECOND, 'highRoller');
  if (s.chip > s.p.stake * 40 && rng.chance(0.35)) {
    world.event(at + 2 * SECOND, 'safe.deposit', { uid: s.p.uid, amount: Math.floor((s.chip * rng.pick([0.3, 0.5, 0.7])) / 100) * 100 });
  }
  // a club member (a partner's player) sends some of what it holds to a club mate
  const club = s.p.partner ? world.clubs.get(s.p.partner)! : [];
  if (club.length > 1 && s.chip > 2_000 && rng.chance(0.15)) {
    const mate = rng.pick(club);
    const amount = Math.floor((s.chip * rng.pick([0.1, 0.2, 0.3])) / 100) * 100;
    if (mate !== s && amount > 0) world.event(at + 2 * SECOND, 'chips.transferred', { fromUid: s.p.uid, toUid: mate.p.uid, amount });
  }
}

function emote(ctx: Ctx, s: PlayerState, at: number): void {
  const e = ctx.rng.weighted(EMOTES.map((x) => [x, x.weight] as const));
  if (s.chip >= e.chips) ctx.world.event(at, 'emote.used', { uid: s.p.uid, emoteId: e.emoteId, chips: e.chips });
}

function gift(ctx: Ctx, s: PlayerState, at: number): void {
  const to = otherOnline(ctx, s);
  if (!to) return;
  const g = ctx.rng.weighted(GIFTS.map((x) => [x, x.weight] as const));
  if (s.chip < g.chips) return;
  ctx.world.event(at, 'gift.sent', { fromUid: s.p.uid, toUid: to.p.uid, giftId: g.giftId, chips: g.chips, charisma: g.charisma });
  if (s.giftsSent >= 10) badge(ctx, s, at + SECOND, 'generous');
}

/** Once per playing day: profile changes, phone binding, texts, feedback, tip-offs, transfers. */
export function daily(ctx: Ctx, s: PlayerState, at: number, lookup: (uid: number) => PlayerState | undefined): void {
  const { world, rng } = ctx;
  const p = s.p;
  let t = at;
  const later = (fn: (when: number) => void) => ctx.schedule((t += rng.int(30, 600) * SECOND), fn);
  s.playDays++;
  recallFriends(ctx, s, at, lookup);
  if (s.playDays === 5) later((w) => badge(ctx, s, w, 'loyal'));
  if (p.gcash && !s.gcashSet && rng.chance(0.5)) {
    s.gcashSet = true;
    later((w) => world.event(w, 'player.profile', { uid: p.uid, gcash: p.gcash }));
  }
  if (p.bank && !s.bankSet && rng.chance(0.3)) {
    s.bankSet = true;
    later((w) => world.event(w, 'player.profile', { uid: p.uid, bank: p.bank }));
  }
  if (rng.chance(0.01)) later((w) => world.event(w, 'player.profile', { uid: p.uid, avatar: `https://cdn.demo.ph/avatar/${rng.int(1, 48)}.png` }));
  if (rng.chance(0.004)) later((w) => world.event(w, 'player.profile', { uid: p.uid, name: `${p.name.split(' ')[0]}${rng.int(1, 99)}` }));
  if (p.phone && !s.phoneBound && rng.chance(0.3)) {
    s.phoneBound = true;
    later((w) => {
      smsCode(ctx, p, w, 'bind');
      world.event(w + 40 * SECOND, 'player.phoneBound', { uid: p.uid, phone: p.phone! });
      badge(ctx, s, w + 42 * SECOND, 'verified');
    });
  } else if (s.phoneBound && p.phone && rng.chance(0.05)) {
    later((w) => smsCode(ctx, p, w, rng.pick(['login', 'reset'])));
  }
  if (rng.chance(0.02)) later((w) => world.event(w, 'feedback.submitted', { uid: p.uid, ...feedback(rng) }));
  if (rng.chance(0.007)) {
    later((w) => {
      const target = otherOnline(ctx, s) ?? (p.inviterUid ? lookup(p.inviterUid) : undefined);
      if (target && target !== s) world.event(w, 'tipoff.submitted', { uid: p.uid, targetUid: target.p.uid, ...tipoff(rng) });
    });
  }
  if (p.cluster?.kind === 'farm' && p.burstOffset && p.inviterUid) {
    // a farm account sends what it was given to the account that made it
    later((w) => {
      const head = lookup(p.inviterUid!);
      const amount = Math.floor(s.chip / 100) * 100;
      if (head && amount >= 1_000) world.event(w, 'chips.transferred', { fromUid: p.uid, toUid: head.p.uid, amount });
    });
  } else if (p.inviterUid && rng.chance(0.08)) {
    later((w) => {
      const friend = lookup(p.inviterUid!);
      const amount = Math.floor((s.chip * 0.2) / 100) * 100;
      if (friend && s.chip > 2_000 && amount > 0) world.event(w, 'chips.transferred', { fromUid: p.uid, toUid: friend.p.uid, amount });
    });
  }
}
