/**
 * The simulator's picture of the platform: what each player holds and has done, kept in step
 * with every action it emits, so that what it sends is what a real platform would send
 * (nobody pays chips they do not have). Each emit applies the action's effect here first.
 */
import { BADGES } from './catalog';
import type { SimPlayer } from './population';
import type { Action, Balances, EventData, EventType, PaymentCall, StaffOp, WalletBody, WalletCurrency, WalletOp, WalletSettleBody } from './types';

export interface PlayerState {
  p: SimPlayer;
  chip: number;
  safe: number;
  charisma: number;
  bean: number;
  bonus: number;
  phoneBound: boolean;
  gcashSet: boolean;
  bankSet: boolean;
  badges: Set<string>;
  giftsSent: number;
  playDays: number;
  lastPlayDay: number;
  sessions: number;
  /** A session is running: its chips are on the table until it is settled. */
  inSession: boolean;
  /** Account banned by staff; suspended until this moment (0: not). */
  banned: boolean;
  suspendedUntil: number;
  /** The last login (ms; 0: none). */
  lastSeen: number;
  /** Chips bought from coin dealers (the first purchase has the welcome deposit bonus). */
  purchases: number;
}

/** Wallet reasons the simulator uses (docs/api/platform.md lists which reasons are games). */
export const REASONS = {
  bet: 'game.bet',
  win: 'game.win',
  /** a round's bet and win in one settle (rounds.ts: the instant house games) */
  settle: 'game.settle',
  register: 'bonus.register',
  stock: 'coindealer.stock',
  /** beans: the lucky wheel after a sitting, the item shop (the console's activities pay the rest: simulator/activities.ts) */
  wheel: 'activity.luckywheel',
  shop: 'shop.exchange',
  /** bonus: a deposit promotion on a coin-dealer purchase; spent as a game bet (REASONS.bet) */
  depositBonus: 'promo.deposit',
} as const;

/** What a player may do at a moment: a banned or suspended account, device or address cannot log in. */
export type Access = 'ok' | 'banned' | 'suspended';

export class World {
  readonly players = new Map<number, PlayerState>();
  /** Players of each partner other than 0 (a partner is a club: its members send each other chips). */
  readonly clubs = new Map<number, PlayerState[]>();
  readonly bannedDevices = new Set<string>();
  readonly bannedIps = new Set<string>();
  /** Sees every event as it is emitted (the staff desk follows feedback, tip-offs and transfers). */
  observer?: (at: number, type: EventType, data: EventData[EventType]) => void;
  private eventSeq = 0;
  private txSeq = 0;
  private roundSeq = 0;
  private staffSeq = 0;

  constructor(
    private readonly prefix: string,
    private readonly out: (action: Action) => void,
  ) {}

  access(s: PlayerState, at: number): Access {
    if (s.banned || this.bannedDevices.has(s.p.deviceId) || this.bannedIps.has(s.p.ip)) return 'banned';
    return at < s.suspendedUntil ? 'suspended' : 'ok';
  }

  /** Live mode: the platform refused a login of a player it blocks (the reason is not known). */
  block(uid: number): void {
    const s = this.players.get(uid);
    if (s) s.banned = true;
  }
  state(uid: number): PlayerState | undefined {
    return this.players.get(uid);
  }

  /** A player already on the platform (live mode), with the balances the server reports. */
  adopt(p: SimPlayer, balances: Balances): PlayerState {
    const s = this.fresh(p);
    s.chip = balances.chip;
    s.safe = balances.safe;
    s.charisma = balances.charisma;
    s.bean = balances.bean;
    s.bonus = balances.bonus;
    s.phoneBound = p.phone !== undefined;
    s.gcashSet = p.gcash !== undefined;
    s.bankSet = p.bank !== undefined;
    // what it holds is not known: no badge is granted twice (the platform would refuse it)
    for (const id of Object.keys(BADGES)) s.badges.add(id);
    this.add(s);
    return s;
  }

