/**
 * Tongits tables, played as a table server plays them (docs/api/tablegames.md): a sitting at a
 * room that fits the player's balance (quick match), opponents from the players at tables right
 * now, empty seats filled by AI seats where the room allows them (a 1v1 room: two players and its
 * AI seat). Each hand: the seed fixed and hashed first, every player seat's ante debited
 * (game.bet, ref = the round id; the seats' debits in one wallet batch, as a table server sends
 * them: decision 058), the outcome from the seed by @console/games with the settings
 * version the server read, the winner credited (game.win), the `game.round` record with the AI
 * seats as `bot: true`; now and then a jackpot hit paid from the pool (`jackpot.won`, the
 * console credits the winner) and a player reporting another (`game.reported`); the staff flag
 * players reported again and again for good (and lift one flag in five on appeal).
 *
 * The table servers play only once they know their configuration (`setTableServers`, what
 * GET /api/platform/tablegames/configs answers; the demo seed sets it): without it a sitting is
 * always a house game and nothing here draws from the random source.
 */
import { FairStream, getGame, seedHash, sha256, toHex } from '@console/games';
import type { JackpotRules, TableRoom } from '@console/schemas';
import type { Ctx } from './behaviour';
import type { RoundPlay } from './rounds';
import { simulatorSettings } from './process-settings';
import { REASONS, type PlayerState } from './world';
import { startOfDayMs } from '@console/time';

export interface TableServerConfig {
  game: string;
  version: number;
  settings: Record<string, unknown>;
  rooms: (TableRoom & { aiSeats: number; playable: boolean })[];
  jackpot: { rules: JackpotRules; balance: number } | null;
}

/**
 * What the table servers follow during one run (a backfill or a live run: one World), kept per
 * run so that a run sent again (a forced resend, a seed finished after a cut) plays the very same
 * hands: reports against each player and the players flagged (the desk's view of this run); the
 * pool as the table servers follow it (player seats' contributions minus what was paid); and what
 * the console surely holds: the pool at the start of the simulated day less today's jackpots. The
 * sender sends a day at a time and may send one player's events before another player's earlier
 * ones (sender.ts), so a jackpot may reach the console before rounds that ended before it on the
 * same day: it is sized on what was settled before the day began. A run starts from an empty pool
 * (a backfill starts on an empty console, or resends the same history).
 */
interface RunState {
  reports: Map<number, number>;
  flagged: Set<number>;
  pool: number;
  settledDay: number;
  settled: number;
}
const runs = new WeakMap<object, RunState>();
function runOf(ctx: Ctx): RunState {
  let state = runs.get(ctx.world);
  if (!state) runs.set(ctx.world, (state = { reports: new Map(), flagged: new Set(), pool: 0, settledDay: -1, settled: 0 }));
  return state;
}
/** The simulated table servers' configuration (null or []: they do not play). */
export function setTableServers(configs: TableServerConfig[] | null): void {
  simulatorSettings.tableServers = (configs ?? []).filter((c) => c.game === 'tongits');
}

/** What a sitting plays at: the game and a function playing one hand at a moment (null: no hand). */
export interface TableSitting {
  game: ReturnType<typeof getGame>;
  room: string;
  play(at: number): RoundPlay | null;
}

const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 10:00 GMT+08:00 of the day of `at`, plus `minutes`. */
const officeTime = (at: number, minutes: number) => startOfDayMs(at) + 10 * HOUR + minutes * 60_000;
/** Share of sittings at a Tongits table (when the servers play). */
const TABLE_SHARE = 0.25;
const REPORT_RATE = 0.02;
const SUSPECT_REPORT_RATE = 0.3;
const JACKPOT_HIT = 1 / 60;
const REPORTS_TO_FLAG = 2;
const encoder = new TextEncoder();

