/**
 * Third-party providers' slots (JILI, PG, JDB, FA CHAI) as the providers play them against the
 * console: after some house sittings the player opens a provider's slot for a few spins; each
 * spin is the provider's wallet debit (`game.bet`, ref = the provider's round id), a credit when
 * it pays (`game.win`, same ref), then the round's record, the `provider.round` event naming the
 * txIds of those calls (docs/api/providers.md). Every one of them is sent as the provider's own
 * application: `routeProviders` sends an action whose round id carries a provider's prefix
 * (`jili:`…) through that application's transport.
 *
 * Providers play only once they are known (`setProviderApps`, called by the demo seed's
 * seedProviders), like the table servers; the HTTP simulator (one application) does not play
 * them. Outcomes: a slot paytable of RTP ≈ 96.8% (below), big wins (≥ 20×) about 1 spin in 200.
 */
import { coolingOff } from '../domains/controls/demo-players';
import type { Ctx } from './behaviour';
import type { Transport, WalletBody, WalletOp, WalletSettleBody } from './types';
import { simulatorSettings } from './process-settings';
import { REASONS, type PlayerState } from './world';

export interface ProviderApp {
  code: string;
  appId: string;
}

// a provider round's record as the simulator sends it (docs/api/providers.md)
declare module './types' {
  interface EventData {
    'provider.round': {
      roundId: string;
      game: string;
      gameName?: string;
      uid: number;
      bet: number;
      win: number;
      txIds: string[];
      startedAt: string;
      endedAt: string;
    };
  }
}

/** The providers' games (code, name as players see it), with how often each is opened. */
export const PROVIDER_GAMES: Record<string, readonly (readonly [code: string, name: string, weight: number])[]> = {
  JILI: [
    ['49', 'Super Ace', 20],
    ['109', 'Fortune Gems', 16],
    ['2', 'Golden Empire', 12],
    ['223', 'Fortune Gems 2', 10],
    ['47', 'Charge Buffalo', 8],
    ['51', 'Money Coming', 10],
    ['45', 'Crazy777', 6],
    ['77', 'Boxing King', 6],
  ],
  PG: [
    ['65', 'Mahjong Ways', 14],
    ['74', 'Mahjong Ways 2', 10],
    ['126', 'Fortune Tiger', 12],
    ['98', 'Fortune Ox', 6],
  ],
  JDB: [
    ['14042', 'Lucky Fortunes', 6],
    ['14036', 'Fortune Treasure', 4],
    ['8003', 'Piggy Bank', 3],
  ],
  FC: [
    ['22016', 'Chinese New Year', 5],
    ['22020', 'Night Market', 4],
  ],
};
/** How often each provider is picked (JILI leads in the Philippines). */
const PROVIDER_WEIGHTS: readonly (readonly [string, number])[] = [
  ['JILI', 60],
  ['PG', 22],
  ['JDB', 10],
  ['FC', 8],
];
/** Share of house sittings followed by a few spins at a provider's slot. */
export const PROVIDER_SHARE = 0.15;

/** A spin's multiple of the stake: [probability, low, high]; the rest pays nothing. RTP ≈ 96.8%. */
const PAYTABLE: readonly (readonly [number, number, number])[] = [
  [0.25, 0.1, 1.2],
  [0.09, 1.5, 4],
  [0.035, 4, 12],
  [0.008, 12, 30],
  [0.002, 30, 80],
];

/** The providers the simulated platform has (null or []: none plays). */
export function setProviderApps(list: readonly ProviderApp[] | null): void {
  simulatorSettings.providerApps = new Map((list ?? []).filter((p) => PROVIDER_GAMES[p.code]).map((p) => [p.code, p.appId]));
}

const prefixOf = (code: string) => `${code.toLowerCase()}:`;

/** The application a provider round id belongs to (its prefix), or undefined. */
export function providerAppOf(roundId: string | undefined): string | undefined {
  if (!roundId) return undefined;
  const code = roundId.slice(0, roundId.indexOf(':')).toUpperCase();
  return roundId.startsWith(prefixOf(code)) ? simulatorSettings.providerApps.get(code) : undefined;
}

/** A spin's payout for a stake (10-centavo steps). */
export function spinWin(ctx: Ctx, bet: number): number {
  let u = ctx.rng.next();
  for (const [p, lo, hi] of PAYTABLE) {
    if (u < p) return Math.round((bet * (lo + ctx.rng.next() * (hi - lo))) / 10) * 10;
    u -= p;
  }
  return 0;
}

