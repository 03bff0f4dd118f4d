/**
 * Demo data (demo mode only, into an empty database): the 13 demo accounts of the contract
 * (username = role, password `demo123456`, no authenticator; `partner` belongs to partner 1),
 * partners 1 and 2, operation-log records made by real service calls, the platform
 * application `demo-app` (secret `demo-platform-secret`), share codes for the `sales` and
 * `groundpromoter` accounts, and a few thousand players with 30 days of history played by the
 * simulator through the platform API in process (src/simulator/), with the demo staff at work
 * in the same history through the staff API (simulator/desk.ts: feedback answered, tip-offs
 * handled, farms banned, suspensions, chip changes, batch sends credited by the batch worker's
 * step), so that every /usermanager screen and the operation log show something believable.
 */
import { ROLES } from '@console/catalog';
import { CONTROL_REFUSAL } from '@console/schemas';
import type { ServerConfig } from '../config';
import type { Db } from '../db/open';
import { hashPassword } from '../domains/auth/passwords';
import { signIn } from '../domains/auth/login';
import { ensurePlatformApplication } from '../domains/platform/applications';
import { seedPaymentConfig } from '../domains/payment-config/demo';
import { seedGameServers } from '../domains/game-servers/demo';
import { seedLobby } from '../domains/lobby/demo';
import { seedPartnerCheatFlags, seedTableGames, tellTableServers } from '../domains/table-games/demo';
import { seedProviders } from '../domains/providers/demo';
import { seedControls } from '../domains/controls/demo';
import { seedMessages } from '../domains/messages/demo';
import { seedAppSettings } from '../domains/app-settings/demo';
import { seedLostPlayerCampaigns, seedLostPlayers } from '../domains/lost-players/demo';
import { seedPartners, seedPartnerActivity } from '../domains/partners/demo';
import { seedRooms, seedRoomActivity } from '../domains/rooms/demo';
import { seedAgents, seedAgentActivity } from '../domains/agents/demo';
import { seedAgentReports, seedAgentReportActivity } from '../domains/agent-reports/demo';
import { seedAgentManagers, seedAgentManagerActivity } from '../domains/agentmanager/demo';
import { seedAgentxs, seedAgentxActivity } from '../domains/agentx/demo';
import { seedAgentCashs, seedAgentCashActivity } from '../domains/agentcash/demo';
import { seedGroundPromoters, seedGroundPromoterActivity } from '../domains/groundpromoters/demo';
import { seedActivityTraffic } from '../domains/activities/demo';
import { seedTongitsArena } from '../domains/tongitsarena/demo';
import { seedCdkcodeActivity } from '../domains/cdkcode/demo';
import { seedRankActivity } from '../domains/rank/demo';
import { seedFbActivity } from '../domains/fbactivity/demo';
import { seedVipSendActivity } from '../domains/vipmanager/demo';
import { seedVipHistory } from '../domains/vip/demo';
import { seedUnpaidRecharges } from '../domains/recharge/demo';
import { seedCashoutQueues } from '../domains/cashout/demo';
import { runBackfill } from '../simulator/backfill';
import { directTransport } from '../simulator/in-process';
import { finishBatches, staffCarrier } from '../simulator/in-process-staff';
import { seedMessageTraffic } from '../simulator/messages';
import { DEMO_POPULATION, DEMO_SHARE_CODES } from '../simulator/population';
import type { Transport } from '../simulator/types';

export const DEMO_PASSWORD = 'demo123456';

export const DEMO_PARTNERS = [{ id: 1, name: 'Demo Partner' }, { id: 2, name: 'Second Partner' }];

const titleCase = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('console_account').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Seeds the demo accounts and partners; `passwordHash` lets tests reuse one argon2 hash. */
export async function seedDemoAccounts(db: Db, config: ServerConfig, passwordHash?: string): Promise<void> {
  const hash = passwordHash ?? (await hashPassword(DEMO_PASSWORD, config.argon2));
  await db.insertInto('partner').values(DEMO_PARTNERS).onConflict((oc) => oc.column('id').doNothing()).execute();
  await db.insertInto('console_account').values(ROLES.map((role) => ({
    username: role,
    password_hash: hash,
    name: `Demo ${titleCase(role)}`,
    roles: JSON.stringify([role]),
    partner: role === 'partner' ? 1 : 0,
  }))).execute();
}