const REPORT_REASONS = [
  ['cheating', 30],
  ['collusion', 20],
  ['stalling', 20],
  ['abuse', 15],
  ['bot', 10],
  ['other', 5],
] as const;
const REPORT_TEXTS: Record<string, string[]> = {
  cheating: ['He always knows my cards', 'Lagi niyang alam ang baraha ko', '他好像每次都知道我的牌', ''],
  collusion: ['These two play together, they never fight each other', 'Magkakampi sila', '这两个人一起打配合', ''],
  stalling: ['Waits until the timer runs out every turn', 'Sobrang tagal mag-discard', '每回合都拖到最后一秒', ''],
  abuse: ['Bad words in chat', 'Nagmumura sa chat', '聊天里骂人', ''],
  bot: ['Plays too fast, always the same moves', 'Mukhang bot', '像是机器人', ''],
  other: ['Please check this player', 'Pakitingnan po', '请查一下这个玩家', ''],
};
const FLAG_REASONS = [
  'Reported repeatedly for collusion; hands reviewed, chip flow one way',
  'Soft play confirmed on review of shared tables',
  'Same device as a banned account, reports confirmed',
  'Card sharing with a tablemate confirmed by the game logs',
];

const playable = (ctx: Ctx, s: PlayerState, at: number, ante: number) => ctx.world.access(s, at) === 'ok' && s.chip >= ante * 10;

function opponent(ctx: Ctx, s: PlayerState, at: number, ante: number, taken: Set<PlayerState>): PlayerState | undefined {
  const list = ctx.online.size >= 3 ? [...ctx.online] : ctx.recent;
  for (let tries = 0; tries < 5 && list.length > 0; tries++) {
    const o = ctx.rng.pick(list);
    if (o !== s && !taken.has(o) && playable(ctx, o, at, ante)) return o;
  }
  return undefined;
}

/** A Tongits table for some sittings: a room whose balance range holds the player's chips (a 1v1 room one time in three). */
export function tableSitting(ctx: Ctx, s: PlayerState): TableSitting | null {
  const server = simulatorSettings.tableServers[0];
  if (!server || !ctx.rng.chance(TABLE_SHARE)) return null;
  const fits = server.rooms.filter((r) => r.playable && s.chip >= r.minBalance && (r.maxBalance === 0 || s.chip <= r.maxBalance));
  if (fits.length === 0) return null;
  const duels = fits.filter((r) => r.mode === '1v1');
  const room = duels.length > 0 && ctx.rng.chance(0.35) ? ctx.rng.pick(duels) : ctx.rng.pick(fits);
  const game = getGame('tongits');
  const table = `${room.room}:${ctx.rng.int(1, room.mode === '1v1' ? 6 : 12)}`;
  return { game, room: room.room, play: (at) => hand(ctx, s, server, room, table, at) };
}

function hand(ctx: Ctx, s: PlayerState, server: TableServerConfig, room: TableServerConfig['rooms'][number], table: string, at: number): RoundPlay | null {
  const { world, rng } = ctx;
  if (!playable(ctx, s, at, room.ante)) return null;
  // who sits: the player, then opponents or AI seats
  const seats: (PlayerState | null)[] = [s];
  const taken = new Set([s]);
  let ai = 0;
  for (let k = 1; k < 3; k++) {
    const wantAi = room.mode === '1v1' ? k === 2 : ai < room.aiSeats && rng.chance(0.45);
    const human = wantAi ? undefined : opponent(ctx, s, at, room.ante, taken);
    if (human) {
      seats.push(human);
      taken.add(human);
    } else if (ai < room.aiSeats) {
      seats.push(null);
      ai++;
    } else return null;
  }
  const game = getGame('tongits');
  const roundId = world.roundId();
  const seed = toHex(sha256(encoder.encode(`${roundId}:${rng.int(0, 2_000_000_000)}`)));
  const sample = game.sampleBets(server.settings, new FairStream(seed, game.id)) as {
    end: { how: string; by: string };
    seats: { seat: string; amount: number }[];
  };
  const bets = { end: { how: 'stock', by: `p${rng.int(1, 3)}` }, seats: sample.seats.map((b) => ({ ...b, amount: room.ante })) };
  const outcome = game.play(server.settings, seed, bets) as {
    result: unknown;
    payouts: { seat: string; bet: number; win: number; fee: number; jackpot: number }[];
  };
  // the table server takes the hand's antes in one batch (POST …/wallet/batch), each seat's debit on its own
  const humans = seats.filter((p): p is PlayerState => p !== null);
  world.batch(
    at,
    humans.map((p) => ({ op: 'debit' as const, uid: p.p.uid, amount: room.ante, reason: REASONS.bet, ref: roundId })),
  );
  const end = at + rng.int(150, 420) * SECOND;
  const k = outcome.payouts.findIndex((x) => x.win > 0);
  const winner = k >= 0 ? seats[k] : null;
  const won = outcome.payouts[k]?.win ?? 0;
  ctx.schedule(
    end,
    (when) => {
      if (winner && won > 0) world.wallet(when, 'credit', { uid: winner.p.uid, amount: won, reason: REASONS.win, ref: roundId });
      world.event(when, 'game.round', {
        game: 'tongits',
        roundId,
        server: `sim-tongits-${(s.p.uid % 2) + 1}`,
        table,
        configVersion: server.version,
        seedHash: seedHash(seed),
        seed,
        bets,
        result: outcome.result,
        seats: outcome.payouts.map((x, i) => (seats[i] ? { ...x, uid: seats[i].p.uid, bot: false } : { ...x, bot: true })),
        startedAt: new Date(at).toISOString(),
        endedAt: new Date(when).toISOString(),
      });
      const run = runOf(ctx);
      if (ctx.dayOf(when) !== run.settledDay) {
        run.settledDay = ctx.dayOf(when);
        run.settled = run.pool;
      }
      run.pool += outcome.payouts.reduce((t, x, i) => t + (seats[i] ? x.jackpot : 0), 0);
      afterHand(ctx, server, seats, winner, roundId, table, when);
    },
    true,
  );
  return { bet: room.ante, win: winner === s ? won : 0, end };
}

