/**
 * The console's staff at work during a backfill (the demo seed; BackfillOptions.staff): each
 * demo account works one shift a day (GMT+08:00) and takes the tasks that are due, a few
 * minutes apart. What they do follows what the players did:
 *   - feedback: customer service replies to most of it, the leader closes much of what was
 *     answered; a game that froze is compensated (leader), a lost top-up credited (business);
 *   - tip-offs: the leader gives most a verdict; a confirmed one suspends the reported player
 *     for 3 or 7 days (one in three lifted early) or, for a scam, bans the account;
 *   - multi-account farms (one a 500 players): security bans the farm's device (business takes
 *     back what the farm funnelled, the leader bans the owner), or its address (the owner
 *     suspended 7 days), or its device with the ban lifted on appeal two days later; every
 *     other device cluster (accounts on one phone sharing a GCash number): the second account
 *     suspended 3 days until the owner is verified;
 *   - batches: admin sends chips three times (maintenance compensation, cup prizes, a loyalty
 *     gift), secadmin sends cash prizes once, each to a few dozen players.
 * Every action is decided at its moment from the World (so it never asks for what cannot be
 * done) and emitted with World.staff, which applies its effect to the simulated players.
 */
import type { Ctx } from './behaviour';
import type { SimPlayer } from './population';
import type { Rng } from './rng';
import { REASONS, reply, SUSPEND_DAYS, tipoffNote, VALID_SHARE } from './staff-catalog';
import type { EventData, EventType, StaffOp } from './types';
import type { PlayerState } from './world';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type StaffName = 'service' | 'serviceleader' | 'secadmin' | 'business' | 'admin';
/** When each account starts its shift (hours after midnight GMT+08:00), and how many tasks a shift takes. */
const SHIFTS: Record<StaffName, number> = { service: 9.5, admin: 10.5, secadmin: 11, serviceleader: 14, business: 16 };
const PER_SHIFT = 15;

interface Task {
  due: number;
  by: StaffName;
  run(at: number): StaffOp | null;
}

export interface DeskOptions {
  players: SimPlayer[];
  registeredAt: number[];
  /** Midnight (GMT+08:00) of the first day, and the end of the history. */
  start: number;
  end: number;
  days: number;
}

export class Desk {
  private tasks: Task[] = [];
  /** Farms and device clusters (2–3 accounts on one phone sharing a GCash number), in registration order. */
  private readonly clusters: { kind: 'farm' | 'device'; n: number; head: SimPlayer; members: SimPlayer[]; registered: number; queued: boolean }[] = [];
  /** Chips each farm owner received from its farm accounts. */
  private readonly funnel = new Map<number, number>();
  private readonly batchDays: { day: number; kind: 'maintenance' | 'cup' | 'loyalty' | 'cash' }[];
  private suspensions = 0;

  constructor(
    private readonly ctx: Ctx,
    private readonly rng: Rng,
    private readonly o: DeskOptions,
  ) {
    const count = { farm: 0, device: 0 };
    for (const p of o.players) {
      const kind = p.cluster?.kind;
      if (kind !== 'farm' && kind !== 'device') continue;
      if (p.cluster!.head === p.index) this.clusters.push({ kind, n: count[kind]++, head: p, members: [], registered: 0, queued: false });
      else this.clusters[this.clusters.length - 1]?.members.push(p);
    }
    for (const c of this.clusters) c.registered = Math.max(...[c.head, ...c.members].map((p) => o.registeredAt[p.index]));
    // the last day with a whole office day before the end
    const lastOffice = o.start + (o.days - 1) * DAY + 18 * HOUR < o.end ? o.days - 1 : Math.max(0, o.days - 2);
    const at = (share: number) => Math.min(lastOffice, Math.round(share * (o.days - 1)));
    this.batchDays = [
      { day: at(0.3), kind: 'maintenance' },
      { day: at(0.5), kind: 'cash' },
      { day: at(0.65), kind: 'cup' },
      { day: lastOffice, kind: 'loyalty' },
    ];
    ctx.world.observer = (when, type, data) => this.observe(when, type, data);
  }

  private get world() {
    return this.ctx.world;
  }

  private state(uid: number): PlayerState | undefined {
    return this.world.state(uid);
  }

  private add(due: number, by: StaffName, run: (at: number) => StaffOp | null): void {
    this.tasks.push({ due, by, run });
  }

  /** Right after the current task, by the same account. */
  private next(at: number, run: (at: number) => StaffOp | null): void {
    this.ctx.schedule(at + this.rng.int(1, 3) * MINUTE, (when) => {
      const op = run(when);
      if (op) this.world.staff(when, op);
    });
  }

