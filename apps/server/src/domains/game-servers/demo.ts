/**
 * Demo game servers: a fleet hosting the house and table games in Manila, Cebu and
 * Singapore, with 30 days of history made by the real services at their moments (registered
 * and started by the demo `main` account, three releases rolled out — table-game servers
 * drained and put in maintenance first — a few crashes and network blips, a server retired),
 * ending with every server beating except gs-tongits-03, which crashed 47 minutes before the
 * seed's end and stays red on purpose; gs-rocket-02 has been in maintenance for two hours.
 * Idempotent: nothing is added when a server exists. The running demo keeps the fleet
 * beating (beat.ts).
 */
import { type GAME_IDS } from '@console/games';
import type { GameServerBody, GameServerHeartbeatBody } from '@console/schemas';
import type { Db } from '../../db/open';
import type { OperationNote } from '../../http/operation';
import type { SessionUser } from '../auth/sessions';
import { heartbeat, serverEvent } from './platform';
import { changeState, registerServer } from './servers';
import { consoleHour, dayStart, HOUR_MS } from '@console/time';

type GameId = (typeof GAME_IDS)[number];
const DEMO_APP_ID = 'demo-app';
export const DEMO_CRASHED = 'gs-tongits-03';
const RETIRED = 'gs-legacy-01';
const MAINTENANCE = 'gs-rocket-02';
const RELEASES = [
  { daysAgo: 25, version: '2.13.0' },
  { daysAgo: 12, version: '2.14.0' },
  { daysAgo: 3, version: '2.14.3' },
];
const FIRST_VERSION = '2.12.4';

/** Players one server holds at the evening peak, per game, and the seats of one table (0: no tables). */
const PEAK: Record<GameId, { players: number; seats: number }> = {
  luckyjoker: { players: 260, seats: 0 },
  tasty: { players: 140, seats: 0 },
  fruitfever: { players: 180, seats: 0 },
  luckytree: { players: 90, seats: 0 },
  colorgame: { players: 420, seats: 60 },
  rocket: { players: 380, seats: 150 },
  bingo: { players: 120, seats: 40 },
  scratch: { players: 70, seats: 0 },
  horse: { players: 110, seats: 40 },
  mines: { players: 150, seats: 0 },
  mines1v1: { players: 60, seats: 2 },
  lucky9: { players: 130, seats: 7 },
  hilo: { players: 90, seats: 0 },
  tongits: { players: 540, seats: 3 },
  pusoy: { players: 160, seats: 4 },
  hightexas: { players: 120, seats: 6 },
};

export interface DemoServer extends GameServerBody {
  tableGames: boolean;
}
const server = (serverId: string, name: string, region: string, games: GameId[], tableGames = false): DemoServer => ({
  serverId,
  name,
  host: `${serverId}.${region}.games.internal:7443`,
  region,
  games,
  tableGames,
});
export const DEMO_SERVERS: DemoServer[] = [
  server('gs-slots-01', 'Slots Manila 1', 'ph-manila', ['luckyjoker', 'tasty', 'fruitfever', 'luckytree']),
  server('gs-slots-02', 'Slots Cebu 1', 'ph-cebu', ['luckyjoker', 'tasty', 'fruitfever', 'luckytree']),
  server('gs-color-01', 'Color Game 1', 'ph-manila', ['colorgame']),
  server('gs-rocket-01', 'Rocket 1', 'ph-manila', ['rocket']),
  server('gs-rocket-02', 'Rocket 2', 'sg-1', ['rocket']),
  server('gs-draw-01', 'Bingo, Scratch, Horse', 'ph-cebu', ['bingo', 'scratch', 'horse']),
  server('gs-mines-01', 'Mines', 'ph-manila', ['mines', 'mines1v1'], true),
  server('gs-cards-01', 'Lucky 9 and Hi-Lo', 'ph-manila', ['lucky9', 'hilo'], true),
  server('gs-tongits-01', 'Tongits Manila 1', 'ph-manila', ['tongits'], true),
  server('gs-tongits-02', 'Tongits Manila 2', 'ph-manila', ['tongits'], true),
  server('gs-tongits-03', 'Tongits Cebu 1', 'ph-cebu', ['tongits'], true),
  server('gs-pusoy-01', 'Pusoy', 'ph-cebu', ['pusoy'], true),
  server('gs-holdem-01', "Hold'em", 'sg-1', ['hightexas'], true),
  server(RETIRED, 'Legacy tables (old build)', 'ph-manila', ['tongits', 'pusoy'], true),
];
export const DEMO_SERVER_IDS = DEMO_SERVERS.map((s) => s.serverId);

