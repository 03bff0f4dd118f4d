/**
 * For the simulator's own tests: an in-memory stand-in for the console's platform API that
 * keeps balances by the contract's rules (409 when short, 404 for an unknown player, 409 for
 * a uid that exists, duplicate ids), so a generator's output can be checked without a server.
 * Staff actions move chips as the console would (add, reduce with 409 when short, chip batches)
 * and are otherwise only counted.
 */
import { CASHOUT_FEES, PACKS } from './payments';
import type {
  Balances,
  EventResult,
  PaymentCall,
  PlatformEvent,
  StaffAnswer,
  StaffOp,
  Transport,
  WalletAnswer,
  WalletBody,
  WalletOp,
  WalletOpResult,
  WalletSettleBody,
} from './types';

const empty = (): Balances => ({ chip: 0, bean: 0, safe: 0, bonus: 0, diamond: 0, charisma: 0, withdrawable: 0 });

export class FakePlatform implements Transport {
  readonly balances = new Map<number, Balances>();
  readonly seen = new Map<string, EventResult>();
  readonly txs = new Map<string, WalletAnswer>();
  readonly applied: PlatformEvent[] = [];
  calls = 0;

  async events(events: PlatformEvent[]): Promise<EventResult[]> {
    this.calls++;
    return events.map((e) => {
      const before = this.seen.get(e.id);
      if (before) return { ...before, status: 'duplicate' as const };
      const r = this.apply(e);
      this.seen.set(e.id, r);
      if (r.status === 'applied') this.applied.push(e);
      return r;
    });
  }

  private apply(e: PlatformEvent): EventResult {
    const fail = (code: number, message: string): EventResult => ({ id: e.id, status: 'rejected', code, message });
    const need = (...uids: number[]) => uids.find((uid) => !this.balances.has(uid));
    const move = (moves: [number, keyof Balances, number][]): EventResult => {
      const missing = need(...moves.map(([uid]) => uid));
      if (missing !== undefined) return fail(404, `Player ${missing} not found`);
      for (const [uid, c, delta] of moves) if (this.balances.get(uid)![c] + delta < 0) return fail(409, 'Insufficient balance');
      for (const [uid, c, delta] of moves) this.balances.get(uid)![c] += delta;
      return { id: e.id, status: 'applied' };
    };
    switch (e.type) {
      case 'player.registered':
        if (this.balances.has(e.data.uid)) return fail(409, `Player ${e.data.uid} already exists`);
        if (e.data.inviterUid !== undefined && !this.balances.has(e.data.inviterUid)) return fail(404, 'Inviter not found');
        this.balances.set(e.data.uid, empty());
        return { id: e.id, status: 'applied' };
      case 'chips.transferred':
        return move([
          [e.data.fromUid, 'chip', -e.data.amount],
          [e.data.toUid, 'chip', e.data.amount],
        ]);
      case 'coindealer.sold':
        return move([
          [e.data.dealerUid, 'chip', -e.data.amount],
          [e.data.toUid, 'chip', e.data.amount],
        ]);
      case 'safe.deposit':
        return move([
          [e.data.uid, 'chip', -e.data.amount],
          [e.data.uid, 'safe', e.data.amount],
        ]);
      case 'safe.withdraw':
        return move([
          [e.data.uid, 'safe', -e.data.amount],
          [e.data.uid, 'chip', e.data.amount],
        ]);
      case 'gift.sent':
        return move([
          [e.data.fromUid, 'chip', -e.data.chips],
          [e.data.toUid, 'charisma', e.data.charisma],
        ]);
      case 'emote.used':
        return move([[e.data.uid, 'chip', -e.data.chips]]);
      case 'tipoff.submitted':
        return move([
          [e.data.uid, 'chip', 0],
          [e.data.targetUid, 'chip', 0],
        ]);
      case 'sms.sent':
      case 'sms.result':
        return { id: e.id, status: 'applied' };
      case 'game.round':
        return move(e.data.seats.flatMap((seat) => (seat.uid === undefined ? [] : [[seat.uid, 'chip', 0] as [number, 'chip', number]])));
      default:
        return move([[e.data.uid, 'chip', 0]]);
    }
  }

