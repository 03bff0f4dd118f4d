import { isIP } from 'node:net';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './http/rate-limit';

/** Everything the server can be tuned with; tests lower the limits and inject a clock. */
export interface ServerConfig {
  session: {
    /** A session unused this long is dead (30 min). */
    idleMs: number;
    /** A session this old is dead whatever its use (12 h). */
    absoluteMs: number;
    /** last_seen_at is written at most this often (1 min). */
    touchEveryMs: number;
  };
  signin: {
    /** Failures of one username within `windowMs` that lock it for `lockMs`. */
    maxFailuresPerUser: number;
    /** Failures from one client address within `windowMs` that lock it for `lockMs`. */
    maxFailuresPerAddress: number;
    windowMs: number;
    lockMs: number;
  };
  /** argon2id cost; the defaults meet the issue (≥ 19 MiB, t ≥ 2, p = 1). */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  /** Issuer shown by authenticator apps. */
  totpIssuer: string;
  /** Milliseconds since the epoch; injectable for expiry tests. */
  now: () => number;
  /** Built web app to serve (index.html + assets); absent = API only. */
  webDist?: string;
  /**
   * Which proxies' X-Forwarded-For / X-Forwarded-Proto to believe (TRUST_PROXY): none (false),
   * the last `n` hops, or the proxies at these addresses and CIDR blocks; never "anything".
   */
  trustProxy: false | number | string[];
  /**
   * Calls a minute per staff account and per platform application (0: none), counted across
   * instances (http/rate-limit.ts). `countInjected`: also count in-process calls (app.inject: the
   * demo seed's and the tests'; off but for the tests of the limits themselves).
   */
  rateLimits: RateLimits & { countInjected: boolean };
}

const MINUTE = 60_000;

export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    session: { idleMs: 30 * MINUTE, absoluteMs: 12 * 60 * MINUTE, touchEveryMs: MINUTE },
    signin: { maxFailuresPerUser: 10, maxFailuresPerAddress: 50, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
    argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    totpIssuer: 'Game Console',
    now: () => Date.now(),
    trustProxy: false,
    rateLimits: { ...DEFAULT_RATE_LIMITS, countInjected: false },
    ...overrides,
  };
}

/** Settings an operator may give in the environment (README "Environment"), in their units. */
export const CONFIG_ENV = {
  SESSION_IDLE_MINUTES: { min: 1, max: 24 * 60 },
  SESSION_MAX_HOURS: { min: 1, max: 24 * 30 },
  SIGNIN_MAX_FAILURES_PER_USER: { min: 1, max: 100 },
  SIGNIN_MAX_FAILURES_PER_ADDRESS: { min: 1, max: 10_000 },
  SIGNIN_WINDOW_MINUTES: { min: 1, max: 24 * 60 },
  SIGNIN_LOCK_MINUTES: { min: 1, max: 24 * 60 },
  RATE_LIMIT_STAFF_PER_MINUTE: { min: 0, max: 1_000_000 },
  RATE_LIMIT_PLATFORM_PER_MINUTE: { min: 0, max: 100_000_000 },
} as const;

/**
 * A reader of whole-number settings in their ranges: unset or empty gives the fallback; anything
 * else that is not a whole number from `min` to `max` is an error naming the variable.
 */
/** A reader of whole-number settings within their ranges; a bad value is an error naming the variable. */
export function wholeNumbers<Name extends string>(env: Record<string, string | undefined>, ranges: Record<Name, { min: number; max: number }>) {
  return (name: Name, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const { min, max } = ranges[name];
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    }
    return Number(raw);
  };
}

/**
 * The tunable parts of the configuration from the environment; a value that is not a whole
 * number in its range is an error naming the variable (the server then refuses to start).
 * Failures per user are capped so that a locked-out username gets at most 100 tries an hour
 * whatever the window and lock (the ceiling).
 */
export function configFromEnv(env: Record<string, string | undefined>): Pick<ServerConfig, 'session' | 'signin' | 'trustProxy' | 'rateLimits'> {
  const base = defaultConfig();
  const read = wholeNumbers(env, CONFIG_ENV);
  const session = {
    ...base.session,
    idleMs: read('SESSION_IDLE_MINUTES', base.session.idleMs / MINUTE) * MINUTE,
    absoluteMs: read('SESSION_MAX_HOURS', base.session.absoluteMs / (60 * MINUTE)) * 60 * MINUTE,
  };
  const signin = {
    maxFailuresPerUser: read('SIGNIN_MAX_FAILURES_PER_USER', base.signin.maxFailuresPerUser),
    maxFailuresPerAddress: read('SIGNIN_MAX_FAILURES_PER_ADDRESS', base.signin.maxFailuresPerAddress),
    windowMs: read('SIGNIN_WINDOW_MINUTES', base.signin.windowMs / MINUTE) * MINUTE,
    lockMs: read('SIGNIN_LOCK_MINUTES', base.signin.lockMs / MINUTE) * MINUTE,
  };
  const perHour = failuresPerHour(signin);
  if (perHour > 100) {
    throw new Error(
      `SIGNIN_MAX_FAILURES_PER_USER=${signin.maxFailuresPerUser} with these windows and locks allows up to ${perHour} failed sign-ins of one username an hour; at most 100`,
    );
  }
  const rateLimits = {
    ...base.rateLimits,
    staffPerMinute: read('RATE_LIMIT_STAFF_PER_MINUTE', base.rateLimits.staffPerMinute),
    platformPerMinute: read('RATE_LIMIT_PLATFORM_PER_MINUTE', base.rateLimits.platformPerMinute),
  };
  return { session, signin, trustProxy: trustProxyFromEnv(env.TRUST_PROXY), rateLimits };
}

