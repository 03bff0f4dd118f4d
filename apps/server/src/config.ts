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
  trustProxy: boolean;
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
    ...overrides,
  };
}
