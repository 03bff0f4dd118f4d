/**
 * What the simulator sends: platform events (contract "Platform API", events table, plus
 * coindealer.sold and badge.granted of docs/api/platform.md) and wallet calls.
 */

export interface Phone {
  country: string;
  number: string;
}

export interface EventData {
  'player.registered': {
    uid: number;
    name: string;
    ip: string;
    deviceId: string;
    package: string;
    partner?: number;
    phone?: Phone;
    shareId?: string;
    inviterUid?: number;
  };
  'player.login': { uid: number; ip: string; deviceId: string; durationSeconds?: number };
  'player.profile': { uid: number; name?: string; avatar?: string; gcash?: string; bank?: string };
  'player.phoneBound': { uid: number; phone: Phone };
  'chips.transferred': { fromUid: number; toUid: number; amount: number };
  'safe.deposit': { uid: number; amount: number };
  'safe.withdraw': { uid: number; amount: number };
  'gift.sent': { fromUid: number; toUid: number; giftId: string; chips: number; charisma: number };
  'emote.used': { uid: number; emoteId: string; chips: number };
  'feedback.submitted': { uid: number; category: string; text: string };
  'tipoff.submitted': { uid: number; targetUid: number; reason: string; text: string };
  'sms.sent': { phone: Phone; code: string; provider: string; purpose: string };
  /** The provider's delivery result of a code (appsettings.ts; docs/api/appsettings.md). */
  'sms.result': { phone: Phone; code: string; provider: string; result: 'delivered' | 'failed'; reason?: string };
  'coindealer.sold': { dealerUid: number; toUid: number; amount: number; price?: number };
  'badge.granted': { uid: number; badgeId: string; name: string };
  /** A player reports another in a table game; a jackpot paid from a game's pool (simulator/tables.ts; docs/api/tablegames.md). */
  'game.reported': { uid: number; targetUid: number; game: string; roundId?: string; table?: string; reason: string; text: string };
  'jackpot.won': { game: string; roundId: string; uid: number; amount: number };
  /** A recall link to an away friend, and a login opened from the installed web app (recall.ts; callbackactivity, pwaguide). */
  'player.recall': { uid: number; friendUid: number; channel?: string };
  'player.pwaLogin': { uid: number; deviceId: string };
  /** A house game's round (rounds.ts; docs/api/games.md): seats carry the player's uid, or bot: true. */
  'game.round': {
    game: string;
    roundId: string;
    server: string;
    table: string;
    configVersion: number;
    seedHash: string;
    seed: string;
    bets: unknown;
    result: unknown;
    seats: { seat: string; uid?: number; bot: boolean; bet: number; win: number; fee: number; jackpot: number }[];
    startedAt: string;
    endedAt: string;
  };
}

export type EventType = keyof EventData;

export const EVENT_TYPES = [
  'player.registered',
  'player.login',
  'player.profile',
  'player.phoneBound',
  'chips.transferred',
  'safe.deposit',
  'safe.withdraw',
  'gift.sent',
  'emote.used',
  'feedback.submitted',
  'tipoff.submitted',
  'sms.sent',
  'coindealer.sold',
  'badge.granted',
  'game.round',
  'game.reported',
  'jackpot.won',
  'sms.result',
  'player.recall',
  'player.pwaLogin',
] as const satisfies readonly EventType[];

export type PlatformEvent = { [T in EventType]: { id: string; type: T; at: string; data: EventData[T] } }[EventType];

export type WalletCurrency = 'chip' | 'bean' | 'bonus' | 'diamond' | 'withdrawable';

export interface WalletBody {
  txId: string;
  uid: number;
  currency: WalletCurrency;
  amount: number;
  reason: string;
  ref?: string;
}

/** A settle (contract "Fewer calls per bet"): the bet debited and the win credited in one call, in the round `ref`. */
export interface WalletSettleBody {
  txId: string;
  uid: number;
  currency: WalletCurrency;
  bet: number;
  win: number;
  reason: string;
  ref: string;
}

/** An op of a wallet batch (POST /api/platform/wallet/batch): a debit, credit or settle with that call's body (the simulator sends no rollbacks). */
export type WalletOp = ({ op: 'debit' | 'credit' } & WalletBody) | ({ op: 'settle' } & WalletSettleBody);

/** One op's result in a batch's answer, in the order sent. */
export interface WalletOpResult {
  txId: string | null;
  status: 'applied' | 'rejected' | 'duplicate';
  code?: number;
  message?: string;
  balance?: number;
}

export type BanKind = 'account' | 'device' | 'ip';

/**
 * What a console staff member does (the demo seed's desk, desk.ts): one real operation of a
 * demo account (`by` = its username), sent through the staff API in process (in-process-staff.ts).
 * Feedback and tip-offs are named by their author and moment (the console gives them their ids);
 * a ban to lift by its kind and value.
 */
export type StaffOp =
  | { op: 'chips.add' | 'chips.reduce'; by: string; uid: number; amount: number; reason: string; requestId: string }
  | { op: 'ban' | 'unban'; by: string; kind: BanKind; value: string; reason: string }
  | { op: 'suspend'; by: string; uid: number; until: number; reason: string }
  | { op: 'unsuspend'; by: string; uid: number; reason: string }
  | { op: 'feedback.reply'; by: string; uid: number; submittedAt: number; reply: string }
  | { op: 'feedback.close'; by: string; uid: number; submittedAt: number }
  | { op: 'tipoff.handle'; by: string; uid: number; submittedAt: number; verdict: 'valid' | 'invalid'; note: string }
  | { op: 'batch'; by: string; currency: 'chip' | 'withdrawable'; lines: [uid: number, amount: number][]; reason: string }
  /** A cash-out order (named by the platform's requestId): claimed, re-authenticated and approved (a second reviewer above the four-eyes amount), or denied. */
  | { op: 'cashout.review'; by: string; requestId: string; decision: 'approve' | 'deny'; reason: string; second?: string }
  | { op: 'cashout.resolve'; by: string; requestId: string; outcome: 'success' | 'fail'; reason: string }
  /** A player flagged as a cheater for good, or the flag lifted (simulator/tables.ts). */
  | { op: 'cheat.flag' | 'cheat.unflag'; by: string; uid: number; reason: string };