/** Share of the evening peak by hour of the GMT+08:00 day (quiet at dawn, busy after dinner). */
const HOURLY = [0.45, 0.35, 0.25, 0.18, 0.14, 0.15, 0.2, 0.28, 0.35, 0.42, 0.48, 0.55, 0.62, 0.6, 0.58, 0.6, 0.66, 0.74, 0.85, 0.95, 1, 0.98, 0.86, 0.64];

/** A small deterministic generator (mulberry32), so the seed is the same every time. */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What a server of the demo reports at `at` in a state: players and tables by the hour, load from them. */
export function demoFigures(
  s: Pick<DemoServer, 'serverId' | 'games'>,
  at: Date,
  state: string,
  version: string,
  random: () => number,
  tables?: Record<string, number>,
): GameServerHeartbeatBody {
  const hour = consoleHour(at);
  const share = state === 'active' ? HOURLY[hour] * (0.9 + random() * 0.2) : 0;
  const games = s.games.map((game) => {
    const peak = PEAK[game];
    let online = Math.round((peak.players * share) / Math.max(1, s.games.length / 2));
    let open = peak.seats ? Math.ceil(online / peak.seats) : 0;
    // draining: no new table; players leave as their tables end
    if (state === 'draining') {
      open = Math.max(0, Math.floor((tables?.[game] ?? 0) * 0.6));
      online = open * peak.seats;
    }
    return { game: game, online, tables: open };
  });
  const online = games.reduce((n, g) => n + g.online, 0);
  const capacity = s.games.reduce((n, g) => n + PEAK[g].players, 0);
  const load = Math.round(Math.min(99, 6 + (online / capacity) * 80 + random() * 4) * 100) / 100;
  return { serverId: s.serverId, at: at.toISOString(), version, load, games };
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The demo staff account as the operation runner would see it. */
const MAIN: SessionUser = { username: 'main', name: 'Demo Main', roles: ['main'], partner: 0 } as unknown as SessionUser;

/**
 * A staff change of the history, through the service (server log, `staff`). Not copied into the
 * operation log: the seed runs before the simulated players' history and by the wall clock (it
 * is given no clock), and the operation log's records keep the order of a real run and the
 * same moments in every seed (simulator/demo-screens.test.ts); what staff do on the running
 * console is logged there as always.
 */
async function staff(work: (note: OperationNote) => Promise<unknown>): Promise<void> {
  await work({ target: '', before: null, after: null });
}

interface Step {
  at: number;
  run(): Promise<unknown>;
}

async function seedFleet(db: Db, end: number, days: number): Promise<void> {
  const random = generator(20261122);
  const steps: Step[] = [];
  const at = (time: number, run: () => Promise<unknown>) => steps.push({ at: time, run });
  let sequence = 0;
  const event = (serverId: string, type: 'start' | 'stop' | 'crash' | 'deploy' | 'drained', time: number, version?: string, message?: string) =>
    at(time, () =>
      serverEvent(
        db,
        DEMO_APP_ID,
        { eventId: `demo-${serverId}-${(sequence += 1)}`, serverId, type, at: new Date(time).toISOString(), version, message },
        new Date(time),
      ),
    );
  /**
   * A heartbeat with the server's state and version at that moment. Only the last heartbeat is
   * kept, so the ones between two steps are implied (the previous one is moved to 10 s before);
   * `gap` leaves the silence instead: a network blip, logged missed and recovered.
   */
  const beat = (s: DemoServer, time: number, gap = false) =>
    at(time, async () => {
      const row = await db
        .selectFrom('game_server')
        .select(['state', 'version', 'reported_games', 'process'])
        .where('server_id', '=', s.serverId)
        .executeTakeFirstOrThrow();
      if (!gap && row.process === 'running') {
        await db
          .updateTable('game_server')
          .set({ last_heartbeat_at: new Date(time - 10_000), reported_at: new Date(time - 10_000) })
          .where('server_id', '=', s.serverId)
          .where('health', '=', 'ok')
          .execute();
      }
      const tables = Object.fromEntries((row.reported_games ?? []).map((g) => [g.game, g.tables]));
      await heartbeat(db, DEMO_APP_ID, demoFigures(s, new Date(time), row.state, row.version ?? FIRST_VERSION, random, tables), new Date(time));
    });
  const act = (s: DemoServer, time: number, action: 'drain' | 'maintenance' | 'resume' | 'retire') =>
    at(time, () => staff((note) => changeState({ db, user: MAIN, now: new Date(time), note }, s.serverId, action)));

  const start = end - days * DAY;
  for (const [i, s] of DEMO_SERVERS.entries()) {
    const time = start + i * 7 * MINUTE;
    const body: GameServerBody = { serverId: s.serverId, name: s.name, host: s.host, region: s.region, games: s.games };
    at(time, () => staff((note) => registerServer({ db, user: MAIN, now: new Date(time), note }, body)));
    event(s.serverId, 'start', time + 4 * MINUTE, FIRST_VERSION);
    beat(s, time + 5 * MINUTE);
  }

  // the legacy server is drained and retired 20 days ago
  const retireAt = end - 20 * DAY;
  const legacy = DEMO_SERVERS.find((s) => s.serverId === RETIRED)!;
  if (retireAt > start + DAY) {
    act(legacy, retireAt, 'drain');
    beat(legacy, retireAt + MINUTE);
    event(RETIRED, 'drained', retireAt + 25 * MINUTE, undefined, 'Last table ended');
    event(RETIRED, 'stop', retireAt + 27 * MINUTE, undefined, 'Shut down for retirement');
    act(legacy, retireAt + 30 * MINUTE, 'retire');
  }
  const live = DEMO_SERVERS.filter((s) => s.serverId !== RETIRED);

  // releases at 04:00 GMT+08:00 (the quiet hour): slot and draw servers restart with the new
  // build; table-game servers are drained first, put in maintenance, deployed and resumed. A
  // release's day is the one whose date is the UTC date of `daysAgo` days before the end, so its
  // 04:00 lies 4 to 28 hours before that moment, never after the end.
  for (const release of RELEASES.filter((r) => r.daysAgo < days)) {
    const day = dayStart(new Date(end - release.daysAgo * DAY).toISOString().slice(0, 10)).getTime() + 4 * HOUR_MS;
    for (const [i, s] of (day < retireAt ? DEMO_SERVERS : live).entries()) {
      const time = day + i * 6 * MINUTE;
      if (s.tableGames) {
        act(s, time - 40 * MINUTE, 'drain');
        beat(s, time - 39 * MINUTE);
        beat(s, time - 25 * MINUTE);
        event(s.serverId, 'drained', time - 12 * MINUTE, undefined, 'Last table ended');
        act(s, time - 10 * MINUTE, 'maintenance');
      }
      event(s.serverId, 'stop', time - 2 * MINUTE, undefined, `Deploying ${release.version}`);
      event(s.serverId, 'deploy', time, release.version);
      beat(s, time + MINUTE);
      if (s.tableGames) {
        act(s, time + 5 * MINUTE, 'resume');
        beat(s, time + 6 * MINUTE);
      }
    }
  }

  // incidents on other days: crashes restarted by the supervisor, and network blips
  for (let d = 1; d < days - 1; d += 1) {
    if (random() >= 0.35) continue;
    const s = live[Math.floor(random() * live.length)];
    const time = start + d * DAY + Math.floor(random() * DAY);
    const crash = random() < 0.4;
    const back = 30_000 + Math.floor(random() * 150_000);
    if (RELEASES.some((r) => Math.abs(end - r.daysAgo * DAY - time) < DAY) || (time < retireAt + DAY && s.serverId === RETIRED)) continue;
    beat(s, time);
    if (crash) {
      event(s.serverId, 'crash', time + 4_000, undefined, 'Out of memory (heap limit reached)');
      event(s.serverId, 'start', time + 45_000, undefined, 'Restarted by the supervisor');
      beat(s, time + 50_000);
    } else {
      beat(s, time + 10_000 + back, true);
    }
  }

  // Rocket 2 (Singapore) went into maintenance two hours ago: it beats, with no players
  const rocket2 = live.find((s) => s.serverId === MAINTENANCE)!;
  act(rocket2, end - 2 * 3_600_000, 'maintenance');
  beat(rocket2, end - 2 * 3_600_000 + MINUTE);

  // now: every live server beats, except the one that crashed on purpose
  for (const s of live) {
    if (s.serverId === DEMO_CRASHED) {
      beat(s, end - 48 * MINUTE);
      event(s.serverId, 'crash', end - 47 * MINUTE, undefined, 'Segmentation fault in the table worker (exit code 139)');
    } else {
      beat(s, end - 2_000);
    }
  }

  steps.sort((a, b) => a.at - b.at);
  for (const step of steps) await step.run();
}

/** Registers the demo fleet with its history, once (a staff edit survives a restart). */
export async function seedGameServers(db: Db, options: { now?: Date; days?: number } = {}): Promise<void> {
  const exists = await db.selectFrom('game_server').select('id').limit(1).executeTakeFirst();
  if (exists) return;
  const end = (options.now ?? new Date()).getTime();
  const days = Math.max(4, Math.min(options.days ?? 30, 365));
  if (db.isTransaction) await seedFleet(db, end, days);
  else await db.transaction().execute((trx) => seedFleet(trx, end, days));
}
