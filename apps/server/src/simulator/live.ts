/**
 * Live mode: plays the platform now, at about `rate` actions (events and wallet calls) a
 * second, until stopped. Sittings are started while the second's budget lasts; what they
 * schedule (emotes, gifts, the cash-out minutes later) comes due on the real clock. Players
 * are taken from the same population as a backfill with the same seed: the first time one is
 * needed its balances are asked for (GET wallet/balance) and it is adopted, or registered
 * when the platform does not know it. A refused action makes the simulator ask again for the
 * balances of the players it named. Now and then a player's app opens its activities screen
 * (after a third of logins, after a quarter of sittings): it reads the player's activities and
 * claims every reached tier (activities.ts), once the tick's actions are sent; what a claim pays
 * is followed in the world. The claims the console refuses (budgets, one per device…) are
 * counted in `activities`, not as rejections. Over a transport that makes any signed call
 * (the CLI's, SignedClient), each login also opens the player's app (app-open.ts): its remote
 * configuration and the announcements (ETags kept per package: mostly 304s), the inbox with
 * its reads and claims (paid once by the console, followed in the world), and the codes sent
 * by SMS are routed by the console first; counted in `app`.
 */
import { newActivityStats, openActivities, type ActivityStats } from './activities';
import { Agenda } from './agenda';
import { LiveApp, newAppStats, type AppStats } from './app-open';
import { daily, login, register, session, type Ctx } from './behaviour';
import { Population, type SimPlayer } from './population';
import { clamp, Rng, seedOf } from './rng';
import { playersNamed, Sender, type Stats } from './sender';
import type { Action, Transport } from './types';
import { World, type PlayerState } from './world';

export interface LiveRun {
  transport: Transport;
  seed: number;
  rate: number;
  uidBase?: number;
  partners?: readonly number[];
  shareCodes?: { sales: string; groundpromoter: string };
  concurrency?: number;
  /** Stops the run (SIGINT in the CLI); open sittings are then settled. */
  signal?: AbortSignal;
  /** Seconds to run (default: until the signal). */
  seconds?: number;
  now?: () => number;
  onTick?(progress: { seconds: number; actions: number; stats: Stats; players: number; seated: number; app: AppStats }): void;
}

const TICK_MS = 250;
/** Shares of logins and of sittings after which the app opens the activities screen. */
const SCREEN_AFTER_LOGIN = 1 / 3;
const SCREEN_AFTER_SITTING = 1 / 4;