/**
 * A payment of the platform for a player (payments.ts; contract "Recharge and cash-out"): a
 * recharge order with the callbacks its channel sends (`after` ms after the order), or a
 * cash-out request.
 */
export type PaymentCall =
  | {
      op: 'recharge';
      requestId: string;
      uid: number;
      productId: string;
      channel: string;
      price: number;
      os: 'android' | 'ios' | 'web';
      callbacks: { after: number; status: 'paid' | 'failed'; amount: number; channelOrderId: string }[];
    }
  | { op: 'cashout'; requestId: string; uid: number; channel: string; amount: number; account: string };

export interface StaffAnswer {
  status: number;
  code: number;
  message?: string;
}

/** An activity as the player's app shows it (GET /api/platform/activities; docs/api/activities.md). */
export interface PlayerActivity {
  activity: string;
  /** The period the tiers belong to ('2026-11-22', 'once', 'window:…'): ladderloserebate also lists the last days still open for claims. */
  period: string;
  state: string;
  progress: number;
  target: number | null;
  /** Why the player may not claim at all (banned, suspended, self-excluded), or null. */
  blocked: string | null;
  tiers: { tier: string; currency: 'chip' | 'bean' | 'diamond'; amount: number; reached: boolean; why: string | null }[];
}

/** POST /api/platform/activities/claim: a reached tier of a period (default the current one). */
export interface ActivityClaim {
  uid: number;
  activity: string;
  tier: string;
  period?: string;
}

/** A claim's answer: 200 paid (repeated: the first payment answered again), 409 with the reason. */
export interface ClaimAnswer {
  status: number;
  code: number;
  message?: string;
  currency?: 'chip' | 'bean' | 'diamond';
  amount?: number;
  repeated?: boolean;
}

/** One thing the simulated platform (or a staff member) does, at a time (ms since the epoch). */
export type Action =
  | { kind: 'event'; at: number; event: PlatformEvent }
  | { kind: 'debit' | 'credit'; at: number; body: WalletBody }
  | { kind: 'settle'; at: number; body: WalletSettleBody }
  /** Several wallet calls of a game server in one POST …/wallet/batch (tables.ts: a hand's antes; rounds.ts: a stake from two balances). */
  | { kind: 'batch'; at: number; ops: WalletOp[] }
  | { kind: 'staff'; at: number; staff: StaffOp }
  | { kind: 'payment'; at: number; payment: PaymentCall };

export type EventStatus = 'applied' | 'rejected' | 'duplicate';

export interface EventResult {
  id: string;
  status: EventStatus;
  code?: number;
  message?: string;
}

export interface WalletAnswer {
  status: number;
  code: number;
  message?: string;
  balance?: number;
}

export interface Balances {
  chip: number;
  bean: number;
  safe: number;
  bonus: number;
  diamond: number;
  charisma: number;
  withdrawable: number;
}

/**
 * How the simulator reaches the platform API. `at` is the simulated moment of the call: the
 * HTTP transport ignores it (the server stamps wallet calls with its own clock); the
 * in-process transport of the demo seed sets the app's clock to it.
 */
export interface Transport {
  events(events: PlatformEvent[], at: number): Promise<EventResult[]>;
  wallet(kind: 'debit' | 'credit', body: WalletBody, at: number): Promise<WalletAnswer>;
  /** POST /api/platform/wallet/settle (a run whose game servers settle needs it). */
  settle?(body: WalletSettleBody, at: number): Promise<WalletAnswer>;
  /** POST /api/platform/wallet/batch: one result per op, in order (a run whose game servers batch needs it). */
  batch?(ops: WalletOp[], at: number): Promise<WalletOpResult[]>;
  /** null when the player does not exist (404). */
  balance(uid: number, at: number): Promise<Balances | null>;
  /** A payment at `at`: the order call, then its callbacks (recharge); the answer of the order call. */
  payment?(call: PaymentCall, at: number): Promise<WalletAnswer>;
  /** A staff operation at `at` (the demo seed only; a run with staff actions needs it). */
  staff?(op: StaffOp, at: number): Promise<StaffAnswer>;
  /** The player's activities as its app reads them at `at` (null: unknown player); live mode and the demo seed's activity traffic. */
  activities?(uid: number, at: number): Promise<PlayerActivity[] | null>;
  /** Claims a reached tier at `at`. */
  claim?(claim: ActivityClaim, at: number): Promise<ClaimAnswer>;
  /** Any other signed call of the app (live mode's app-open.ts: remote configuration, announcements, inbox, message events, SMS routes). */
  signed?: SignedCall;
}

/**
 * One signed platform call of an app: a GET (`payload` = the query string) or a POST (`payload`
 * = the JSON body) at `at`, with extra headers (If-None-Match); the answer as it came, with its
 * ETag (appsettings.ts, app-open.ts).
 */
export interface SignedCall {
  (
    method: 'GET' | 'POST',
    path: string,
    payload: string,
    at: number,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: string; etag?: string }>;
}