  /** Replaces a player's balances with what the server reports (after a refusal). */
  resync(uid: number, balances: Balances): void {
    const s = this.players.get(uid);
    if (s) {
      s.chip = balances.chip;
      s.safe = balances.safe;
      s.charisma = balances.charisma;
      s.bean = balances.bean;
      s.bonus = balances.bonus;
    }
  }

  private add(s: PlayerState): void {
    this.players.set(s.p.uid, s);
    if (s.p.partner) {
      const club = this.clubs.get(s.p.partner);
      if (club) club.push(s);
      else this.clubs.set(s.p.partner, [s]);
    }
  }

  private fresh(p: SimPlayer): PlayerState {
    return {
      p,
      chip: 0,
      safe: 0,
      charisma: 0,
      bean: 0,
      bonus: 0,
      phoneBound: false,
      gcashSet: false,
      bankSet: false,
      badges: new Set(),
      giftsSent: 0,
      playDays: 0,
      lastPlayDay: -1,
      sessions: 0,
      inSession: false,
      banned: false,
      suspendedUntil: 0,
      lastSeen: 0,
      purchases: 0,
    };
  }

  event<T extends EventType>(at: number, type: T, data: EventData[T]): void {
    this.apply(type, data);
    const id = `${this.prefix}e${(this.eventSeq++).toString(36)}`;
    this.out({ kind: 'event', at, event: { id, type, at: new Date(at).toISOString(), data } as never });
    this.observer?.(at, type, data);
  }

  /** A new round id of this run (the ref of the round's wallet calls and its game.round record). */
  roundId(): string {
    return `${this.prefix}g${(this.roundSeq++).toString(36)}`;
  }

  /** A wallet call; chip, bean and bonus are followed here (the simulator moves no other currency). Returns its txId. */
  wallet(at: number, kind: 'debit' | 'credit', body: Omit<WalletBody, 'txId' | 'currency'>, currency: WalletCurrency = 'chip'): string {
    const txId = this.moved(body.uid, currency, kind === 'credit' ? body.amount : -body.amount);
    this.out({ kind, at, body: { txId, currency, ...body } });
    return txId;
  }

  /**
   * A settle: the bet taken and the win paid in one call. Returns its txId. Followed here: the bet
   * at once, the win too unless `winLater` (the player sees it when the round's end shows it:
   * `followWin` then, as a credit sent at that moment would be followed).
   */
  settle(at: number, body: Omit<WalletSettleBody, 'txId' | 'currency'>, currency: WalletCurrency = 'chip', winLater = false): string {
    const txId = this.moved(body.uid, currency, winLater ? -body.bet : body.win - body.bet);
    this.out({ kind: 'settle', at, body: { txId, currency, ...body } });
    return txId;
  }

  /** The win of a settle sent with `winLater`, followed when the player sees it. */
  followWin(uid: number, win: number, currency: WalletCurrency = 'chip'): void {
    const s = this.players.get(uid)!;
    if (currency === 'chip' || currency === 'bean' || currency === 'bonus') s[currency] += win;
  }

  /** Debits and credits of a game server in one batch call, applied in order (followed here each). Returns their txIds. */
  batch(at: number, ops: ({ op: 'debit' | 'credit'; currency?: WalletCurrency } & Omit<WalletBody, 'txId' | 'currency'>)[]): string[] {
    const sent: WalletOp[] = ops.map(({ op, currency = 'chip', ...body }) => ({
      op,
      txId: this.moved(body.uid, currency, op === 'credit' ? body.amount : -body.amount),
      currency,
      ...body,
    }));
    this.out({ kind: 'batch', at, ops: sent });
    return sent.map((o) => o.txId);
  }

  /** A wallet movement followed here; the txId of the call that makes it. */
  private moved(uid: number, currency: WalletCurrency, delta: number): string {
    const s = this.players.get(uid)!;
    if (currency === 'chip' || currency === 'bean' || currency === 'bonus') s[currency] += delta;
    return `${this.prefix}w${(this.txSeq++).toString(36)}`;
  }

