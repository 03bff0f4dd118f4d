/**
 * Sends the simulator's actions fast without changing their outcome. Events go in batches of
 * up to 1000 (one POST /api/platform/events each), wallet calls one by one, and a chunk of
 * actions (a simulated day) is cut into phases: each phase sends its events, then its wallet
 * calls. An action is put in the earliest phase that keeps it after everything it depends on:
 * an event after the events that name the same players (a registration first) and after the
 * wallet calls on players whose chips it moves; a wallet call after the events that create
 * its player or move its chips, and after that player's earlier wallet calls. Actions on
 * different players commute, so the server ends where sending one by one would have left it.
 * Within a phase, wallet calls of different players run concurrently; one player's stay in order.
 * A staff action (demo seed) is a barrier: what came before it is sent first, then it alone.
 */
import type { Action, EventResult, EventType, PaymentCall, PlatformEvent, StaffOp, Transport, WalletAnswer, WalletBody } from './types';

export interface TypeCount {
  sent: number;
  applied: number;
  rejected: number;
  duplicate: number;
}

export interface Stats {
  events: Partial<Record<EventType, TypeCount>>;
  wallet: Record<'debit' | 'credit', TypeCount>;
  /** Staff operations by `op` (duplicate: found already done, on a seed finished after a cut). */
  staff: Partial<Record<StaffOp['op'], TypeCount>>;
  /** Payments (recharge orders, cash-out requests) by `op`. */
  payment: Partial<Record<PaymentCall['op'], TypeCount>>;
  /** `<type> <code> <message>` → how many. */
  rejections: Map<string, number>;
  calls: number;
}

export const newStats = (): Stats => ({
  events: {},
  wallet: { debit: { sent: 0, applied: 0, rejected: 0, duplicate: 0 }, credit: { sent: 0, applied: 0, rejected: 0, duplicate: 0 } },
  staff: {},
  payment: {},
  rejections: new Map(),
  calls: 0,
});

/** The players whose chips an event changes (or who it creates): wallet calls on them wait for it. */
export function chipsTouched(e: PlatformEvent): number[] {
  switch (e.type) {
    case 'player.registered':
      return [e.data.uid];
    case 'chips.transferred':
      return [e.data.fromUid, e.data.toUid];
    case 'coindealer.sold':
      return [e.data.dealerUid, e.data.toUid];
    case 'safe.deposit':
    case 'safe.withdraw':
      return [e.data.uid];
    case 'gift.sent':
      return [e.data.fromUid];
    case 'emote.used':
      return e.data.chips > 0 ? [e.data.uid] : [];
    default:
      return [];
  }
}

/** Every player an event names: it must come after their registration and earlier events. */
export function playersNamed(e: PlatformEvent): number[] {
  const d = e.data as unknown as Record<string, unknown>;
  const uids: number[] = [];
  for (const key of ['uid', 'fromUid', 'toUid', 'targetUid', 'dealerUid', 'inviterUid']) if (typeof d[key] === 'number') uids.push(d[key]);
  if (e.type === 'game.round') for (const seat of e.data.seats) if (seat.uid !== undefined) uids.push(seat.uid);
  return uids;
}

export interface SenderOptions {
  batchSize?: number;
  /** Wallet calls in flight at once (different players). */
  concurrency?: number;
  onEventRejected?(event: PlatformEvent, result: EventResult): void | Promise<void>;
  onWalletRejected?(kind: 'debit' | 'credit', body: WalletBody, answer: WalletAnswer): void | Promise<void>;
}

// a payment is ordered like a wallet call of its player (it moves that player's money)
type WalletAction = Extract<Action, { kind: 'debit' | 'credit' | 'payment' }>;
type EventAction = Extract<Action, { kind: 'event' }>;
/** What the platform itself does (no staff action). */
export type PlatformAction = EventAction | WalletAction;
type StaffAction = Extract<Action, { kind: 'staff' }>;

/** Splits a chunk of actions into phases (see above); each phase's lists keep the chunk's order. */
export function phases(actions: readonly PlatformAction[]): { events: EventAction[]; wallet: WalletAction[] }[] {
  const eventPhase = new Map<number, number>();
  const chipEventPhase = new Map<number, number>();
  const walletPhase = new Map<number, number>();
  const out: { events: EventAction[]; wallet: WalletAction[] }[] = [];
  const at = (k: number) => (out[k] ??= { events: [], wallet: [] });
  for (const a of actions) {
    if (a.kind === 'event') {
      const touched = chipsTouched(a.event);
      let k = 0;
      for (const uid of playersNamed(a.event)) k = Math.max(k, eventPhase.get(uid) ?? 0);
      for (const uid of touched) k = Math.max(k, (walletPhase.get(uid) ?? -1) + 1);
      for (const uid of playersNamed(a.event)) eventPhase.set(uid, k);
      for (const uid of touched) chipEventPhase.set(uid, k);
      at(k).events.push(a);
    } else {
      const uid = a.kind === 'payment' ? a.payment.uid : a.body.uid;
      const k = Math.max(chipEventPhase.get(uid) ?? 0, walletPhase.get(uid) ?? 0);
      walletPhase.set(uid, k);
      at(k).wallet.push(a);
    }
  }
  return out.filter(Boolean);
}

