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
 * A wallet batch (several players' calls in one: a table's antes) is ordered like a call of each
 * of its players: their chains run as one from then on (in that phase).
 * A staff action (demo seed) is a barrier: what came before it is sent first, then it alone.
 */
import type {
  Action,
  EventResult,
  EventType,
  PaymentCall,
  PlatformEvent,
  StaffOp,
  Transport,
  WalletAnswer,
  WalletBody,
  WalletOp,
  WalletSettleBody,
} from './types';

export interface TypeCount {
  sent: number;
  applied: number;
  rejected: number;
  duplicate: number;
}

export interface Stats {
  events: Partial<Record<EventType, TypeCount>>;
  /** Wallet calls by kind, a batch's ops each under its own (duplicate: a batch op answered as one). */
  wallet: Record<'debit' | 'credit' | 'settle', TypeCount>;
  /** POST …/wallet/batch calls. */
  batches: number;
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
  wallet: {
    debit: { sent: 0, applied: 0, rejected: 0, duplicate: 0 },
    credit: { sent: 0, applied: 0, rejected: 0, duplicate: 0 },
    settle: { sent: 0, applied: 0, rejected: 0, duplicate: 0 },
  },
  batches: 0,
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
  onWalletRejected?(kind: 'debit' | 'credit' | 'settle', body: WalletBody | WalletSettleBody, answer: WalletAnswer): void | Promise<void>;
}

// a payment is ordered like a wallet call of its player (it moves that player's money)
type WalletAction = Extract<Action, { kind: 'debit' | 'credit' | 'settle' | 'batch' | 'payment' }>;

/** The players whose money a wallet action moves. */
function walletPlayers(a: WalletAction): number[] {
  if (a.kind === 'payment') return [a.payment.uid];
  if (a.kind === 'batch') return [...new Set(a.ops.map((o) => o.uid))];
  return [a.body.uid];
}
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
      const uids = walletPlayers(a);
      let k = 0;
      for (const uid of uids) k = Math.max(k, chipEventPhase.get(uid) ?? 0, walletPhase.get(uid) ?? 0);
      for (const uid of uids) walletPhase.set(uid, k);
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
    // one chain per player; a batch joins its players' chains (what each held so far commutes with the others')
    const chainOf = new Map<number, { actions: WalletAction[]; players: number[] }>();
    for (const a of actions) {
      const uids = walletPlayers(a);
      const joined = [...new Set(uids.map((uid) => chainOf.get(uid)).filter((c) => c !== undefined))];
      const chain = joined[0] ?? { actions: [], players: [] };
      for (const other of joined.slice(1)) {
        chain.actions.push(...other.actions);
        chain.players.push(...other.players);
        for (const uid of other.players) chainOf.set(uid, chain);
      }
      for (const uid of uids) {
        if (chainOf.get(uid) === chain) continue;
        chainOf.set(uid, chain);
        chain.players.push(uid);
      }
      chain.actions.push(a);
    }
    const chains = [...new Set(chainOf.values())].map((c) => c.actions);
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
    if (a.kind === 'batch') return this.sendBatch(a.ops, a.at);
    if (a.kind === 'settle') return this.sendSettle(a.body, a.at);
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

  private async sendSettle(body: WalletSettleBody, at: number): Promise<void> {
    if (!this.transport.settle) throw new Error('settles need a transport that carries them');
    this.stats.calls++;
    const answer = await this.transport.settle(body, at);
    const count = this.stats.wallet.settle;
    count.sent++;
    if (answer.code === 200) count.applied++;
    else {
      count.rejected++;
      this.reject(`wallet.settle ${answer.code} ${answer.message ?? ''}`);
      await this.options.onWalletRejected?.('settle', body, answer);
    }
  }

  /** A batch of one game server's calls: each op counted under its kind; a refused bet's round pays no win later, as for a single debit. */
  private async sendBatch(all: WalletOp[], at: number): Promise<void> {
    if (!this.transport.batch) throw new Error('wallet batches need a transport that carries them');
    const roundOf = (o: WalletOp) => (o.ref === undefined ? null : `${o.uid}:${o.ref}`);
    const ops = all.filter((o) => {
      const round = roundOf(o);
      return !(o.op === 'credit' && round !== null && this.refusedRounds.delete(round));
    });
    if (ops.length === 0) return;
    this.stats.calls++;
    this.stats.batches++;
    const results = await this.transport.batch(ops, at);
    for (const [i, o] of ops.entries()) {
      const r = results[i];
      const count = this.stats.wallet[o.op];
      count.sent++;
      if (r.status !== 'rejected') {
        count[r.status]++;
        continue;
      }
      const round = roundOf(o);
      if (o.op === 'debit' && round !== null) this.refusedRounds.add(round);
      count.rejected++;
      this.reject(`wallet.${o.op} ${r.code} ${r.message ?? ''}`);
      const { op, ...body } = o;
      await this.options.onWalletRejected?.(op, body, { status: r.code ?? 0, code: r.code ?? 0, message: r.message });
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
