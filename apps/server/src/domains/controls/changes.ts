/**
 * Staff changes of controls: the platform-wide limits of a scope (configs: one versioned
 * document, decision 004's history), one player's controls (userconfigs: set or clear with a
 * reason) and the third-party providers (wgconfigs). Each runs in its operation's transaction
 * with the operation-log note (before/after) and a control_log record (the logs screen).
 */
import {
  controlConfigBody,
  type ControlConfig,
  type ControlScope,
  type PlayerControlBody,
  type PlayerControlItem,
  type ProviderControlBody,
  type ProviderControlItem,
} from '@console/schemas';
import type { Db } from '../../db/open';
import { notFound } from '../../http/api-error';
import type { OperationNote } from '../../http/operation';
import { isoInConsoleZone } from '../../http/time';
import type { SessionUser } from '../auth/sessions';
import type { Saved, VersionedItems } from '../../settings/versions';
import { DEFAULT_LOG_SECONDS, providersChanged } from './enforce';

export interface Change {
  db: Db;
  user: SessionUser;
  now: Date;
  note: OperationNote;
}

/** Catalogue paths of each scope's screens. */
export const BASE: Record<ControlScope, string> = { house: '/personalcontrol', tp: '/TPpersonalcontrol' };

export async function logChange(
  db: Db,
  row: {
    at: Date;
    scope: ControlScope;
    kind: 'set' | 'clear' | 'config' | 'provider';
    uid?: number | null;
    partner?: number;
    appId?: string;
    actor: string;
    message: string;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await db
    .insertInto('control_log')
    .values({
      at: row.at,
      scope: row.scope,
      kind: row.kind,
      uid: row.uid ?? null,
      partner: row.partner ?? 0,
      app_id: row.appId ?? '',
      control: '',
      amount: null,
      refusals: null,
      message: row.message,
      actor: row.actor,
      before: row.before === null ? null : JSON.stringify(row.before),
      after: row.after === null ? null : JSON.stringify(row.after),
    })
    .execute();
}

// ---------------------------------------------------------------- configs

export const DEFAULT_CONFIG: ControlConfig = Object.freeze({ maxBet: 0, dayLossCap: 0, refusalLogSeconds: DEFAULT_LOG_SECONDS });

/** The platform-wide limits of a scope (its row of uid 0, or the defaults: none). */
export async function controlConfig(db: Db, scope: ControlScope, lock = false): Promise<ControlConfig> {
  const row = await db
    .selectFrom('player_control')
    .select(['max_bet', 'day_loss_cap', 'log_seconds'])
    .where('uid', '=', 0)
    .where('scope', '=', scope)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_CONFIG };
  return { maxBet: row.max_bet ?? 0, dayLossCap: row.day_loss_cap ?? 0, refusalLogSeconds: row.log_seconds };
}

/** configs is one document per scope (key ''): the row of uid 0 in player_control. */
export function configItems(scope: ControlScope): VersionedItems<ControlConfig> {
  return {
    screen: `${BASE[scope]}/configs`,
    kind: `${BASE[scope].slice(1)}.configs`,
    noun: 'Control limits',
    read: (db) => controlConfig(db, scope, true),
    write: async (db, _key, doc, now) => {
      const next = doc ?? DEFAULT_CONFIG;
      const values = {
        max_bet: next.maxBet || null,
        day_loss_cap: next.dayLossCap || null,
        log_seconds: next.refusalLogSeconds,
        updated_by: 'configs',
        updated_at: now,
      };
      await db
        .insertInto('player_control')
        .values({ uid: 0, scope, ...values })
        .onConflict((oc) => oc.columns(['uid', 'scope']).doUpdateSet(values))
        .execute();
    },
    restorable: controlConfigBody,
  };
}

/** Saves (or restores) the configs of a scope: a version (saveItem) and a control_log record. */
export async function saveConfig(ctx: Change, scope: ControlScope, action: string, change: () => Promise<Saved<ControlConfig>>): Promise<Saved<ControlConfig>> {
  const saved = await change();
  await logChange(ctx.db, {
    at: ctx.now,
    scope,
    kind: 'config',
    actor: ctx.user.username,
    message: `Platform-wide limits (${action}, version ${saved.version})`,
    before: ctx.note.before,
    after: saved.doc,
  });
  return saved;
}