/** A few operation-log records from real calls, so the adminlogs screen is not empty. */
async function seedDemoActivity(db: Db, config: ServerConfig): Promise<void> {
  const deps = { db, config };
  for (const username of ['admin', 'secadmin', 'partner', 'service']) await signIn(deps, { username, password: DEMO_PASSWORD }, '127.0.0.1');
  await signIn(deps, { username: 'admin', password: 'not-the-password' }, '127.0.0.1').catch(() => undefined);
  await signIn(deps, { username: 'nobody', password: 'guess' }, '127.0.0.1').catch(() => undefined);
}

/** Contract "Platform API": demo mode creates this application. */
export const DEMO_APP = { appId: 'demo-app', secret: 'demo-platform-secret', name: 'Demo platform' } as const;

export interface DemoPlayers {
  /** Players and days of history (DEMO_PLAYERS, DEMO_DAYS; default 2000 and 30); 0 players: none. */
  players: number;
  days: number;
  seed: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
  /** Tests: wraps the simulator's transport (to cut a seed off half-way). */
  intercept?: (transport: Transport) => Transport;
}

export const DEFAULT_DEMO_PLAYERS: DemoPlayers = { players: 2000, days: 30, seed: DEMO_POPULATION.seed };
const DEMO_UID_BASE = DEMO_POPULATION.uidBase;

/** DEMO_PLAYERS and DEMO_DAYS from the environment (whole numbers; anything else keeps the default). */
export function demoPlayersFromEnv(env: Record<string, string | undefined>): DemoPlayers {
  const read = (raw: string | undefined, fallback: number, max: number) => (raw && /^\d+$/.test(raw) && Number(raw) <= max ? Number(raw) : fallback);
  return { ...DEFAULT_DEMO_PLAYERS, players: read(env.DEMO_PLAYERS, DEFAULT_DEMO_PLAYERS.players, 1_000_000), days: Math.max(1, read(env.DEMO_DAYS, DEFAULT_DEMO_PLAYERS.days, 365)) };
}

/**
 * The demo application and the share codes of the demo sales and ground-promoter accounts.
 * `now`: the server's clock (config.now), so that what is dated by it (the rooms' versions and
 * their operation log) is the same in a seed cut off and finished later.
 */
export async function seedDemoPlatform(db: Db, now = Date.now()): Promise<void> {
  await ensurePlatformApplication(db, DEMO_APP);
  await seedPaymentConfig(db);
  await seedGameServers(db);
  await seedLobby(db);
  await seedTableGames(db);
  await seedProviders(db);
  await seedControls(db);
  await seedMessages(db);
  await seedAppSettings(db);
  await seedLostPlayers(db);
  await seedPartners(db);
  await seedRooms(db, now);
  await tellTableServers(db);
  await seedAgents(db);
  await seedAgentReports(db);
  await seedAgentManagers(db);
  await seedAgentxs(db);
  await seedAgentCashs(db);
  await seedGroundPromoters(db);
  for (const [username, code] of Object.entries(DEMO_SHARE_CODES)) {
    await db.updateTable('console_account').set({ share_code: code }).where('username', '=', username).where('share_code', 'is', null).execute();
  }
}

const playerExists = async (db: Db, uid: number) => (await db.selectFrom('player').select('uid').where('uid', '=', uid).executeTakeFirst()) !== undefined;

/**
 * The demo-app application, the share codes, and the simulated players. Runs when the
 * accounts were just seeded, or when an earlier seed of players was cut off (its first player
 * exists, its last does not): the simulator then resends the same ids and finishes it.
 */
