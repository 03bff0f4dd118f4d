/**
 * The backfill's history: `players` players registering over `days` days up to `end`, and
 * everything they do, generated day by day in time order (calendar days of GMT+08:00, the
 * market's clock). Registrations follow a growing daily curve and the evening peak; on a
 * given day a regular player plays with probability 1/14 and a top player 1/5 (docs/domain.md);
 * a playing day has a median of 49 rounds (top: 188) in one sitting (top: one or two). The same seed,
 * players, days and end give the same actions.
 */
import { Agenda } from './agenda';
import { daily, login, register, session, type Ctx } from './behaviour';
import { Desk } from './desk';
import { Population, type SimPlayer } from './population';
import { clamp, Rng, seedOf } from './rng';
import type { Action } from './types';
import { World, type PlayerState } from './world';
import { consoleHour, startOfDayMs } from '@console/time';

export const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Relative activity by hour of the day in the Philippines (evening peak, quiet before dawn). */
const DIURNAL = [3, 2, 1.5, 1, 0.8, 0.8, 1.2, 2, 2.5, 3, 3.5, 4, 5, 4.5, 4, 4, 4.5, 5, 6, 7.5, 8.5, 9, 8, 5.5];

export interface BackfillOptions {
  seed: number;
  players: number;
  days: number;
  /** The end of the history (ms); the last day runs up to it. */
  end: number;
  /** uid = uidBase + index + 1 (default 100000). */
  uidBase?: number;
  shareCodes?: { sales: string; groundpromoter: string };
  partners?: readonly number[];
  /** The console's staff at work too (desk.ts; the demo seed): the transport must carry staff actions. */
  staff?: boolean;
}

/** Event ids and txIds of a backfill start with this: the same run sends the same ids. */
export function backfillPrefix(o: BackfillOptions): string {
  return `b${seedOf(o.seed, o.players, o.days, o.uidBase ?? 100_000).toString(36)}-`;
}

/** A time within a day, following the diurnal curve. */
function timeOfDay(rng: Rng, dayStart: number): number {
  const hour = rng.weighted(DIURNAL.map((w, h) => [h, w] as const));
  return dayStart + hour * HOUR + Math.floor(rng.next() * HOUR);
}

export class BackfillPlan {
  readonly start: number;
  readonly players: SimPlayer[];
  readonly registeredAt: number[];
  readonly world: World;
  private readonly agenda = new Agenda();
  private readonly ctx: Ctx;
  private readonly rng: Rng;
  private nextToRegister = 0;
  private readonly desk?: Desk;

  constructor(
    readonly options: BackfillOptions,
    out: (action: Action) => void,
  ) {
    const { seed, players, days, end } = options;
    if (!(players >= 1 && days >= 1)) throw new Error('a backfill needs at least one player and one day');
    this.start = startOfDayMs(end) - (days - 1) * DAY;
    this.rng = new Rng(seed).fork('backfill', players, days);
    this.players = new Population({ seed, uidBase: options.uidBase ?? 100_000, shareCodes: options.shareCodes, partners: options.partners }).first(players);
    this.registeredAt = this.registrationTimes();
    this.world = new World(backfillPrefix(options), out);
    this.ctx = {
      world: this.world,
      rng: this.rng,
      online: new Set(),
      recent: [],
      dealers: [],
      schedule: (at, fn, must) => this.agenda.add(at, fn, must),
      dayOf: (at) => Math.floor((at - this.start) / DAY),
      staff: options.staff,
    };
    if (options.staff) {
      this.desk = new Desk(this.ctx, new Rng(seed).fork('desk', players, days), {
        players: this.players,
        registeredAt: this.registeredAt,
        start: this.start,
        end,
        days,
      });
    }
  }

  get days(): number {
    return this.options.days;
  }

