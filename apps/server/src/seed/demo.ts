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
import { allScopes, CONTROL_REFUSAL } from '@console/schemas';
import type { ServerConfig } from '../config';
import type { Db } from '../db/open';
import { hashPassword } from '../domains/auth/passwords';
import { signIn } from '../domains/auth/login';
import { ensurePlatformApplication } from '../domains/platform/applications';
import { DOMAINS } from '../domains';
import type { DemoStep, DemoStepContext } from '../domains/manifest';
import { runBackfill } from '../simulator/backfill';
import { directTransport } from '../simulator/in-process';
import { staffCarrier, type StaffCarrier } from '../simulator/in-process-staff';
import { DEMO_POPULATION, DEMO_SHARE_CODES } from '../simulator/population';
import type { Transport } from '../simulator/types';

export const DEMO_PASSWORD = 'demo123456';

export const DEMO_PARTNERS = [
  { id: 1, name: 'Demo Partner' },
  { id: 2, name: 'Second Partner' },
];

const titleCase = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('console_account')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Seeds the demo accounts and partners; `passwordHash` lets tests reuse one argon2 hash. */
export async function seedDemoAccounts(db: Db, config: ServerConfig, passwordHash?: string): Promise<void> {
  const hash = passwordHash ?? (await hashPassword(DEMO_PASSWORD, config.argon2));
  await db
    .insertInto('partner')
    .values(DEMO_PARTNERS)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('console_account')
    .values(
      ROLES.map((role) => ({
        username: role,
        password_hash: hash,
        name: `Demo ${titleCase(role)}`,
        roles: JSON.stringify([role]),
        partner: role === 'partner' ? 1 : 0,
      })),
    )
    .execute();
}

/** A few operation-log records from real calls, so the adminlogs screen is not empty. */
async function seedDemoActivity(db: Db, config: ServerConfig): Promise<void> {
  const deps = { db, config };
  for (const username of ['admin', 'secadmin', 'partner', 'service']) await signIn(deps, { username, password: DEMO_PASSWORD }, '127.0.0.1');
  await signIn(deps, { username: 'admin', password: 'not-the-password' }, '127.0.0.1').catch(() => undefined);
  await signIn(deps, { username: 'nobody', password: 'guess' }, '127.0.0.1').catch(() => undefined);
}

/** Contract "Platform API": demo mode creates this application. */
/** The contract's demo application: it holds every scope (and signs with version 1 or 2). */
export const DEMO_APP = { appId: 'demo-app', secret: 'demo-platform-secret', name: 'Demo platform', scopes: allScopes() } as const;

export interface DemoPlayers {
  /** Players and days of history (DEMO_PLAYERS, DEMO_DAYS; default 2000 and 30); 0 players: none. */
  players: number;
  days: number;
  seed: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
  /** Tests: wraps the simulator's transport (to cut a seed off half-way). */
  intercept?: (transport: Transport) => Transport;
  /** Told where the seed stands after each day of the history and each step (main.ts: the terminal and GET /api/health). */
  progress?: (progress: SeedProgress) => void;
}

export const DEFAULT_DEMO_PLAYERS: DemoPlayers = { players: 2000, days: 30, seed: DEMO_POPULATION.seed };
const DEMO_UID_BASE = DEMO_POPULATION.uidBase;

/** DEMO_PLAYERS and DEMO_DAYS from the environment (whole numbers; anything else keeps the default). */
export function demoPlayersFromEnv(env: Record<string, string | undefined>): DemoPlayers {
  const read = (raw: string | undefined, fallback: number, max: number) => (raw && /^\d+$/.test(raw) && Number(raw) <= max ? Number(raw) : fallback);
  return {
    ...DEFAULT_DEMO_PLAYERS,
    players: read(env.DEMO_PLAYERS, DEFAULT_DEMO_PLAYERS.players, 1_000_000),
    days: Math.max(1, read(env.DEMO_DAYS, DEFAULT_DEMO_PLAYERS.days, 365)),
  };
}

/**
 * The demo application and the share codes of the demo sales and ground-promoter accounts.
 * `now`: the server's clock (config.now), so that what is dated by it (the rooms' versions and
 * their operation log) is the same in a seed cut off and finished later.
 */
