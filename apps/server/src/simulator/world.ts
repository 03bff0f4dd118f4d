/**
 * The simulator's picture of the platform: what each player holds and has done, kept in step
 * with every action it emits, so that what it sends is what a real platform would send
 * (nobody pays chips they do not have). Each emit applies the action's effect here first.
 */
import { BADGES } from './catalog';
import type { SimPlayer } from './population';
import type { Action, Balances, EventData, EventType, WalletBody } from './types';

export interface PlayerState {
  p: SimPlayer;
  chip: number;
  safe: number;
  charisma: number;
  phoneBound: boolean;
  gcashSet: boolean;
  bankSet: boolean;
  badges: Set<string>;
  giftsSent: number;
  playDays: number;
  lastPlayDay: number;
  reliefDay: number;
  reliefCount: number;
  sessions: number;
  /** A session is running: its chips are on the table until it is settled. */
  inSession: boolean;
}

/** Wallet reasons the simulator uses (docs/api/platform.md lists which reasons are games). */
export const REASONS = {
  bet: 'game.bet',
  win: 'game.win',
  register: 'bonus.register',
  phone: 'activity.telephonelogin',
  relief: 'activity.relief',
  stock: 'coindealer.stock',
} as const;

export class World {
  readonly players = new Map<number, PlayerState>();
  private eventSeq = 0;
  private txSeq = 0;

  constructor(private readonly prefix: string, private readonly out: (action: Action) => void) {}

  state(uid: number): PlayerState | undefined {
    return this.players.get(uid);
  }

  /** A player already on the platform (live mode), with the balances the server reports. */
  adopt(p: SimPlayer, balances: Balances): PlayerState {
    const s = this.fresh(p);
    s.chip = balances.chip;
    s.safe = balances.safe;
    s.charisma = balances.charisma;
    s.phoneBound = p.phone !== undefined;
    s.gcashSet = p.gcash !== undefined;
    s.bankSet = p.bank !== undefined;
    // what it holds is not known: no badge is granted twice (the platform would refuse it)
    for (const id of Object.keys(BADGES)) s.badges.add(id);
    this.players.set(p.uid, s);
    return s;
  }

  /** Replaces a player's balances with what the server reports (after a refusal). */
  resync(uid: number, balances: Balances): void {
    const s = this.players.get(uid);
    if (s) { s.chip = balances.chip; s.safe = balances.safe; s.charisma = balances.charisma; }
  }

  private fresh(p: SimPlayer): PlayerState {
    return {
      p, chip: 0, safe: 0, charisma: 0, phoneBound: false, gcashSet: false, bankSet: false, badges: new Set(),
      giftsSent: 0, playDays: 0, lastPlayDay: -1, reliefDay: -1, reliefCount: 0, sessions: 0, inSession: false,
    };
  }

  event<T extends EventType>(at: number, type: T, data: EventData[T]): void {
    this.apply(type, data);
    const id = `${this.prefix}e${(this.eventSeq++).toString(36)}`;
    this.out({ kind: 'event', at, event: { id, type, at: new Date(at).toISOString(), data } as never });
  }

  wallet(at: number, kind: 'debit' | 'credit', body: Omit<WalletBody, 'txId' | 'currency'>): void {
    const s = this.players.get(body.uid)!;
    s.chip += kind === 'credit' ? body.amount : -body.amount;
    const txId = `${this.prefix}w${(this.txSeq++).toString(36)}`;
    this.out({ kind, at, body: { txId, currency: 'chip', ...body } });
  }

  private apply<T extends EventType>(type: T, raw: EventData[T]): void {
    const data = raw as EventData[EventType] & Record<string, unknown>;
    const get = (uid: unknown) => this.players.get(uid as number)!;
    switch (type) {
      case 'player.registered': {
        const d = raw as EventData['player.registered'];
        throw new Error(`use World.register for ${d.uid}`);
      }
      case 'player.phoneBound': get(data.uid).phoneBound = true; break;
      case 'chips.transferred': {
        const d = raw as EventData['chips.transferred'];
        get(d.fromUid).chip -= d.amount; get(d.toUid).chip += d.amount; break;
      }
      case 'coindealer.sold': {
        const d = raw as EventData['coindealer.sold'];
        get(d.dealerUid).chip -= d.amount; get(d.toUid).chip += d.amount; break;
      }
      case 'safe.deposit': { const s = get(data.uid); s.chip -= data.amount as number; s.safe += data.amount as number; break; }
      case 'safe.withdraw': { const s = get(data.uid); s.chip += data.amount as number; s.safe -= data.amount as number; break; }
      case 'gift.sent': {
        const d = raw as EventData['gift.sent'];
        const from = get(d.fromUid);
        from.chip -= d.chips; from.giftsSent++; get(d.toUid).charisma += d.charisma; break;
      }
      case 'emote.used': get(data.uid).chip -= data.chips as number; break;
      case 'badge.granted': get(data.uid).badges.add(data.badgeId as string); break;
      default: break;
    }
  }

  /** player.registered: the player now exists with empty balances. */
  register(at: number, data: EventData['player.registered'], p: SimPlayer): PlayerState {
    const s = this.fresh(p);
    if (data.phone) s.phoneBound = true;
    this.players.set(p.uid, s);
    const id = `${this.prefix}e${(this.eventSeq++).toString(36)}`;
    this.out({ kind: 'event', at, event: { id, type: 'player.registered', at: new Date(at).toISOString(), data } });
    return s;
  }

  /** Every state, in uid order (tests compare it with the server's balances). */
  balances(): Map<number, { chip: number; safe: number; charisma: number }> {
    return new Map([...this.players].map(([uid, s]) => [uid, { chip: s.chip, safe: s.safe, charisma: s.charisma }]));
  }
}