  /** Registration times: a curve growing by half over the window, with daily noise and the evening peak. */
  private registrationTimes(): number[] {
    const { players, days, end } = this.options;
    const rng = new Rng(this.options.seed).fork('registrations', players, days);
    const last = end - 2 * MINUTE;
    const slot = 10 * MINUTE;
    const weights: number[] = [];
    for (let t = this.start; t < last; t += slot) {
      const d = Math.floor((t - this.start) / DAY);
      const hour = consoleHour(t);
      weights.push((1 + (0.5 * d) / days) * DIURNAL[hour] * (1 + 0.25 * Math.sin(d * 2.3 + this.options.seed)));
    }
    const cumulative: number[] = [];
    let total = 0;
    for (const w of weights) cumulative.push((total += w));
    const draws = Array.from({ length: players }, () => rng.next() * total).sort((a, b) => a - b);
    const times: number[] = [];
    let k = 0;
    for (const x of draws) {
      while (k < cumulative.length - 1 && cumulative[k] < x) k++;
      times.push(this.start + k * slot + Math.floor(rng.next() * slot));
    }
    times.sort((a, b) => a - b);
    // farms register seconds apart; every time after the one before it; the last player a minute before the end
    for (let i = 0; i < players; i++) {
      const p = this.players[i];
      if (p.burstOffset !== undefined && p.cluster) times[i] = times[p.cluster.head] + p.burstOffset * 1000;
      if (i > 0) times[i] = Math.max(times[i], times[i - 1] + 1000);
    }
    times[players - 1] = Math.max(times[players - 1], end - MINUTE);
    return times.map((t) => clamp(t, this.start, end - 10_000));
  }

  /** Generates day `d` (0-based) through `out`, in time order. */
  day(d: number): void {
    const dayStart = this.start + d * DAY;
    const dayEnd = Math.min(dayStart + DAY, this.options.end);
    const rng = this.rng.fork('day', d);
    const lookup = (uid: number) => this.world.state(uid);
    this.desk?.day(d, dayStart);
    // who plays today among the players registered before it
    for (const p of this.players.slice(0, this.nextToRegister)) {
      const s = this.world.state(p.uid)!;
      if (rng.chance(p.tier === 'top' ? 1 / 5 : 1 / 14)) this.playingDay(rng, s, timeOfDay(rng, dayStart), dayEnd, lookup);
    }
    // today's registrations, each followed by a first sitting (most new players play at once)
    while (this.nextToRegister < this.players.length && this.registeredAt[this.nextToRegister] < dayEnd) {
      const p = this.players[this.nextToRegister++];
      const at = this.registeredAt[p.index];
      this.agenda.add(at, (when) => {
        const s = register(this.ctx, p, when);
        if (p.dealer) this.ctx.dealers.push(s);
        if (p.index === this.players.length - 1 || (p.cluster?.kind === 'farm' && p.burstOffset) || !rng.chance(0.9)) return;
        this.playingDay(rng, s, when + rng.int(30, 180) * 1000, dayEnd, lookup);
      });
    }
    this.agenda.runUntil(dayEnd);
  }

  private playingDay(rng: Rng, s: PlayerState, first: number, dayEnd: number, lookup: (uid: number) => PlayerState | undefined): void {
    const top = s.p.tier === 'top';
    const sittings = top ? rng.int(1, 2) : 1;
    const rounds = Math.round(clamp(rng.lognormal(top ? 188 : 49, top ? 0.4 : 0.6), 5, 600));
    let at = first;
    for (let k = 0; k < sittings && at < dayEnd - 10 * MINUTE; k++) {
      const n = Math.ceil(rounds / sittings);
      const loginAt = at;
      this.agenda.add(loginAt, (when) => {
        // a banned or suspended player cannot log in (the platform would refuse it)
        if (this.world.access(s, when) !== 'ok') return;
        login(this.ctx, s, when, Math.round(n * 45 + rng.int(60, 600)));
        if (k === 0) daily(this.ctx, s, when + 10_000, lookup);
        this.agenda.add(when + 20_000, (w) => {
          session(this.ctx, s, w, n);
        });
      });
      at += n * 50_000 + rng.int(1, 5) * HOUR;
    }
  }

  /** Ends the run: sessions still at a table are settled at the end. */
  finish(): void {
    // a settlement writes up to 2 s after its time
    this.agenda.finish(this.options.end - 5_000);
  }
}