export async function seedDemoPlatform(db: Db, now = Date.now()): Promise<void> {
  await ensurePlatformApplication(db, DEMO_APP);
  for (const domain of DOMAINS) await domain.demo?.configure?.(db, now);
  await tellSimulator(db, { configured: true });
  for (const [username, code] of Object.entries(DEMO_SHARE_CODES)) {
    await db.updateTable('console_account').set({ share_code: code }).where('username', '=', username).where('share_code', 'is', null).execute();
  }
}

const playerExists = async (db: Db, uid: number) => (await db.selectFrom('player').select('uid').where('uid', '=', uid).executeTakeFirst()) !== undefined;

/** Where a demo seed stands: the console's banner and the terminal show it (docs/decisions/039-first-minute.md). */
export interface SeedProgress {
  /** 0–100, by the measured time of the steps done. */
  percent: number;
  /** The step under way ('' before the first). */
  step: string;
  /** The step after it, or null when it is the last. */
  next: string | null;
  done: boolean;
}

/** What a seed step gets: a domain's step's context, with the plan (its history's end and days) and the simulator's hook. */
interface StepContext extends DemoStepContext {
  plan: Plan;
  intercept?: DemoPlayers['intercept'];
}

interface SeedStep extends Omit<DemoStep, 'run'> {
  run(c: StepContext, onFraction: (fraction: number) => void): Promise<object | void>;
}

/**
 * The platform application and the configuration of every module (seedDemoPlatform): the first
 * step behind the socket, since staff can sign in without it (the accounts come before the socket).
 */
const CONFIGURATION: SeedStep = {
  name: 'configuration',
  weight: 3,
  run: async (c) => {
    await seedDemoPlatform(c.db, c.config.now());
  },
};

/**
 * What the configuration tells the simulator for the rest of the process (the providers' apps,
 * the demo players' house controls, the table servers' configuration): each domain's `tell`.
 * Right after the configuration, a domain whose configuring already told is skipped; a start
 * resuming a seed tells them all again.
 */
async function tellSimulator(db: Db, o: { configured: boolean }): Promise<void> {
  for (const { demo } of DOMAINS) if (demo?.tell && !(o.configured && demo.tell === demo.configure)) await demo.tell(db);
}

/** The players' history (simulator/backfill.ts, day by day): its weight at 2,000 players and 30 days. */
const HISTORY: SeedStep = {
  name: "players' history",
  weight: 90,
  async run(c, onFraction) {
    const { plan } = c;
    const result = await runBackfill({
      transport: (c.intercept ?? ((t) => t))(directTransport(c.db, DEMO_APP.appId, c.staff!)),
      concurrency: 1,
      force: true,
      staff: true,
      seed: plan.seed,
      players: plan.players,
      days: plan.days,
      end: plan.end,
      uidBase: DEMO_UID_BASE,
      onDay: ({ day, days }) => onFraction(day / days),
    });
    // bets the demo's player controls refuse (domains/controls/demo.ts) are part of the demo, not faults
    const faults = [...result.stats.rejections].filter(([key]) => !key.includes(CONTROL_REFUSAL));
    const rejected = faults.reduce((a, [, n]) => a + n, 0);
    const controlRefusals = [...result.stats.rejections].reduce((a, [key, n]) => a + (key.includes(CONTROL_REFUSAL) ? n : 0), 0);
    const staffActions = Object.values(result.stats.staff).reduce((n, x) => n + x.applied, 0);
    if (rejected) c.log('demo seed: refused actions', Object.fromEntries(faults));
    return {
      players: plan.players,
      days: plan.days,
      actions: result.actions,
      staffActions,
      rejected,
      controlRefusals,
      seconds: Math.round(result.ms / 100) / 10,
    };
  },
};

/**
 * The sign-ins of the demo staff that end a fresh seed (the operation log's last records): after
 * the history, so that the operation log runs in time order (its staff work is dated in the past).
 */
const SIGN_INS: SeedStep = {
  name: 'sign-ins',
  weight: 0.5,
  run: async (c) => {
    if (c.plan.signIns) await seedDemoActivity(c.db, c.config);
  },
};

