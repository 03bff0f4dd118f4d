/**
 * The server list's staff changes (/gameserver/list): register, edit, and the state changes
 * drain, maintenance, resume (return to service) and retire. Each runs in the operation's
 * transaction with the server row locked, fills the operation-log note with the server
 * before and after, and writes a `staff` record to the server log. The server reads the new
 * state back on its next heartbeat.
 *
 *   active ──drain──▶ draining ──maintenance──▶ maintenance
 *     ▲  └────────────maintenance───────────────────▲
 *     └──────resume── draining | maintenance ──retire──▶ retired (final)
 *
 * An active server is drained or put in maintenance before it is retired, so that no table is
 * dropped by a click.
 */
import type { GameServerAction, GameServerBody, GameServerItem, GameServerState } from '@console/schemas';
import type { Db } from '../../db/open';
import { conflict, notFound } from '../../http/api-error';
import type { OperationNote } from '../../http/operation';
import { isoInConsoleZone } from '../../http/time';
import type { SessionUser } from '../auth/sessions';
import type { ServerRow } from './health';

export interface StaffChange {
  db: Db;
  user: SessionUser;
  now: Date;
  note: OperationNote;
}

export function toItem(row: ServerRow): GameServerItem {
  return {
    id: row.id,
    serverId: row.server_id,
    name: row.name,
    host: row.host,
    region: row.region,
    games: row.games,
    state: row.state,
    process: row.process,
    lastHeartbeatAt: isoInConsoleZone(row.last_heartbeat_at),
    version: row.version,
    load: row.load === null ? null : Number(row.load),
    onlinePlayers: row.online_players,
    tables: row.tables,
    drainedAt: isoInConsoleZone(row.drained_at),
    createdAt: isoInConsoleZone(row.created_at),
    updatedAt: isoInConsoleZone(row.updated_at),
  };
}

/** What the operation log keeps of a server (its configuration and state, not its figures). */
const snapshot = (row: ServerRow | undefined) =>
  row ? { serverId: row.server_id, name: row.name, host: row.host, region: row.region, games: row.games, state: row.state } : null;

async function lockServer(db: Db, serverId: string): Promise<ServerRow> {
  const row = await db.selectFrom('game_server').selectAll().where('server_id', '=', serverId).forUpdate().executeTakeFirst();
  if (!row) throw notFound(`Server ${serverId} not found`);
  return row;
}

export async function logStaff(
  db: Db,
  user: SessionUser,
  now: Date,
  action: GameServerAction,
  before: ServerRow | undefined,
  after: ServerRow,
  message = '',
): Promise<void> {
  await db
    .insertInto('game_server_log')
    .values({
      server_id: after.server_id,
      kind: 'staff',
      at: now,
      actor: user.username,
      action,
      from_state: before?.state ?? null,
      to_state: after.state,
      version: after.version,
      message,
    })
    .execute();
}

export async function registerServer(ctx: StaffChange, body: GameServerBody): Promise<GameServerItem> {
  const { db, user, now, note } = ctx;
  const row = await db
    .insertInto('game_server')
    .values({
      server_id: body.serverId,
      name: body.name,
      host: body.host,
      region: body.region,
      games: JSON.stringify(body.games),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('server_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw conflict(`Server ${body.serverId} already exists`);
  await logStaff(db, user, now, 'register', undefined, row, `${body.name} · ${body.host} · ${body.region} · ${body.games.join(', ')}`);
  Object.assign(note, { target: `gameserver:${body.serverId}`, before: null, after: snapshot(row) });
  return toItem(row);
}

export async function editServer(ctx: StaffChange, body: GameServerBody): Promise<GameServerItem> {
  const { db, user, now, note } = ctx;
  const before = await lockServer(db, body.serverId);
  if (before.state === 'retired') throw conflict(`Server ${body.serverId} is retired`);
  const after = await db
    .updateTable('game_server')
    .set({ name: body.name, host: body.host, region: body.region, games: JSON.stringify(body.games), updated_at: now })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const changed = (['name', 'host', 'region'] as const).filter((k) => before[k] !== after[k]);
  if (JSON.stringify(before.games) !== JSON.stringify(after.games)) changed.push('games' as never);
  await logStaff(db, user, now, 'edit', before, after, changed.length ? `Changed ${changed.join(', ')}` : 'No change');
  Object.assign(note, { target: `gameserver:${body.serverId}`, before: snapshot(before), after: snapshot(after) });
  return toItem(after);
}

type StateAction = Exclude<GameServerAction, 'register' | 'edit'>;

/** Which states each action leaves from, and where it goes. */
export const TRANSITIONS: Record<StateAction, { from: readonly GameServerState[]; to: GameServerState }> = {
  drain: { from: ['active'], to: 'draining' },
  maintenance: { from: ['active', 'draining'], to: 'maintenance' },
  resume: { from: ['draining', 'maintenance'], to: 'active' },
  retire: { from: ['draining', 'maintenance'], to: 'retired' },
};

function refusal(action: StateAction, serverId: string, state: GameServerState): string {
  if (state === 'retired') return `Server ${serverId} is retired`;
  if (TRANSITIONS[action].to === state) return `Server ${serverId} is already ${state === 'active' ? 'in service' : state}`;
  if (action === 'retire') return `Server ${serverId} is in service: drain it or put it in maintenance first`;
  return `Server ${serverId} cannot ${action} from ${state}`;
}

export async function changeState(ctx: StaffChange, serverId: string, action: StateAction): Promise<GameServerItem> {
  const { db, user, now, note } = ctx;
  const before = await lockServer(db, serverId);
  const rule = TRANSITIONS[action];
  if (!rule.from.includes(before.state)) throw conflict(refusal(action, serverId, before.state));
  const after = await db
    .updateTable('game_server')
    .set({ state: rule.to, updated_at: now, ...(rule.to === 'draining' ? { drained_at: null } : {}) })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await logStaff(db, user, now, action, before, after, `${before.state} → ${after.state}`);
  Object.assign(note, { target: `gameserver:${serverId}`, before: snapshot(before), after: snapshot(after) });
  return toItem(after);
}