/** `seated`: players still at a table when it returns (0: every sitting was settled). */
export async function runLive(run: LiveRun): Promise<{ actions: number; stats: Stats; activities: ActivityStats; app: AppStats; ms: number; seated: number }> {
  const now = run.now ?? Date.now;
  const started = now();
  const rng = new Rng(run.seed).fork('live', started);
  const population = new Population({ seed: run.seed, uidBase: run.uidBase ?? 100_000, partners: run.partners, shareCodes: run.shareCodes });
  let buffer: Action[] = [];
  const world = new World(`l${started.toString(36)}-`, (a) => buffer.push(a));
  const agenda = new Agenda();
  const ctx: Ctx = {
    world,
    rng,
    online: new Set(),
    recent: [],
    dealers: [],
    schedule: (at, fn, must) => agenda.add(at, fn, must),
    dayOf: (at) => Math.floor(at / 86_400_000),
  };
  // the players' apps, when the transport makes their calls (not the tests' fake platform)
  const signed = run.transport.signed;
  const app = signed ? new LiveApp(signed.bind(run.transport), ctx, new Rng(seedOf('live-app', run.seed, started)), now) : undefined;
  if (app) ctx.app = app.hooks;
  const lookup = (uid: number) => world.state(uid);
  const resync = async (uids: number[]) => {
    for (const uid of uids) {
      const b = await run.transport.balance(uid, now());
      if (b) world.resync(uid, b);
    }
  };
  const sender = new Sender(run.transport, {
    concurrency: run.concurrency,
    onEventRejected: (e, r) => {
      // a player the console bans or suspends is left alone (a live run does not know until when)
      if (e.type === 'player.login' && r.code === 409) world.block(e.data.uid);
      return resync(playersNamed(e));
    },
    onWalletRejected: (_kind, body) => resync([body.uid]),
  });
  const idle: PlayerState[] = [];
  let nextIndex = 0;
  const activities = newActivityStats();
  /** Players whose app opens its activities screen once this tick's actions are sent. */
  let screens: PlayerState[] = [];
  const openScreens = async () => {
    const todo = screens;
    screens = [];
    let calls = 0;
    for (const s of todo) {
      const opened = await openActivities(run.transport, s.p.uid, now(), activities);
      calls += opened.calls;
      for (const p of opened.paid) if (p.currency === 'chip' || p.currency === 'bean') s[p.currency] += p.amount;
    }
    return calls;
  };

  /** The next player of the population: adopted when the platform knows it, else registered now. */
  const bringIn = async (at: number): Promise<void> => {
    const p: SimPlayer = population.get(nextIndex++);
    if (p.inviterUid !== undefined && !world.state(p.inviterUid)) {
      const inviter = await run.transport.balance(p.inviterUid, at);
      if (inviter) {
        world.adopt(population.get(p.inviterUid - (run.uidBase ?? 100_000) - 1), inviter);
      } else {
        p.inviterUid = undefined;
        p.shareId = undefined;
      }
    }
    const balances = await run.transport.balance(p.uid, at);
    const s = balances ? world.adopt(p, balances) : register(ctx, p, at);
    if (p.dealer) ctx.dealers.push(s);
    idle.push(s);
  };

  let actions = 0;
  let budget = 0;
  let last = started;
  const stopAt = run.seconds ? started + run.seconds * 1000 : Infinity;
  while (!run.signal?.aborted && now() < stopAt) {
    const t = now();
    budget = Math.min(budget + ((t - last) / 1000) * run.rate, run.rate * 2);
    last = t;
    agenda.runUntil(t + 1);
    // start sittings while the budget lasts (a sitting makes about 4 actions; all are charged when sent)
    for (let begun = 0; budget - buffer.length - 3 * begun > 0; begun++) {
      if (idle.length < 5 || rng.chance(0.02)) await bringIn(t);
      const k = rng.int(0, idle.length - 1);
      const s = idle[k];
      idle[k] = idle[idle.length - 1]!;
      idle.pop();
      if (s.inSession) {
        agenda.add(t + 60_000, () => idle.push(s), true);
        continue;
      }
      const rounds = Math.round(clamp(rng.lognormal(s.p.tier === 'top' ? 40 : 15, 0.5), 3, 120));
      login(ctx, s, t, rounds * 45);
      if (rng.chance(SCREEN_AFTER_LOGIN)) screens.push(s);
      if (rng.chance(0.3)) daily(ctx, s, t, lookup);
      agenda.add(
        t + 2000,
        (w) => {
          session(ctx, s, w, rounds);
          agenda.add(
            w + 60_000 + rounds * 45_000,
            () => {
              idle.push(s);
              if (rng.chance(SCREEN_AFTER_SITTING)) screens.push(s);
            },
            true,
          );
        },
        true,
      );
    }
    // the codes asked for: routed by the console, so that sms.sent goes with the tick's events
    const routes = (await app?.routeCodes()) ?? 0;
    const todo = buffer;
    buffer = [];
    budget -= todo.length + routes;
    actions += todo.length + routes;
    await sender.send(todo);
    // the activities screens and the apps opened at the logins (their calls count against the rate too)
    const calls = (await openScreens()) + ((await app?.openApps()) ?? 0);
    budget -= calls;
    actions += calls;
    run.onTick?.({
      seconds: (now() - started) / 1000,
      actions,
      stats: sender.stats,
      players: world.players.size,
      seated: ctx.online.size,
      app: app?.stats ?? newAppStats(),
    });
    const wait = TICK_MS - (now() - t);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  // what must still happen (sittings settled, every code sent its report), codes routed first
  do {
    actions += (await app?.routeCodes()) ?? 0;
    agenda.finish(now());
  } while (app && app.pendingCodes > 0);
  actions += buffer.length;
  await sender.send(buffer);
  actions += (await app?.openApps()) ?? 0;
  return { actions, stats: sender.stats, activities, app: app?.stats ?? newAppStats(), ms: now() - started, seated: ctx.online.size };
}
