/**
 * Enforcement in the wallet (docs/decisions/014-player-controls.md). A debit whose reason
 * starts with `game.` is a bet; before anything is written, `checkBet` looks up the player's
 * controls and the platform-wide limits of the bet's scope in one indexed read of
 * player_control (uid IN (0, player): at most two rows; none for an uncontrolled player on a
 * platform without limits) and refuses what a control forbids with a 409 whose message starts
 * "Refused by player control". The wallet's transaction then rolls back (nothing in the ledger,
 * not even the txId) and `recordRefusal` logs it, throttled. Nothing here reads or changes a
 * round, a seed or a payout: a control decides whether a stake is taken, never what it wins.
 *
 * The scope of a bet: third-party ('tp') when its application is listed on wgconfigs
 * (control_provider), else house. The providers are cached per process for PROVIDER_CACHE_MS
 * (a change made here is seen at once; another instance's within that time).
 */
import { CONTROL_REFUSAL, type ControlKind, type ControlScope } from '@console/schemas';
import type { Db } from '../../db/open';
import { ApiError } from '../../http/api-error';
import { isoInConsoleZone } from '../../http/time';
import { consoleDay } from '@console/time';

export const PROVIDER_CACHE_MS = 5_000;
export const DEFAULT_LOG_SECONDS = 60;

export interface ControlRow {
  uid: number;
  max_bet: number | null;
  day_loss_cap: number | null;
  blocked: string[];
  cool_until: Date | null;
  log_seconds: number;
  partner: number;
}
export interface ProviderRow {
  app_id: string;
  game: string;
  max_bet: number | null;
  closed: boolean;
}

export interface Bet {
  appId: string;
  uid: number;
  amount: number;
  reason: string;
  now: Date;
}

/** The game a bet reason names: `game.bet.<game>` → `<game>`; null when it names none. */
export function betGame(reason: string): string | null {
  const m = /^game\.bet\.(.+)$/.exec(reason);
  return m ? m[1] : null;
}

export interface Refusal {
  control: ControlKind;
  limit: number | null;
  message: string;
}

/**
 * What the controls say of a bet (pure: the property tests drive it). `dayLoss` is the player's
 * game loss of the bet's day so far, asked only when a day cap is in force.
 */
export async function decide(
  bet: Bet,
  platform: ControlRow | undefined,
  player: ControlRow | undefined,
  providers: ProviderRow[],
  dayLoss: () => Promise<number>,
): Promise<Refusal | null> {
  const refuse = (control: ControlKind, limit: number | null, why: string): Refusal => ({ control, limit, message: `${CONTROL_REFUSAL}: ${control} ${why}` });
  const game = betGame(bet.reason);
  if (player?.cool_until && player.cool_until.getTime() > bet.now.getTime()) {
    return refuse('coolOff', null, `(cooling off until ${isoInConsoleZone(player.cool_until)})`);
  }
  if (player) {
    const hit = player.blocked.find((b) => b === bet.appId || (game !== null && b === game));
    if (hit) return refuse('blocked', null, `(${hit} is blocked for player ${bet.uid})`);
  }
  for (const p of providers) {
    const what = p.game === '' ? `provider ${p.app_id}` : `${p.app_id} game ${p.game}`;
    if (p.closed) return refuse('providerClosed', null, `(${what} takes no bets)`);
    if (p.max_bet !== null && bet.amount > p.max_bet) return refuse('providerMaxBet', p.max_bet, `${p.max_bet} on ${what} (bet ${bet.amount})`);
  }
  if (player?.max_bet != null && bet.amount > player.max_bet) return refuse('maxBet', player.max_bet, `${player.max_bet} (bet ${bet.amount})`);
  if (platform?.max_bet != null && bet.amount > platform.max_bet) return refuse('platformMaxBet', platform.max_bet, `${platform.max_bet} (bet ${bet.amount})`);
  const caps: [ControlKind, number | null | undefined][] = [
    ['dayLossCap', player?.day_loss_cap],
    ['platformDayLossCap', platform?.day_loss_cap],
  ];
  if (caps.some(([, cap]) => cap != null)) {
    const loss = await dayLoss();
    for (const [control, cap] of caps) {
      if (cap != null && loss + bet.amount > cap) return refuse(control, cap, `${cap} (lost ${loss} today, bet ${bet.amount})`);
    }
  }
  return null;
}