/**
 * The order of the steps after the players' history, by name. Each domain declares its steps in
 * its manifest (domains/<domain>/manifest.ts); the order lives here, where the reasons for it
 * can be read side by side. Each finished step is written to demo_seed_step, so a seed stopped
 * half-way (the server stopped while it filled in) goes on with the next step at the next
 * start; a step cut off inside is run again whole (each finds what it already did: idempotency
 * keys and operation-log moments).
 */
export const AFTER_HISTORY_ORDER = [
  // nothing left half-credited (a batch of a seed cut off before this step included)
  'batches',
  'partner cheat flags',
  'messages',
  'retrieval campaigns',
  // distribution, after the history it builds on
  'partners',
  'rooms',
  'agents',
  'agent-reports',
  'agentmanager',
  'agentx',
  'agentcash',
  'groundpromoters',
  // on the players as the history left them: cashier pages left without paying, for every
  // partner's players, and the cash-outs asked for since the desk's last shift (its queues);
  // before the activities and the other steps that reward logins (onlinesign, mining, codes …),
  // so that those see the logins these steps make and a second run of theirs finds nothing
  'unpaid recharges',
  'cash-out queues',
  // the arena before the activities: its tickets are paid in chips, and a player it leaves short
  // on its last day is one the relief grant is for (a second run of the activities then finds it claimed)
  'tongitsarena',
  'activities',
  'cdkcode',
  'rank',
  'fbactivity',
  'vip',
  // after the levels' history: the VIPs it made
  'vipsend',
] as const;

/** The domains' steps in AFTER_HISTORY_ORDER; a step declared and not placed, or placed and not declared, is refused at start. */
export function afterHistorySteps(declared: readonly DemoStep[] = DOMAINS.flatMap((d) => d.demo?.steps ?? [])): DemoStep[] {
  const byName = new Map(declared.map((step) => [step.name, step]));
  if (byName.size !== declared.length) throw new Error('demo seed: two domains declare a step of the same name');
  const order: readonly string[] = AFTER_HISTORY_ORDER;
  const unplaced = declared.filter((step) => !order.includes(step.name)).map((step) => step.name);
  const missing = order.filter((name) => !byName.has(name));
  if (unplaced.length || missing.length)
    throw new Error(`demo seed: steps not in AFTER_HISTORY_ORDER: [${unplaced.join(', ')}]; named there and declared by no domain: [${missing.join(', ')}]`);
  return order.map((name) => byName.get(name)!);
}
const AFTER_HISTORY: SeedStep[] = afterHistorySteps();

interface Plan {
  players: number;
  days: number;
  seed: number;
  end: number;
  /** The seed made the accounts: the demo staff's sign-ins end it (not for an older seed resumed). */
  signIns: boolean;
  /**
   * The configuration is a step behind the socket (the first-minute start, decision 039). A plan
   * written without it was made by a start that configured everything before its socket.
   */
  configurationStep?: boolean;
}

async function stepsDone(db: Db): Promise<Map<string, Record<string, unknown>>> {
  const rows = await db.selectFrom('demo_seed_step').select(['step', 'details']).execute();
  return new Map(rows.map((r) => [r.step, r.details]));
}
const markDone = (db: Db, step: string, details: Record<string, unknown> = {}) =>
  db
    .insertInto('demo_seed_step')
    .values({ step, details: JSON.stringify(details) })
    .onConflict((oc) => oc.column('step').doNothing())
    .execute();

/**
 * A demo seed still to do: the players' history and every step after it. `run` does it (the
 * server runs it behind its socket, main.ts); `progress` says where it stands.
 */
export interface PendingSeed {
  plan: Plan;
  run(): Promise<void>;
}

/**
 * The first part of a demo seed, quick (a second or two): on an empty database the demo
 * accounts, so that staff can sign in at once.
 * Answers the rest still to do — on an empty database, or when an earlier start was stopped
 * before its seed finished — or null when there is none.
 */