function afterHand(
  ctx: Ctx,
  server: TableServerConfig,
  seats: (PlayerState | null)[],
  winner: PlayerState | null,
  roundId: string,
  table: string,
  at: number,
): void {
  const { world, rng } = ctx;
  const rules = server.jackpot?.rules;
  const run = runOf(ctx);
  if (winner && rules?.enabled && rng.chance(JACKPOT_HIT)) {
    const share = Math.floor((run.settled * rules.payoutBps) / 10_000);
    const amount = run.settled >= rules.minPool ? (rules.maxPayout > 0 ? Math.min(share, rules.maxPayout) : share) : 0;
    if (amount > 0) {
      world.event(at + SECOND, 'jackpot.won', { game: 'tongits', roundId, uid: winner.p.uid, amount });
      winner.chip += amount;
      run.pool -= amount;
      run.settled -= amount;
    }
  }
  const humans = seats.filter((p): p is PlayerState => p !== null);
  // players of an account cluster (shared device or address) play together and get reported far more often
  const suspect = humans.find((h) => h.p.cluster !== undefined);
  if (humans.length >= 2 && rng.chance(suspect ? SUSPECT_REPORT_RATE : REPORT_RATE * humans.length)) {
    const target = suspect ?? (winner && rng.chance(0.6) ? winner : rng.pick(humans));
    const by = rng.pick(humans.filter((h) => h !== target));
    const reason = rng.weighted(REPORT_REASONS);
    world.event(at + rng.int(5, 90) * SECOND, 'game.reported', {
      uid: by.p.uid,
      targetUid: target.p.uid,
      game: 'tongits',
      roundId,
      table,
      reason,
      text: rng.pick(REPORT_TEXTS[reason]),
    });
    const n = (run.reports.get(target.p.uid) ?? 0) + 1;
    run.reports.set(target.p.uid, n);
    if (ctx.staff && n >= REPORTS_TO_FLAG && !run.flagged.has(target.p.uid) && rng.chance(0.7)) {
      run.flagged.add(target.p.uid);
      // the next office day (GMT+08:00), between 10:00 and 17:00; dropped when the run ends first
      const when = officeTime(at + DAY, rng.int(0, 7 * 60));
      const by = rng.pick(['secadmin', 'admin']);
      const reason = rng.pick(FLAG_REASONS);
      ctx.schedule(when, (t) => world.staff(t, { op: 'cheat.flag', by, uid: target.p.uid, reason }));
      if (rng.chance(0.2)) {
        const lift = officeTime(when + rng.int(1, 3) * DAY, rng.int(0, 7 * 60));
        ctx.schedule(lift, (t) =>
          world.staff(t, { op: 'cheat.unflag', by: 'admin', uid: target.p.uid, reason: 'Appeal accepted: the reports came from one group of players' }),
        );
      }
    }
  }
}
