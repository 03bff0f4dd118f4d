/**
 * Game servers (/gameserver; docs/api/gameserver.md): the staff bodies of the server
 * list, the signed platform calls of a game server (heartbeat, lifecycle events, desired
 * state), and the items the screens read. Every body strict: no extra keys, no coercion.
 */
import { GAME_IDS } from '@console/games';
import { z } from 'zod';
import { isoDateTime, text } from './text';

/** What staff want of a server; it reads this back on every heartbeat. */
export const GAME_SERVER_STATES = ['active', 'draining', 'maintenance', 'retired'] as const;
export type GameServerState = (typeof GAME_SERVER_STATES)[number];
/** What the server last said of itself. */
export const GAME_SERVER_PROCESSES = ['unknown', 'running', 'stopped', 'crashed'] as const;
export type GameServerProcess = (typeof GAME_SERVER_PROCESSES)[number];
/** Lifecycle events a game server reports. */
export const GAME_SERVER_EVENTS = ['start', 'stop', 'crash', 'deploy', 'drained'] as const;
export type GameServerEvent = (typeof GAME_SERVER_EVENTS)[number];
/** Kinds of /gameserver/serverlogs: the events, staff changes, and the red/green transitions. */
export const GAME_SERVER_LOG_KINDS = [...GAME_SERVER_EVENTS, 'staff', 'missed', 'recovered'] as const;
export type GameServerLogKind = (typeof GAME_SERVER_LOG_KINDS)[number];
/** Staff changes of a server. */
export const GAME_SERVER_ACTIONS = ['register', 'edit', 'drain', 'maintenance', 'resume', 'retire'] as const;
export type GameServerAction = (typeof GAME_SERVER_ACTIONS)[number];

/** A game server sends a heartbeat every HEARTBEAT_INTERVAL_SECONDS; after MISSED_HEARTBEATS missed ones it is red. */
export const HEARTBEAT_INTERVAL_SECONDS = 10;
export const MISSED_HEARTBEATS = 3;

const whole = (min: number, max: number) =>
  z
    .number({ message: 'Must be a number' })
    .refine((n) => Number.isInteger(n), { message: 'Must be an integer', abort: true })
    .refine((n) => n >= min, { message: `Must be at least ${min}`, abort: true })
    .refine((n) => n <= max, { message: `Must be at most ${max}` });

export const gameServerId = z
  .string({ message: 'Must be a string' })
  .min(1, { message: 'Required' })
  .max(64, { message: 'Over 64 characters' })
  .regex(/^[A-Za-z0-9_.-]+$/, { message: 'Only letters, digits, _, - and . are allowed' });
export const gameServerGame = z.enum(GAME_IDS, { message: `Must be one of ${GAME_IDS.join(', ')}` });
const gameList = z
  .array(gameServerGame, { message: 'Must be a list' })
  .min(1, { message: 'At least one game' })
  .max(GAME_IDS.length, { message: `At most ${GAME_IDS.length} items` })
  .refine((list) => new Set(list).size === list.length, { message: 'Lists a game twice' });
/** A host name or an IPv4 address, with an optional port. */
const host = z
  .string({ message: 'Must be a string' })
  .min(1, { message: 'Required' })
  .max(255, { message: 'Over 255 characters' })
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?$/, { message: 'Must be a host name or address, with an optional :port' });
const region = z
  .string({ message: 'Must be a string' })
  .min(1, { message: 'Required' })
  .max(32, { message: 'Over 32 characters' })
  .regex(/^[a-z0-9-]+$/, { message: 'Only lowercase letters, digits and - are allowed' });
const name = text(64).min(1, { message: 'Required' });
const version = z
  .string({ message: 'Must be a string' })
  .min(1, { message: 'Required' })
  .max(32, { message: 'Over 32 characters' })
  .regex(/^[A-Za-z0-9_.+-]+$/, { message: 'Only letters, digits, _, ., + and - are allowed' });

// ---------------------------------------------------------------- staff

export const gameServerBody = z.strictObject({ serverId: gameServerId, name, host, region, games: gameList });
export type GameServerBody = z.infer<typeof gameServerBody>;
export const gameServerRef = z.strictObject({ serverId: gameServerId });