  /** A payment (payments.ts); `chips`: what a paid recharge will credit (followed here). */
  payment(at: number, call: PaymentCall, chips = 0): void {
    if (chips > 0) this.players.get(call.uid)!.chip += chips;
    this.out({ kind: 'payment', at, payment: call });
  }

  /** A staff operation (demo seed): its effect on the players here, then the action. */
  staff(at: number, op: StaffOp): void {
    const s = 'uid' in op ? this.players.get(op.uid) : undefined;
    switch (op.op) {
      case 'chips.add':
        s!.chip += op.amount;
        break;
      case 'chips.reduce':
        s!.chip -= op.amount;
        break;
      case 'suspend':
        s!.suspendedUntil = op.until;
        break;
      case 'unsuspend':
        s!.suspendedUntil = 0;
        break;
      case 'ban':
      case 'unban': {
        const on = op.op === 'ban';
        if (op.kind === 'account') this.players.get(Number(op.value))!.banned = on;
        else {
          const set = op.kind === 'device' ? this.bannedDevices : this.bannedIps;
          if (on) set.add(op.value);
          else set.delete(op.value);
        }
        break;
      }
      case 'batch':
        if (op.currency === 'chip') for (const [uid, amount] of op.lines) this.players.get(uid)!.chip += amount;
        break;
      default:
        break;
    }
    this.out({ kind: 'staff', at, staff: op });
  }

  /** A submission id for a staff chip change (a retried seed is refused instead of paying twice). */
  requestId(): string {
    return `${this.prefix}s${(this.staffSeq++).toString(36)}`.padEnd(8, '0');
  }

  private apply<T extends EventType>(type: T, raw: EventData[T]): void {
    const data = raw as EventData[EventType] & Record<string, unknown>;
    const get = (uid: unknown) => this.players.get(uid as number)!;
    switch (type) {
      case 'player.registered': {
        const d = raw as EventData['player.registered'];
        throw new Error(`use World.register for ${d.uid}`);
      }
      case 'player.phoneBound':
        get(data.uid).phoneBound = true;
        break;
      case 'chips.transferred': {
        const d = raw as EventData['chips.transferred'];
        get(d.fromUid).chip -= d.amount;
        get(d.toUid).chip += d.amount;
        break;
      }
      case 'coindealer.sold': {
        const d = raw as EventData['coindealer.sold'];
        get(d.dealerUid).chip -= d.amount;
        get(d.toUid).chip += d.amount;
        break;
      }
      case 'safe.deposit': {
        const s = get(data.uid);
        s.chip -= data.amount as number;
        s.safe += data.amount as number;
        break;
      }
      case 'safe.withdraw': {
        const s = get(data.uid);
        s.chip += data.amount as number;
        s.safe -= data.amount as number;
        break;
      }
      case 'gift.sent': {
        const d = raw as EventData['gift.sent'];
        const from = get(d.fromUid);
        from.chip -= d.chips;
        from.giftsSent++;
        get(d.toUid).charisma += d.charisma;
        break;
      }
      case 'emote.used':
        get(data.uid).chip -= data.chips as number;
        break;
      case 'badge.granted':
        get(data.uid).badges.add(data.badgeId as string);
        break;
      default:
        break;
    }
  }

  /** player.registered: the player now exists with empty balances. */
  register(at: number, data: EventData['player.registered'], p: SimPlayer): PlayerState {
    const s = this.fresh(p);
    if (data.phone) s.phoneBound = true;
    this.add(s);
    const id = `${this.prefix}e${(this.eventSeq++).toString(36)}`;
    this.out({ kind: 'event', at, event: { id, type: 'player.registered', at: new Date(at).toISOString(), data } });
    return s;
  }

  /** Every state, in uid order (tests compare it with the server's balances). */
  balances(): Map<number, { chip: number; safe: number; charisma: number; bean: number; bonus: number }> {
    return new Map([...this.players].map(([uid, s]) => [uid, { chip: s.chip, safe: s.safe, charisma: s.charisma, bean: s.bean, bonus: s.bonus }]));
  }
}