export async function prepareDemo(db: Db, config: ServerConfig, o: DemoPlayers = DEFAULT_DEMO_PLAYERS): Promise<PendingSeed | null> {
  const log = o.log ?? (() => undefined);
  const fresh = await isEmpty(db);
  let done = await stepsDone(db);
  let plan: Plan;
  if (fresh) {
    // the hour, not the minute: a seed cut off and finished within the hour sends the very same actions
    plan = {
      players: Math.max(0, o.players),
      days: o.days,
      seed: o.seed,
      end: Math.floor(config.now() / 3_600_000) * 3_600_000,
      signIns: true,
      configurationStep: true,
    };
    await seedDemoAccounts(db, config);
    await markDone(db, 'plan', { ...plan });
    done = await stepsDone(db);
  } else if (done.has('plan')) {
    if (done.has('done')) return null;
    plan = done.get('plan') as unknown as Plan;
    if (!plan.configurationStep && !done.has(CONFIGURATION.name)) {
      await markDone(db, CONFIGURATION.name, { before: 'the socket' });
      done = await stepsDone(db);
    }
    if (plan.players !== o.players || plan.days !== o.days) log('demo seed resumed as first asked', { players: plan.players, days: plan.days });
  } else {
    // a database seeded before migration 059 kept no steps: its players' history was cut off when
    // its first player exists and its last does not (then the rest of the seed follows, as before)
    const first = DEMO_UID_BASE + 1;
    if (o.players < 1 || !(await playerExists(db, first)) || (await playerExists(db, DEMO_UID_BASE + o.players))) return null;
    plan = { players: o.players, days: o.days, seed: o.seed, end: Math.floor(config.now() / 3_600_000) * 3_600_000, signIns: false };
    await markDone(db, 'plan', { ...plan });
    await markDone(db, CONFIGURATION.name, { before: 'the socket' });
    done = await stepsDone(db);
  }
  return { plan, run: () => runSeed(db, config, o, plan, done) };
}

async function runSeed(db: Db, config: ServerConfig, o: DemoPlayers, plan: Plan, done: Map<string, Record<string, unknown>>): Promise<void> {
  const log = o.log ?? (() => undefined);
  const history = plan.players > 0;
  const steps: SeedStep[] = [CONFIGURATION, ...(history ? [HISTORY, ...AFTER_HISTORY] : []), SIGN_INS];
  const total = steps.reduce((n, s) => n + s.weight, 0);
  let finished = steps.filter((s) => done.has(s.name)).reduce((n, s) => n + s.weight, 0);
  const report = (i: number, fraction: number) => {
    const step = steps[i];
    o.progress?.({
      percent: Math.min(99, Math.floor((100 * (finished + (step ? step.weight * fraction : 0))) / total)),
      step: step?.name ?? '',
      next: steps.slice(i + 1).find((s) => !done.has(s.name))?.name ?? null,
      done: false,
    });
  };
  // a seed resumed by a later start: the new process knows nothing of what the configuration
  // told the simulator (simulator/process-settings.ts), so it is told again
  if (done.has(CONFIGURATION.name)) await tellSimulator(db, { configured: false });
  // the staff sign in once the configuration is there (their sessions are the console's own)
  let staff: StaffCarrier | null = null;
  try {
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i];
      if (done.has(step.name)) continue;
      report(i, 0);
      if (history && !staff && step !== CONFIGURATION) staff = await staffCarrier(db, config, DEMO_PASSWORD);
      const context: StepContext = { db, config, plan, end: plan.end, days: plan.days, staff, password: DEMO_PASSWORD, intercept: o.intercept, log };
      const details = { ...(await step.run(context, (f) => report(i, f))) };
      await markDone(db, step.name, details);
      done.set(step.name, details);
      finished += step.weight;
      log(step === HISTORY ? 'demo players seeded' : `demo ${step.name}`, details);
    }
    await markDone(db, 'done');
    o.progress?.({ percent: 100, step: steps[steps.length - 1].name, next: null, done: true });
  } finally {
    await staff?.close();
  }
}

/**
 * The whole demo seed at once (tests, and the CLI): when the database holds no account yet, or
 * an earlier seed was stopped before it finished; returns whether it seeded anything.
 */
export async function seedDemoIfEmpty(db: Db, config: ServerConfig, players: DemoPlayers = DEFAULT_DEMO_PLAYERS): Promise<boolean> {
  const pending = await prepareDemo(db, config, players);
  if (!pending) return false;
  await pending.run();
  return true;
}