  /** Day `d` (0-based) starts at `dayStart`: the shifts of the day, new farms, the day's batch. */
  day(d: number, dayStart: number): void {
    const review = dayStart + SHIFTS.secadmin * HOUR;
    for (const c of this.clusters) {
      if (c.queued || c.registered > review - 12 * HOUR) continue;
      c.queued = true;
      if (c.kind === 'farm') this.farm(c, c.n, review);
      else if (c.n % 2 === 0 && c.members[0]) {
        // a second account on one phone with the same GCash number: held until the owner is verified
        const uid = c.members[0].uid;
        this.add(review, 'serviceleader', (at) => this.suspend(uid, at, 3, REASONS.sharedPhone(c.members.length + 1)));
      }
    }
    for (const b of this.batchDays) if (b.day === d) this.batch(b.kind, dayStart);
    for (const by of Object.keys(SHIFTS) as StaffName[]) {
      const at = dayStart + SHIFTS[by] * HOUR + this.rng.int(0, 20) * MINUTE;
      if (at < this.o.end - 30 * MINUTE) this.ctx.schedule(at, (when) => this.shift(by, when));
    }
  }

  /** One shift: the due tasks of `by`, in the order they came, a few minutes apart. */
  private shift(by: StaffName, at: number): void {
    let t = at + 2 * MINUTE;
    const mine = this.tasks.filter((task) => task.by === by && task.due <= at).slice(0, PER_SHIFT);
    for (const task of mine) {
      if (t > this.o.end - 5 * MINUTE) break;
      this.tasks.splice(this.tasks.indexOf(task), 1);
      this.ctx.schedule(t, (when) => {
        const op = task.run(when);
        if (op) this.world.staff(when, op);
      });
      t += this.rng.int(1, 4) * MINUTE;
    }
  }

  private observe(at: number, type: EventType, data: EventData[EventType]): void {
    if (type === 'feedback.submitted') this.feedback(at, data as EventData['feedback.submitted']);
    else if (type === 'tipoff.submitted') this.tipoff(at, data as EventData['tipoff.submitted']);
    else if (type === 'chips.transferred') {
      const d = data as EventData['chips.transferred'];
      const from = this.state(d.fromUid)?.p;
      if (from?.cluster?.kind === 'farm' && from.inviterUid === d.toUid) this.funnel.set(d.toUid, (this.funnel.get(d.toUid) ?? 0) + d.amount);
    }
  }

  private feedback(at: number, f: EventData['feedback.submitted']): void {
    const { rng } = this;
    const chance = rng.next();
    if (chance < 0.85) {
      this.add(at + 15 * MINUTE, 'service', (when) => {
        const compensate = f.category === 'bug' && rng.chance(0.4);
        const credit = f.category === 'payment' && rng.chance(0.25);
        if (compensate)
          this.add(when + HOUR, 'serviceleader', () =>
            this.chips('chips.add', 'serviceleader', f.uid, rng.pick([2_000, 5_000, 10_000]), REASONS.compensation(at)),
          );
        if (credit)
          this.add(when + HOUR, 'business', () => this.chips('chips.add', 'business', f.uid, rng.pick([10_000, 20_000, 50_000]), REASONS.paymentCredit(at)));
        if (rng.chance(0.6)) this.add(when + DAY, 'serviceleader', () => ({ op: 'feedback.close', by: 'serviceleader', uid: f.uid, submittedAt: at }));
        return { op: 'feedback.reply', by: 'service', uid: f.uid, submittedAt: at, reply: reply(rng, f.category, f.text) };
      });
    } else if (chance < 0.93 && (f.category === 'other' || f.category === 'suggestion')) {
      this.add(at + 15 * MINUTE, 'service', () => ({ op: 'feedback.close', by: 'service', uid: f.uid, submittedAt: at }));
    }
  }

  private tipoff(at: number, t: EventData['tipoff.submitted']): void {
    const { rng } = this;
    if (!rng.chance(0.8)) return;
    this.add(at + 2 * HOUR, 'serviceleader', (when) => {
      const target = this.state(t.targetUid);
      const valid = rng.chance(VALID_SHARE[t.reason] ?? 0.3);
      const handled: StaffOp = {
        op: 'tipoff.handle',
        by: 'serviceleader',
        uid: t.uid,
        submittedAt: at,
        verdict: valid ? 'valid' : 'invalid',
        note: tipoffNote(rng, t.reason, valid),
      };
      if (!valid || !target || target.banned || target.p.dealer) return handled;
      if (t.reason === 'scam') {
        this.next(when, () =>
          this.state(t.targetUid)!.banned ? null : { op: 'ban', by: 'serviceleader', kind: 'account', value: String(t.targetUid), reason: REASONS.scamBan },
        );
      } else {
        this.next(when, (w) => this.suspend(t.targetUid, w, SUSPEND_DAYS[t.reason] ?? 3, REASONS.tipoffSuspend(t.reason)));
      }
      return handled;
    });
  }