export async function seedDemoPlayers(db: Db, config: ServerConfig, fresh: boolean, o: DemoPlayers): Promise<boolean> {
  if (o.players < 1) return false;
  // a plain function, never `o.log?.(…, await step())`: an optional call skips its arguments, and
  // every step of the seed with them, when no log is given
  const log = o.log ?? (() => undefined);
  const first = DEMO_UID_BASE + 1;
  const last = DEMO_UID_BASE + o.players;
  if (!fresh && (!(await playerExists(db, first)) || (await playerExists(db, last)))) return false;
  await seedDemoPlatform(db, config.now());
  // the hour, not the minute: a seed cut off and finished within the hour sends the very same actions
  const end = Math.floor(config.now() / 3_600_000) * 3_600_000;
  const staff = await staffCarrier(db, config, DEMO_PASSWORD);
  try {
    const result = await runBackfill({
      transport: (o.intercept ?? ((t) => t))(directTransport(db, DEMO_APP.appId, staff)), concurrency: 1, force: true, staff: true,
      seed: o.seed, players: o.players, days: o.days, end, uidBase: DEMO_UID_BASE,
    });
    // nothing left half-credited (a batch of a seed cut off before this line included)
    await finishBatches(db, end);
    // a partner's reported players, when the desk flagged none of them
    log('demo partner cheat flags', { ...(await seedPartnerCheatFlags(db, staff, end)) });
    const messages = await seedMessageTraffic(db, config, DEMO_PASSWORD, end);
    log('demo messages', { ...messages });
    const campaigns = await seedLostPlayerCampaigns(db, config, DEMO_PASSWORD, end);
    log('demo retrieval campaigns', { ...campaigns });
    // issue 9: distribution, after the history it builds on
    log('demo partners', await seedPartnerActivity(db, config, DEMO_PASSWORD, end));
    log('demo rooms', await seedRoomActivity(db, config, DEMO_PASSWORD, end));
    log('demo agents', await seedAgentActivity(db, config, DEMO_PASSWORD, end));
    log('demo agent-reports', await seedAgentReportActivity(db, config, DEMO_PASSWORD, end));
    log('demo agentmanager', await seedAgentManagerActivity(db, config, DEMO_PASSWORD, end));
    log('demo agentx', await seedAgentxActivity(db, config, DEMO_PASSWORD, end));
    log('demo agentcash', await seedAgentCashActivity(db, config, DEMO_PASSWORD, end));
    log('demo groundpromoters', await seedGroundPromoterActivity(db, config, DEMO_PASSWORD, end));
    // on the players as the history left them: cashier pages left without paying, for every
    // partner's players, and the cash-outs asked for since the desk's last shift (its queues);
    // before the activities and the other steps that reward logins (onlinesign, mining, codes …),
    // so that those see the logins these steps make and a second run of theirs finds nothing
    log('demo unpaid recharges', { ...(await seedUnpaidRecharges(db, config, DEMO_PASSWORD, end)) });
    log('demo cash-out queues', { ...(await seedCashoutQueues(db, config, DEMO_PASSWORD, end)) });
    // the arena before the activities: its tickets are paid in chips, and a player it leaves short
    // on its last day is one the relief grant is for (a second run of the activities then finds it claimed)
    log('demo tongitsarena', { ...(await seedTongitsArena(db, config, DEMO_PASSWORD, end)) });
    log('demo activities', await seedActivityTraffic(db, config, DEMO_PASSWORD, end));
    log('demo cdkcode', { ...(await seedCdkcodeActivity(db, config, DEMO_PASSWORD, end)) });
    log('demo rank', { ...(await seedRankActivity(db, config, DEMO_PASSWORD, end)) });
    log('demo fbactivity', { ...(await seedFbActivity(db, config, DEMO_PASSWORD, end)) });
    log('demo vip', { ...(await seedVipHistory(db, end, o.days)) });
    // after the levels' history: the VIPs it made
    log('demo vipsend', { ...(await seedVipSendActivity(db, config, DEMO_PASSWORD, end)) });
    // bets the demo's player controls refuse (domains/controls/demo.ts) are part of the demo, not faults
    const faults = [...result.stats.rejections].filter(([key]) => !key.includes(CONTROL_REFUSAL));
    const rejected = faults.reduce((a, [, n]) => a + n, 0);
    const controlRefusals = [...result.stats.rejections].reduce((a, [key, n]) => a + (key.includes(CONTROL_REFUSAL) ? n : 0), 0);
    const staffActions = Object.values(result.stats.staff).reduce((n, c) => n + c.applied, 0);
    log('demo players seeded', { players: o.players, days: o.days, actions: result.actions, staffActions, rejected, controlRefusals, seconds: Math.round(result.ms / 100) / 10 });
    if (rejected) log('demo seed: refused actions', Object.fromEntries(faults));
  } finally {
    await staff.close();
  }
  return true;
}

/** Seeds when the database holds no account yet (or finishes a cut-off seed of players); returns whether it did. */
export async function seedDemoIfEmpty(db: Db, config: ServerConfig, players: DemoPlayers = DEFAULT_DEMO_PLAYERS): Promise<boolean> {
  const fresh = await isEmpty(db);
  if (fresh) {
    await seedDemoAccounts(db, config);
    await seedDemoPlatform(db, config.now());
  }
  const played = await seedDemoPlayers(db, config, fresh, players);
  // after the history, so that the operation log runs in time order (its staff work is dated in the past)
  if (fresh) await seedDemoActivity(db, config);
  return played || fresh;
}