/**
 * TRUST_PROXY: a hop count (`1`: the one reverse proxy in front; `0` or unset: none), or the
 * proxies' addresses and CIDR blocks, comma-separated (`10.0.0.5,192.168.0.0/16`). Anything
 * else (`true`, `*`, a name) is refused: trusting every sender of X-Forwarded-For lets any
 * client choose the address its sign-in failures and rate limits are counted under.
 */
export function trustProxyFromEnv(raw: string | undefined): ServerConfig['trustProxy'] {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    if (Number(value) > 10) throw new Error(`TRUST_PROXY must be a hop count from 0 to 10 or proxy addresses (got "${raw}")`);
    return Number(value);
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    if (family === 0 || extra !== undefined || (bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > maxBits))) {
      throw new Error(`TRUST_PROXY must be a hop count or proxy addresses and CIDR blocks, comma-separated (got "${entry}")`);
    }
  }
  return entries;
}

/**
 * An upper bound of the failures one username can make in an hour (throttle.ts counts in
 * fixed windows; reaching the maximum locks): at most the maximum per window or per lock,
 * whichever is shorter, plus one more batch where an hour cuts a window in two.
 */
export function failuresPerHour(signin: ServerConfig['signin']): number {
  const cycles = Math.ceil((60 * MINUTE) / Math.min(signin.windowMs, signin.lockMs)) + 1;
  return signin.maxFailuresPerUser * cycles;
}

/**
 * How this process runs beside the others (README "Environment", docs/deploy.md): its database
 * pool and timeouts, whether it migrates at start, its access log and metrics, its background
 * jobs' lease, its stop.
 */
export interface ProcessSettings {
  /** Connections of the server's pool (PostgreSQL). */
  poolSize: number;
  /** A statement running longer is cancelled (0: no limit). */
  statementTimeoutMs: number;
  /** A transaction left idle this long is ended by PostgreSQL (0: no limit). */
  idleInTransactionTimeoutMs: number;
  /** An unused pool connection is closed after this long. */
  idleTimeoutMs: number;
  /** Run the migrations at start (MIGRATE=0: only check that the database is current). */
  migrate: boolean;
  accessLog: boolean;
  metricsToken?: string;
  metricsPort?: number;
  metricsHost: string;
  /** A stop that takes longer is cut short (the jobs' leases handed back first). */
  shutdownDeadlineMs: number;
  /** GET /api/ready fails while the replica is further behind. */
  maxReplicaLagSeconds: number;
  /** How long a background job's run stays claimed without renewal (http/job-schedule.ts): a killed instance's runs wait this long for another. */
  jobLeaseMs: number;
  /** DB_POOLER=transaction: DATABASE_URL (and READ_DATABASE_URL) go through a pooler in transaction mode. */
  pooled: boolean;
  /** How long a migration waits for a table lock before it gives up (db/migrate.ts). */
  migrationLockTimeoutMs: number;
  /** GET /api/ready fails while the replica lags or is unreachable (else reads go to the primary meanwhile). */
  requireReplica: boolean;
}

export const PROCESS_ENV = {
  DB_POOL_SIZE: { min: 1, max: 500 },
  DB_STATEMENT_TIMEOUT_MS: { min: 0, max: 86_400_000 },
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: { min: 0, max: 86_400_000 },
  DB_IDLE_TIMEOUT_SECONDS: { min: 1, max: 86_400 },
  METRICS_PORT: { min: 1, max: 65_535 },
  SHUTDOWN_DEADLINE_SECONDS: { min: 1, max: 3_600 },
  READY_MAX_REPLICA_LAG_SECONDS: { min: 1, max: 86_400 },
  MIGRATION_LOCK_TIMEOUT_MS: { min: 100, max: 3_600_000 },
  JOB_LEASE_SECONDS: { min: 5, max: 3_600 },
} as const;

const FLAG = /^[01]$/;

function pooler(raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'none') return false;
  if (raw === 'transaction') return true;
  throw new Error(`DB_POOLER must be none or transaction (got "${raw}")`);
}

/**
 * The process settings from the environment; a bad value is an error naming the variable. In
 * production statements stop after 2 minutes and the access log is on; in demo mode neither.
 */
export function processSettingsFromEnv(env: Record<string, string | undefined>, production: boolean): ProcessSettings {
  const read = wholeNumbers(env, PROCESS_ENV);
  const flag = (name: 'MIGRATE' | 'ACCESS_LOG' | 'READY_REQUIRES_REPLICA', fallback: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!FLAG.test(raw)) throw new Error(`${name} must be 0 or 1 (got "${raw}")`);
    return raw === '1';
  };
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  const metricsPort = env.METRICS_PORT ? read('METRICS_PORT', 0) : undefined;
  return {
    poolSize: read('DB_POOL_SIZE', 10),
    statementTimeoutMs: read('DB_STATEMENT_TIMEOUT_MS', production ? 120_000 : 0),
    idleInTransactionTimeoutMs: read('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', production ? 60_000 : 0),
    idleTimeoutMs: read('DB_IDLE_TIMEOUT_SECONDS', 600) * 1000,
    migrate: flag('MIGRATE', true),
    accessLog: flag('ACCESS_LOG', production),
    metricsToken: token,
    metricsPort,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    shutdownDeadlineMs: read('SHUTDOWN_DEADLINE_SECONDS', 25) * 1000,
    maxReplicaLagSeconds: read('READY_MAX_REPLICA_LAG_SECONDS', 30),
    jobLeaseMs: read('JOB_LEASE_SECONDS', 60) * 1000,
    pooled: pooler(env.DB_POOLER),
    migrationLockTimeoutMs: read('MIGRATION_LOCK_TIMEOUT_MS', 10_000),
    requireReplica: flag('READY_REQUIRES_REPLICA', false),
  };
}