  private suspend(uid: number, at: number, days: number, reason: string): StaffOp | null {
    const s = this.state(uid)!;
    if (s.banned) return null;
    // one suspension in three is reviewed again the next day and lifted early
    if (this.suspensions++ % 3 === 1) {
      this.add(at + DAY, 'serviceleader', (w) => {
        const now = this.state(uid)!;
        return !now.banned && now.suspendedUntil > w + HOUR ? { op: 'unsuspend', by: 'serviceleader', uid, reason: REASONS.liftSuspension } : null;
      });
    }
    return { op: 'suspend', by: 'serviceleader', uid, until: at + days * DAY, reason };
  }

  private chips(op: 'chips.add' | 'chips.reduce', by: StaffName, uid: number, amount: number, reason: string): StaffOp | null {
    const s = this.state(uid);
    if (!s || (op === 'chips.reduce' && s.chip < amount)) return null;
    return { op, by, uid, amount, reason, requestId: this.world.requestId() };
  }

  private farm(f: Desk['clusters'][number], j: number, due: number): void {
    const n = f.members.length + 1;
    const head = f.head.uid;
    if (j % 3 === 1) {
      this.add(due, 'secadmin', () => ({ op: 'ban', by: 'secadmin', kind: 'ip', value: f.head.ip, reason: REASONS.farmIp(n) }));
      this.add(due, 'serviceleader', (at) => this.suspend(head, at, 7, REASONS.farmSuspend));
      return;
    }
    this.add(due, 'secadmin', () => ({ op: 'ban', by: 'secadmin', kind: 'device', value: f.head.deviceId, reason: REASONS.farmDevice(n) }));
    if (j % 3 === 2) {
      this.add(due + 2 * DAY, 'business', () => ({ op: 'unban', by: 'business', kind: 'device', value: f.head.deviceId, reason: REASONS.appeal }));
      return;
    }
    this.add(due, 'business', () => {
      const owner = this.state(head);
      const amount = Math.floor(Math.min(this.funnel.get(head) ?? 0, owner?.chip ?? 0) / 100) * 100;
      return amount >= 1_000 ? this.chips('chips.reduce', 'business', head, amount, REASONS.farmReclaim(n - 1)) : null;
    });
    this.add(due + HOUR, 'serviceleader', () =>
      this.state(head)?.banned ? null : { op: 'ban', by: 'serviceleader', kind: 'account', value: String(head), reason: REASONS.farmOwner(n) },
    );
  }

  /** Players who may receive something at `at`: registered, not blocked, not a dealer. */
  private eligible(at: number): PlayerState[] {
    return [...this.world.players.values()].filter((s) => !s.p.dealer && this.world.access(s, at) === 'ok');
  }

  private batch(kind: 'maintenance' | 'cup' | 'loyalty' | 'cash', dayStart: number): void {
    const by: StaffName = kind === 'cash' ? 'secadmin' : 'admin';
    this.add(dayStart, by, (at) => {
      const players = this.eligible(at);
      const byPlay = [...players].sort((a, b) => b.sessions - a.sessions || a.p.uid - b.p.uid);
      const prizes = (list: PlayerState[], tiers: [count: number, amount: number][]) => {
        const out: [number, number][] = [];
        for (const [count, amount] of tiers) for (let i = 0; i < count && out.length < list.length; i++) out.push([list[out.length].p.uid, amount]);
        return out;
      };
      let lines: [number, number][];
      let reason: string;
      if (kind === 'maintenance') {
        const night = players.filter((s) => s.lastSeen > at - 36 * HOUR).sort((a, b) => b.lastSeen - a.lastSeen || a.p.uid - b.p.uid);
        lines = night.slice(0, 60).map((s) => [s.p.uid, 1_000]);
        reason = REASONS.maintenance(at);
      } else if (kind === 'cup') {
        lines = prizes(
          byPlay.filter((s) => s.sessions > 0),
          [
            [1, 100_000],
            [2, 50_000],
            [7, 20_000],
            [20, 5_000],
          ],
        );
        reason = REASONS.cup(at);
      } else if (kind === 'loyalty') {
        lines = byPlay
          .filter((s) => s.p.tier === 'top' || s.p.payer)
          .slice(0, 40)
          .map((s) => [s.p.uid, 10_000]);
        reason = REASONS.loyalty(at);
      } else {
        lines = prizes(
          byPlay.filter((s) => s.sessions > 0),
          [
            [1, 100_000],
            [2, 50_000],
            [7, 20_000],
            [15, 10_000],
          ],
        );
        reason = REASONS.cashPrizes(at);
      }
      return lines.length >= 3 ? { op: 'batch', by, currency: kind === 'cash' ? 'withdrawable' : 'chip', lines, reason } : null;
    });
  }
}