// ---------------------------------------------------------------- userconfigs

type ControlRowOut = {
  id: number;
  uid: number;
  name: string | null;
  partner: number;
  max_bet: unknown;
  day_loss_cap: unknown;
  blocked: unknown;
  cool_until: Date | null;
  cashout_review: boolean;
  reason: string;
  updated_by: string;
  updated_at: Date;
};

export function controlItem(r: ControlRowOut, now: Date): PlayerControlItem {
  const blocked = (typeof r.blocked === 'string' ? JSON.parse(r.blocked) : r.blocked) as string[];
  return {
    id: r.id,
    uid: r.uid,
    name: r.name ?? '',
    partner: r.partner,
    maxBet: Number(r.max_bet ?? 0),
    dayLossCap: Number(r.day_loss_cap ?? 0),
    blocked,
    coolOffUntil: isoInConsoleZone(r.cool_until),
    coolingOff: r.cool_until !== null && new Date(r.cool_until).getTime() > now.getTime(),
    cashoutReview: r.cashout_review,
    reason: r.reason,
    updatedBy: r.updated_by,
    updatedAt: isoInConsoleZone(r.updated_at),
  };
}

export function controlSelect(db: Db, scope: ControlScope) {
  return db
    .selectFrom('player_control as c')
    .leftJoin('player as p', 'p.uid', 'c.uid')
    .select([
      'c.id',
      'c.uid',
      'p.name',
      'c.partner',
      'c.max_bet',
      'c.day_loss_cap',
      'c.blocked',
      'c.cool_until',
      'c.cashout_review',
      'c.reason',
      'c.updated_by',
      'c.updated_at',
    ])
    .where('c.scope', '=', scope)
    .where('c.uid', '>', 0);
}

async function playerControl(db: Db, scope: ControlScope, uid: number, now: Date, lock: boolean): Promise<PlayerControlItem | null> {
  if (lock) await db.selectFrom('player_control').select('uid').where('uid', '=', uid).where('scope', '=', scope).forUpdate().execute();
  const row = await controlSelect(db, scope).where('c.uid', '=', uid).executeTakeFirst();
  return row ? controlItem(row, now) : null;
}

/** Find a player (userconfigs): who it is, its chips and net win, and its controls of this scope. */
export async function findPlayer(db: Db, scope: ControlScope, uid: number, now: Date) {
  const p = await db
    .selectFrom('player as p')
    .innerJoin('player_balance as b', 'b.uid', 'p.uid')
    .select(['p.uid', 'p.name', 'p.partner', 'p.net_win', 'b.chip'])
    .where('p.uid', '=', uid)
    .executeTakeFirst();
  if (!p) throw notFound(`Player ${uid} not found`);
  return {
    uid: p.uid,
    name: p.name,
    partner: p.partner,
    chip: p.chip,
    netWin: p.net_win,
    control: await playerControl(db, scope, uid, now, false),
  };
}

const describe = (c: PlayerControlItem | null) =>
  c
    ? {
        maxBet: c.maxBet,
        dayLossCap: c.dayLossCap,
        blocked: c.blocked,
        coolOffUntil: c.coolOffUntil,
        cashoutReview: c.cashoutReview,
        reason: c.reason,
      }
    : null;

/** Sets a player's controls of a scope (replacing what was set); 404 unknown player. */
export async function setControl(ctx: Change, scope: ControlScope, body: PlayerControlBody): Promise<PlayerControlItem> {
  const { db, user, now, note } = ctx;
  const player = await db.selectFrom('player').select(['uid', 'partner']).where('uid', '=', body.uid).forUpdate().executeTakeFirst();
  if (!player) throw notFound(`Player ${body.uid} not found`);
  const before = await playerControl(db, scope, body.uid, now, true);
  const values = {
    partner: player.partner,
    max_bet: body.maxBet || null,
    day_loss_cap: body.dayLossCap || null,
    blocked: JSON.stringify(body.blocked),
    cool_until: body.coolOffUntil ? new Date(body.coolOffUntil) : null,
    cashout_review: body.cashoutReview,
    reason: body.reason,
    updated_by: user.username,
    updated_at: now,
  };
  await db
    .insertInto('player_control')
    .values({ uid: body.uid, scope, ...values })
    .onConflict((oc) => oc.columns(['uid', 'scope']).doUpdateSet(values))
    .execute();
  const after = (await playerControl(db, scope, body.uid, now, false))!;
  note.target = `${scope}:player:${body.uid}`;
  note.before = describe(before);
  note.after = describe(after);
  await logChange(db, {
    at: now,
    scope,
    kind: 'set',
    uid: body.uid,
    partner: player.partner,
    actor: user.username,
    message: body.reason,
    before: note.before,
    after: note.after,
  });
  return after;
}