/** The wallet's refusal: a 409 that names the control, with what the log needs. */
export class ControlRefusal extends ApiError {
  constructor(
    readonly refusal: Refusal,
    readonly scope: ControlScope,
    readonly bet: Bet,
    readonly partner: number,
    readonly logSeconds: number,
  ) {
    super(409, refusal.message);
  }
}

// ---------------------------------------------------------------- the providers (cached)

let providerGeneration = 0;
const providerCache = new WeakMap<object, { at: number; generation: number; rows: Map<string, ProviderRow[]> }>();

/** wgconfigs changed in this process: the next look-up reads them again. */
export function providersChanged(): void {
  providerGeneration++;
}

/** `db` reads (the caller's transaction: PGlite has one connection), `root` keys the cache. */
async function providersOf(db: Db, root: Db, appId: string, now: number): Promise<ProviderRow[]> {
  const key = root as unknown as object;
  let cached = providerCache.get(key);
  if (!cached || cached.generation !== providerGeneration || Math.abs(now - cached.at) > PROVIDER_CACHE_MS) {
    const rows = await db.selectFrom('control_provider').select(['app_id', 'game', 'max_bet', 'closed']).execute();
    const byApp = new Map<string, ProviderRow[]>();
    for (const r of rows) {
      const row = { app_id: r.app_id, game: r.game, max_bet: r.max_bet === null ? null : r.max_bet, closed: r.closed };
      byApp.set(r.app_id, [...(byApp.get(r.app_id) ?? []), row]);
    }
    cached = { at: now, generation: providerGeneration, rows: byApp };
    providerCache.set(key, cached);
  }
  return cached.rows.get(appId) ?? [];
}

/** Is this application a third-party provider (listed on wgconfigs)? `root` is the app's database (the cache's key). */
export async function isProvider(db: Db, root: Db, appId: string, now: Date): Promise<boolean> {
  return (await providersOf(db, root, appId, now.getTime())).length > 0;
}

/**
 * What the wallet's one-statement move (migration 055) needs to know of a call before it is
 * sent: whether its application is a third-party provider (`tp`), and for a bet (`bet` given)
 * the scope whose player_control rows the statement looks at (`scope`), or `slow` when a
 * provider's own setting of the bet's game could refuse it (closed, or a max bet under the
 * stake: what decide() refuses of the providers), so that checkBet decides it in a transaction.
 * `root` keys the cache.
 */
export async function betPlan(
  root: Db,
  appId: string,
  bet: { reason: string; amount: number } | null,
  now: Date,
): Promise<{ tp: boolean; scope: ControlScope | null; slow: boolean }> {
  const providers = await providersOf(root, root, appId, now.getTime());
  const tp = providers.length > 0;
  if (bet === null) return { tp, scope: null, slow: false };
  const game = betGame(bet.reason);
  const slow = providers.some((p) => (p.game === '' || p.game === game) && (p.closed || (p.max_bet !== null && bet.amount > p.max_bet)));
  return { tp, scope: tp ? 'tp' : 'house', slow };
}

// ---------------------------------------------------------------- the check

const toRow = (r: Record<string, unknown>): ControlRow => ({
  uid: Number(r.uid),
  max_bet: r.max_bet === null ? null : Number(r.max_bet),
  day_loss_cap: r.day_loss_cap === null ? null : Number(r.day_loss_cap),
  blocked: (typeof r.blocked === 'string' ? JSON.parse(r.blocked) : r.blocked) as string[],
  cool_until: r.cool_until ? new Date(r.cool_until as string) : null,
  log_seconds: Number(r.log_seconds),
  partner: Number(r.partner),
});

/**
 * Refuses (throws ControlRefusal) a bet a control forbids; `trx` is the wallet call's
 * transaction, `root` the app's database (the providers' cache).
 */