  async wallet(kind: 'debit' | 'credit', body: WalletBody): Promise<WalletAnswer> {
    this.calls++;
    return this.move(kind, body);
  }

  /** A settle: the bet taken with the guard (409 when short of it), then the win paid; once per txId. */
  async settle(body: WalletSettleBody): Promise<WalletAnswer> {
    this.calls++;
    return this.settled(body);
  }

  /** A batch: each op applied on its own in order; a txId seen before is a duplicate with its first answer. */
  async batch(ops: WalletOp[]): Promise<WalletOpResult[]> {
    this.calls++;
    return ops.map((o) => {
      const seen = this.txs.has(o.txId);
      const a = o.op === 'settle' ? this.settled(o) : this.move(o.op, o);
      if (a.code !== 200) return { txId: o.txId, status: 'rejected', code: a.code, message: a.message };
      return { txId: o.txId, status: seen ? 'duplicate' : 'applied', balance: a.balance };
    });
  }

  private settled(body: WalletSettleBody): WalletAnswer {
    const before = this.txs.get(body.txId);
    if (before) return before;
    const b = this.balances.get(body.uid);
    if (!b) return { status: 404, code: 404, message: 'Player not found' };
    if (b[body.currency] < body.bet) return { status: 409, code: 409, message: 'Insufficient balance' };
    b[body.currency] += body.win - body.bet;
    const answer = { status: 200, code: 200, balance: b[body.currency] };
    this.txs.set(body.txId, answer);
    return answer;
  }

  private move(kind: 'debit' | 'credit', body: WalletBody): WalletAnswer {
    const before = this.txs.get(body.txId);
    if (before) return before;
    const b = this.balances.get(body.uid);
    if (!b) return { status: 404, code: 404, message: 'Player not found' };
    const delta = kind === 'credit' ? body.amount : -body.amount;
    if (b[body.currency] + delta < 0) return { status: 409, code: 409, message: 'Insufficient balance' };
    b[body.currency] += delta;
    const answer = { status: 200, code: 200, balance: b[body.currency] };
    this.txs.set(body.txId, answer);
    return answer;
  }

  private readonly orders = new Set<string>();

  /** A recharge credits its product's chips once on a paid callback of the right amount; a cash-out holds amount + fee from withdrawable. */
  async payment(call: PaymentCall): Promise<WalletAnswer> {
    this.calls++;
    const b = this.balances.get(call.uid);
    if (!b) return { status: 404, code: 404, message: `Player ${call.uid} not found` };
    if (this.orders.has(call.requestId)) return { status: 200, code: 200 };
    if (call.op === 'cashout') {
      const total = call.amount + Math.ceil((call.amount * (CASHOUT_FEES[call.channel] ?? 0)) / 100);
      if (b.withdrawable < total) return { status: 409, code: 409, message: 'Insufficient balance' };
      b.withdrawable -= total;
    } else if (call.callbacks.some((c) => c.status === 'paid' && c.amount === call.price) && !call.callbacks.some((c) => c.amount !== call.price)) {
      const extra = PACKS.find(([price]) => price === call.price)?.[2] ?? 0;
      b.chip += (call.price * (100 + extra)) / 100;
    }
    this.orders.add(call.requestId);
    return { status: 200, code: 200 };
  }

  readonly staffDone: StaffOp[] = [];

  async staff(op: StaffOp): Promise<StaffAnswer> {
    this.calls++;
    const chips: [number, number][] =
      op.op === 'chips.add'
        ? [[op.uid, op.amount]]
        : op.op === 'chips.reduce'
          ? [[op.uid, -op.amount]]
          : op.op === 'batch' && op.currency === 'chip'
            ? op.lines
            : [];
    for (const [uid, delta] of chips) {
      const b = this.balances.get(uid);
      if (!b) return { status: 404, code: 404, message: `Player ${uid} not found` };
      if (b.chip + delta < 0) return { status: 409, code: 409, message: 'Insufficient balance' };
    }
    for (const [uid, delta] of chips) this.balances.get(uid)!.chip += delta;
    this.staffDone.push(op);
    return { status: 200, code: 200 };
  }

  async balance(uid: number): Promise<Balances | null> {
    const b = this.balances.get(uid);
    return b ? { ...b } : null;
  }
}