/** Clears a player's controls of a scope; 404 when it has none. */
export async function clearControl(ctx: Change, scope: ControlScope, uid: number, reason: string): Promise<{ uid: number }> {
  const { db, user, now, note } = ctx;
  const before = await playerControl(db, scope, uid, now, true);
  if (!before) throw notFound(`Player ${uid} has no controls here`);
  await db.deleteFrom('player_control').where('uid', '=', uid).where('scope', '=', scope).execute();
  note.target = `${scope}:player:${uid}`;
  note.before = describe(before);
  note.after = { cleared: true, reason };
  await logChange(db, { at: now, scope, kind: 'clear', uid, partner: before.partner, actor: user.username, message: reason, before: note.before, after: null });
  return { uid };
}

// ---------------------------------------------------------------- wgconfigs

export function providerItem(r: {
  id: number;
  app_id: string;
  game: string;
  name: string;
  max_bet: unknown;
  closed: boolean;
  updated_by: string;
  updated_at: Date;
}): ProviderControlItem {
  return {
    id: r.id,
    appId: r.app_id,
    game: r.game,
    name: r.name,
    maxBet: Number(r.max_bet ?? 0),
    closed: r.closed,
    updatedBy: r.updated_by,
    updatedAt: isoInConsoleZone(r.updated_at),
  };
}

async function providerRow(db: Db, appId: string, game: string) {
  const row = await db.selectFrom('control_provider').selectAll().where('app_id', '=', appId).where('game', '=', game).forUpdate().executeTakeFirst();
  return row ? providerItem(row) : null;
}

const providerDoc = (p: ProviderControlItem | null) => (p ? { appId: p.appId, game: p.game, name: p.name, maxBet: p.maxBet, closed: p.closed } : null);

/** Adds or overwrites a provider (or one of its games). */
export async function saveProvider(ctx: Change, body: ProviderControlBody): Promise<ProviderControlItem> {
  const { db, user, now, note } = ctx;
  const before = await providerRow(db, body.appId, body.game);
  const values = { name: body.name, max_bet: body.maxBet || null, closed: body.closed, updated_by: user.username, updated_at: now };
  await db
    .insertInto('control_provider')
    .values({ app_id: body.appId, game: body.game, ...values })
    .onConflict((oc) => oc.columns(['app_id', 'game']).doUpdateSet(values))
    .execute();
  const after = (await providerRow(db, body.appId, body.game))!;
  note.target = `provider:${body.appId}:${body.game}`;
  note.before = providerDoc(before);
  note.after = providerDoc(after);
  await logChange(db, {
    at: now,
    scope: 'tp',
    kind: 'provider',
    appId: body.appId,
    actor: user.username,
    message: body.name,
    before: note.before,
    after: note.after,
  });
  providersChanged();
  return after;
}

/** Removes a provider entry (its bets count as house play again); 404 unknown. */
export async function removeProvider(ctx: Change, appId: string, game: string): Promise<{ appId: string; game: string }> {
  const { db, user, now, note } = ctx;
  const before = await providerRow(db, appId, game);
  if (!before) throw notFound(`Provider ${appId}${game ? ` game ${game}` : ''} not found`);
  await db.deleteFrom('control_provider').where('app_id', '=', appId).where('game', '=', game).execute();
  note.target = `provider:${appId}:${game}`;
  note.before = providerDoc(before);
  note.after = { removed: true };
  await logChange(db, {
    at: now,
    scope: 'tp',
    kind: 'provider',
    appId,
    actor: user.username,
    message: `removed ${before.name}`,
    before: note.before,
    after: null,
  });
  providersChanged();
  return { appId, game };
}