/** After a house sitting, sometimes: a few spins at one provider's slot, each its wallet calls and record. */
export function providerSpins(ctx: Ctx, s: PlayerState, at: number): void {
  const { rng, world } = ctx;
  const apps = simulatorSettings.providerApps;
  if (apps.size === 0 || !rng.chance(PROVIDER_SHARE)) return;
  const code = rng.weighted(PROVIDER_WEIGHTS.filter(([c]) => apps.has(c)));
  if (!code) return;
  const [game, name] = rng.weighted(PROVIDER_GAMES[code].map((g) => [g, g[2]] as const));
  const spins = rng.int(4, 10);
  const stake = Math.max(100, Math.min(5_000, Math.round(s.p.stake / 10) * 10));
  let t = at + rng.int(20, 90) * 1000;
  // spins one after another, a few seconds apart (a slot session)
  for (let k = 0; k < spins; k++) {
    ctx.schedule(t, (when) => {
      if (s.chip < stake || world.access(s, when) !== 'ok') return;
      const roundId = `${prefixOf(code)}${world.roundId()}`;
      const uid = s.p.uid;
      const win = spinWin(ctx, stake);
      // a player cooling off is refused by the wallet (domains/controls): the provider sends no bet and no record
      if (coolingOff(uid, when)) return;
      const txIds = [world.wallet(when, 'debit', { uid, amount: stake, reason: REASONS.bet, ref: roundId })];
      const end = when + rng.int(2, 6) * 1000;
      // the spin's end happens even past the end of a run: a debited bet always gets its record
      ctx.schedule(
        end,
        (done) => {
          if (win > 0) txIds.push(world.wallet(done, 'credit', { uid, amount: win, reason: REASONS.win, ref: roundId }));
          world.event(done + 500, 'provider.round', {
            roundId,
            game,
            gameName: name,
            uid,
            bet: stake,
            win,
            txIds,
            startedAt: new Date(when).toISOString(),
            endedAt: new Date(done).toISOString(),
          });
        },
        true,
      );
    });
    t += rng.int(5, 12) * 1000;
  }
}

/**
 * A transport that sends a provider's actions as the provider's application: wallet calls whose
 * ref is a provider round id, and provider.round events (by their round id); the rest goes to
 * `base`. `forApp` gives the transport of an application.
 */
export function routeProviders(base: Transport, forApp: (appId: string) => Transport): Transport {
  const made = new Map<string, Transport>();
  const via = (appId: string) => {
    let t = made.get(appId);
    if (!t) {
      t = forApp(appId);
      made.set(appId, t);
    }
    return t;
  };
  return {
    ...base,
    async wallet(kind, body: WalletBody, at) {
      const app = providerAppOf(body.ref);
      return app ? via(app).wallet(kind, body, at) : base.wallet(kind, body, at);
    },
    ...(base.settle
      ? {
          async settle(body: WalletSettleBody, at: number) {
            const app = providerAppOf(body.ref);
            return app ? via(app).settle!(body, at) : base.settle!(body, at);
          },
        }
      : {}),
    ...(base.batch
      ? {
          // a batch is one game server's: its first op's round names the application
          async batch(ops: WalletOp[], at: number) {
            const app = providerAppOf(ops[0]?.ref);
            return app ? via(app).batch!(ops, at) : base.batch!(ops, at);
          },
        }
      : {}),
    async events(events, at) {
      const appOf = (e: (typeof events)[number]) => (e.type === 'provider.round' ? providerAppOf((e.data as { roundId: string }).roundId) : undefined);
      if (!events.some((e) => appOf(e) !== undefined)) return base.events(events, at);
      const groups = new Map<string | undefined, number[]>();
      events.forEach((e, n) => {
        const app = appOf(e);
        groups.set(app, [...(groups.get(app) ?? []), n]);
      });
      const results = new Array<Awaited<ReturnType<Transport['events']>>[number]>(events.length);
      // the platform's own events first (registrations), then each provider's records
      // (sort() would put undefined last whatever the comparator says)
      const order = [undefined, ...[...groups.keys()].filter((k): k is string => k !== undefined).sort()].filter((k) => groups.has(k));
      for (const app of order) {
        const ns = groups.get(app)!;
        const answer = await (app === undefined ? base : via(app)).events(
          ns.map((n) => events[n]),
          at,
        );
        ns.forEach((n, i) => {
          results[n] = answer[i]!;
        });
      }
      return results;
    },
  };
}

export const PROVIDER_CODES = Object.keys(PROVIDER_GAMES);