export async function checkBet(trx: Db, root: Db, bet: Bet): Promise<void> {
  const providers = await providersOf(trx, root, bet.appId, bet.now.getTime());
  const game = betGame(bet.reason);
  const mine = providers.filter((p) => p.game === '' || p.game === game);
  const scope: ControlScope = providers.length > 0 ? 'tp' : 'house';
  const rows = (
    await trx
      .selectFrom('player_control')
      .select(['uid', 'max_bet', 'day_loss_cap', 'blocked', 'cool_until', 'log_seconds', 'partner'])
      .where('uid', 'in', [0, bet.uid])
      .where('scope', '=', scope)
      .execute()
  ).map((r) => toRow(r as unknown as Record<string, unknown>));
  if (rows.length === 0 && mine.length === 0) return;
  const platform = rows.find((r) => r.uid === 0);
  const player = rows.find((r) => r.uid === bet.uid);
  const refusal = await decide(bet, platform, player, mine, async () => {
    // the balance row first (the ledger takes it next anyway): a player's bets pass this check one at a time
    await trx.selectFrom('player_balance').select('uid').where('uid', '=', bet.uid).forUpdate().execute();
    const day = await trx
      .selectFrom('player_day_game')
      .select(['bets', 'wins'])
      .where('day', '=', consoleDay(bet.now))
      .where('uid', '=', bet.uid)
      .executeTakeFirst();
    return day ? Math.max(0, day.bets - day.wins) : 0;
  });
  if (refusal) {
    throw new ControlRefusal(refusal, scope, bet, player?.partner ?? 0, platform?.log_seconds ?? player?.log_seconds ?? DEFAULT_LOG_SECONDS);
  }
}

// ---------------------------------------------------------------- the refusal log (throttled)

interface Gate {
  windowStart: number;
  suppressed: number;
}
const gates = new WeakMap<object, Map<string, Gate>>();
const MAX_GATES = 10_000;

/**
 * Logs a refusal: for each player, scope and control, the first refusal of a window
 * (refusalLogSeconds of the scope's configs, default 60 s) is written, the others of that window
 * only counted; the count goes into the next record (`refusals` = this one and those before it
 * that were not written). The counters are this process's own and bounded in number, like the
 * refused signatures' (http/refusal-log.ts). A failure to log never changes the answer.
 */
export async function recordRefusal(db: Db, r: ControlRefusal): Promise<void> {
  const key = db as unknown as object;
  let byKey = gates.get(key);
  if (!byKey) gates.set(key, (byKey = new Map()));
  const now = r.bet.now.getTime();
  const gateKey = `${r.scope}|${r.bet.uid}|${r.refusal.control}`;
  const gate = byKey.get(gateKey);
  if (gate && now >= gate.windowStart && now - gate.windowStart < r.logSeconds * 1000) {
    gate.suppressed += 1;
    return;
  }
  if (byKey.size >= MAX_GATES) byKey.clear();
  byKey.set(gateKey, { windowStart: now, suppressed: 0 });
  try {
    const partner = await db.selectFrom('player').select('partner').where('uid', '=', r.bet.uid).executeTakeFirst();
    await db
      .insertInto('control_log')
      .values({
        at: r.bet.now,
        scope: r.scope,
        kind: 'refusal',
        uid: r.bet.uid,
        partner: partner?.partner ?? r.partner,
        app_id: r.bet.appId,
        control: r.refusal.control,
        amount: r.bet.amount,
        refusals: 1 + (gate?.suppressed ?? 0),
        message: r.refusal.message,
        actor: `app:${r.bet.appId}`,
        before: null,
        after: JSON.stringify({ reason: r.bet.reason, limit: r.refusal.limit }),
      })
      .execute();
  } catch {
    // the answer stands whatever the log does
  }
}

/**
 * The cash-out hook: a player under a control with cashoutReview (either scope) has every
 * cash-out order held for a second reviewer (four eyes whatever the amount; cashout/review.ts).
 */
export async function cashoutReviewForced(db: Db, uid: number): Promise<boolean> {
  const row = await db.selectFrom('player_control').select('uid').where('uid', '=', uid).where('cashout_review', '=', true).limit(1).executeTakeFirst();
  return row !== undefined;
}