export class Sender {
  readonly stats = newStats();
  /** `uid:ref` of the rounds whose bet was refused, until their win would be sent. */
  private readonly refusedRounds = new Set<string>();
  private readonly batchSize: number;
  private readonly concurrency: number;

  constructor(
    private readonly transport: Transport,
    private readonly options: SenderOptions = {},
  ) {
    this.batchSize = Math.min(1000, options.batchSize ?? 1000);
    this.concurrency = options.concurrency ?? 8;
  }

  /** Sends a chunk of actions (given in the order they happened); resolves when all are answered. */
  async send(actions: readonly Action[]): Promise<void> {
    let segment: PlatformAction[] = [];
    for (const a of actions) {
      if (a.kind !== 'staff') {
        segment.push(a);
        continue;
      }
      await this.sendSegment(segment);
      segment = [];
      await this.sendStaff(a);
    }
    await this.sendSegment(segment);
  }

  private async sendSegment(actions: readonly PlatformAction[]): Promise<void> {
    for (const phase of phases(actions)) {
      for (let i = 0; i < phase.events.length; i += this.batchSize) await this.sendEvents(phase.events.slice(i, i + this.batchSize));
      await this.sendWallet(phase.wallet);
    }
  }

  private async sendStaff(a: StaffAction): Promise<void> {
    if (!this.transport.staff) throw new Error("staff actions need a transport that carries them (the demo seed's)");
    this.stats.calls++;
    const answer = await this.transport.staff(a.staff, a.at);
    const count = (this.stats.staff[a.staff.op] ??= { sent: 0, applied: 0, rejected: 0, duplicate: 0 });
    count.sent++;
    if (answer.code === 200) count.applied++;
    else if (answer.code === 208) count.duplicate++;
    else {
      count.rejected++;
      this.reject(`staff.${a.staff.op} ${answer.code} ${answer.message ?? ''}`);
    }
  }

  private async sendEvents(actions: EventAction[]): Promise<void> {
    const events = actions.map((a) => a.event);
    this.stats.calls++;
    const results = await this.transport.events(events, Math.max(...actions.map((a) => a.at)));
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      const r = results[i];
      const count = (this.stats.events[e.type] ??= { sent: 0, applied: 0, rejected: 0, duplicate: 0 });
      count.sent++;
      count[r.status]++;
      if (r.status === 'rejected' || (r.status === 'duplicate' && r.code && r.code !== 200)) {
        this.reject(`${e.type} ${r.code} ${r.message ?? ''}`);
        if (r.status === 'rejected') await this.options.onEventRejected?.(e, r);
      }
    }
  }

  private async sendWallet(actions: WalletAction[]): Promise<void> {
    if (!actions.length) return;
    const byPlayer = new Map<number, WalletAction[]>();
    for (const a of actions) {
      const uid = a.kind === 'payment' ? a.payment.uid : a.body.uid;
      const list = byPlayer.get(uid);
      if (list) list.push(a);
      else byPlayer.set(uid, [a]);
    }
    const chains = [...byPlayer.values()];
    let next = 0;
    const worker = async () => {
      while (next < chains.length) {
        for (const a of chains[next++]) await this.sendOne(a);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, chains.length) }, worker));
  }

  private async sendOne(a: WalletAction): Promise<void> {
    if (a.kind === 'payment') return this.sendPayment(a.payment, a.at);
    // a win of a round whose bet was refused is not paid: a game or provider pays only what was
    // staked (the console refuses such a credit: decision 042); a player's calls go in order
    const round = a.body.ref === undefined ? null : `${a.body.uid}:${a.body.ref}`;
    if (a.kind === 'credit' && round !== null && this.refusedRounds.delete(round)) return;
    this.stats.calls++;
    const answer = await this.transport.wallet(a.kind, a.body, a.at);
    const count = this.stats.wallet[a.kind];
    count.sent++;
    if (answer.code === 200) {
      count.applied++;
    } else {
      if (a.kind === 'debit' && round !== null) this.refusedRounds.add(round);
      count.rejected++;
      this.reject(`wallet.${a.kind} ${answer.code} ${answer.message ?? ''}`);
      await this.options.onWalletRejected?.(a.kind, a.body, answer);
    }
  }

  private async sendPayment(call: PaymentCall, at: number): Promise<void> {
    if (!this.transport.payment) throw new Error('payments need a transport that carries them');
    this.stats.calls++;
    const answer = await this.transport.payment(call, at);
    const count = (this.stats.payment[call.op] ??= { sent: 0, applied: 0, rejected: 0, duplicate: 0 });
    count.sent++;
    if (answer.code === 200) count.applied++;
    else {
      count.rejected++;
      this.reject(`payment.${call.op} ${answer.code} ${answer.message ?? ''}`);
    }
  }

  private reject(key: string): void {
    this.stats.rejections.set(key, (this.stats.rejections.get(key) ?? 0) + 1);
  }
}