export const gameServerItem = z.object({
  id: z.number(),
  serverId: z.string(),
  name: z.string(),
  host: z.string(),
  region: z.string(),
  games: z.array(z.string()),
  state: z.enum(GAME_SERVER_STATES),
  process: z.enum(GAME_SERVER_PROCESSES),
  lastHeartbeatAt: z.string().nullable(),
  version: z.string().nullable(),
  load: z.number().nullable(),
  onlinePlayers: z.number().nullable(),
  tables: z.number().nullable(),
  drainedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GameServerItem = z.infer<typeof gameServerItem>;

export const gameServerStatusItem = gameServerItem.extend({
  /** green: beating; red: crashed or silent for MISSED_HEARTBEATS intervals; grey: stopped or never heard from. */
  health: z.enum(['green', 'red', 'grey']),
  /** Why it is red: its crash, or missed heartbeats; null when not red. */
  redReason: z.enum(['crashed', 'missed']).nullable(),
  /** Seconds since the last heartbeat (null: never). */
  silentSeconds: z.number().nullable(),
  reportedGames: z.array(z.object({ game: z.string(), online: z.number(), tables: z.number() })),
});
export type GameServerStatusItem = z.infer<typeof gameServerStatusItem>;

export const gameServerGameTotal = z.object({
  game: z.string(),
  servers: z.number(),
  green: z.number(),
  red: z.number(),
  online: z.number(),
  tables: z.number(),
});
export type GameServerGameTotal = z.infer<typeof gameServerGameTotal>;

export const gameServerStatus = z.object({
  at: z.string(),
  intervalSeconds: z.number(),
  missedHeartbeats: z.number(),
  servers: z.array(gameServerStatusItem),
  games: z.array(gameServerGameTotal),
  summary: z.object({ servers: z.number(), green: z.number(), red: z.number(), grey: z.number(), online: z.number(), tables: z.number() }),
});
export type GameServerStatus = z.infer<typeof gameServerStatus>;

export const gameServerLogItem = z.object({
  id: z.number(),
  serverId: z.string(),
  kind: z.enum(GAME_SERVER_LOG_KINDS),
  at: z.string(),
  actor: z.string(),
  action: z.string().nullable(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  version: z.string().nullable(),
  message: z.string(),
});
export type GameServerLogItem = z.infer<typeof gameServerLogItem>;

// ---------------------------------------------------------------- platform

export const gameServerHeartbeatBody = z.strictObject({
  serverId: gameServerId,
  /** The server's clock. */
  at: isoDateTime,
  version,
  /** Percent of capacity, 0–100, at most 2 decimals. */
  load: z
    .number({ message: 'Must be a number' })
    .refine((n) => Number.isFinite(n) && n >= 0 && n <= 100, { message: 'Must be between 0 and 100', abort: true })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: 'At most 2 decimals' }),
  /** Each game it hosts with its online players and open tables (the server's totals are their sums). */
  games: z
    .array(z.strictObject({ game: gameServerGame, online: whole(0, 1_000_000), tables: whole(0, 100_000) }), { message: 'Must be a list' })
    .max(GAME_IDS.length, { message: `At most ${GAME_IDS.length} items` })
    .refine((list) => new Set(list.map((g) => g.game)).size === list.length, { message: 'Lists a game twice' }),
});
export type GameServerHeartbeatBody = z.infer<typeof gameServerHeartbeatBody>;

export const gameServerEventBody = z
  .strictObject({
    /** Unique per application: a repeat is answered `duplicate` and changes nothing. */
    eventId: z.string({ message: 'Must be a string' }).min(1, { message: 'Required' }).max(64, { message: 'Over 64 characters' }),
    serverId: gameServerId,
    type: z.enum(GAME_SERVER_EVENTS, { message: `Must be one of ${GAME_SERVER_EVENTS.join(', ')}` }),
    at: isoDateTime,
    /** start and deploy: the version now running (required for deploy). */
    version: version.optional(),
    /** crash: what happened; any event: a note (≤ 200 characters). */
    message: text(200).optional(),
  })
  .superRefine((e, ctx) => {
    if (e.type === 'deploy' && e.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: 'Required for deploy' });
  });
export type GameServerEventBody = z.infer<typeof gameServerEventBody>;

export const gameServerStateQuery = z.strictObject({ serverId: gameServerId });

/** What a server reads back: the heartbeat's answer and GET …/state. */
export const gameServerDesired = z.object({
  serverId: z.string(),
  state: z.enum(GAME_SERVER_STATES),
  games: z.array(z.string()),
  intervalSeconds: z.number(),
  missedHeartbeats: z.number(),
});
export type GameServerDesired = z.infer<typeof gameServerDesired>;
