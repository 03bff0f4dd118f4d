/**
 * Tables: instances of a template. Opening a table copies the template as it is now (its
 * version and document) into the table: editing the template later changes new tables only.
 * A table is closed, and may be opened again with the snapshot it had; tables are never
 * deleted. Quick-match tables are tables opened for a tier (from the tier's template).
 * The players a table seats now come from the rounds game servers report (game_round.table_id
 * = the table's code).
 */
import { type QuickTier, type RoomTableRow, type RoomTemplate } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { QueryRow } from '../../db/schema';
import { badInput, conflict, notFound } from '../../http/api-error';
import type { OperationNote } from '../../http/operation';
import type { SessionUser } from '../auth/sessions';
import { templateRules } from './config';
import { versionOf } from './items';
import { isoInConsoleZone } from '../../http/time';

interface Change {
  db: Db;
  user: Pick<SessionUser, 'username'>;
  now: Date;
  note: OperationNote;
}

async function lockedDoc<Doc>(db: Db, kind: 'template' | 'quicktier', key: string): Promise<Doc | null> {
  const row = await db.selectFrom('room_item').select('doc').where('kind', '=', kind).where('key', '=', key).forUpdate().executeTakeFirst();
  return (row?.doc ?? null) as Doc | null;
}

/** Opens `count` tables of a template (for a quick-match tier when `tier` is given); codes `<template>:<n>` continue the template's numbering. */
export async function openTables(ctx: Change, from: { template: string } | { tier: string }, count: number): Promise<{ codes: string[]; version: number }> {
  const { db, user, now, note } = ctx;
  let tier: QuickTier | null = null;
  let templateId: string;
  if ('tier' in from) {
    tier = await lockedDoc<QuickTier>(db, 'quicktier', from.tier);
    if (!tier) throw badInput('tier', `Unknown tier ${from.tier}`);
    if (!tier.open) throw badInput('tier', `Tier ${from.tier} is closed`);
    templateId = tier.template;
  } else templateId = from.template;
  const template = await lockedDoc<RoomTemplate>(db, 'template', templateId);
  const field = tier ? 'tier' : 'template';
  if (!template) throw badInput(field, `Unknown template ${templateId}`);
  if (!template.open) throw badInput(field, `Template ${templateId} is closed: it makes no new tables`);
  const version = await versionOf(db, 'template', templateId);
  const last = await db
    .selectFrom('room_table')
    .select(sql<number>`coalesce(max(split_part(code, ':', 2)::int), 0)`.as('n'))
    .where('template', '=', templateId)
    .executeTakeFirst();
  const first = (last?.n ?? 0) + 1;
  const codes = Array.from({ length: count }, (_, i) => `${templateId}:${first + i}`);
  const snapshot = JSON.stringify((await templateRules(db))(template));
  await db
    .insertInto('room_table')
    .values(
      codes.map((code) => ({
        code,
        game: template.game,
        template: templateId,
        tier: tier?.id ?? null,
        template_version: version,
        snapshot,
        opened_by: user.username,
        opened_at: now,
      })),
    )
    .execute();
  note.target = `${tier ? `quicktier:${tier.id}` : 'template'}:${templateId}`;
  note.before = null;
  note.after = { tables: codes, template: templateId, templateVersion: version, ...(tier ? { tier: tier.id } : {}) };
  return { codes, version };
}

/** Closes an open table or opens a closed one again (with its own snapshot). `quick`: the table must be a quick-match table (or must not). */
export async function setTableStatus(ctx: Change, id: number, status: 'open' | 'closed', quick: boolean): Promise<void> {
  const { db, user, now, note } = ctx;
  const row = await db.selectFrom('room_table').select(['id', 'code', 'status', 'tier', 'template']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row || (row.tier !== null) !== quick) throw notFound(`Table ${id} not found`);
  if (row.status === status) throw conflict(`Table ${row.code} is already ${status}`);
  if (status === 'open') {
    const t = await db.selectFrom('room_item').select('doc').where('kind', '=', 'template').where('key', '=', row.template).executeTakeFirst();
    if (!t) throw conflict(`Template ${row.template} no longer exists: open a table of another template`);
  }
  await db
    .updateTable('room_table')
    .set(status === 'closed' ? { status, closed_by: user.username, closed_at: now } : { status, closed_by: null, closed_at: null })
    .where('id', '=', id)
    .execute();
  note.target = `table:${row.code}`;
  note.before = { status: row.status };
  note.after = { status };
}

/** Columns of a table row as listed (players and rounds from the game data). */
export function tableSelect(db: Db) {
  return db.selectFrom('room_table as t').select([
    't.id',
    't.code',
    't.game',
    't.template',
    't.tier',
    't.template_version',
    't.snapshot',
    't.status',
    't.opened_by',
    't.opened_at',
    't.closed_by',
    't.closed_at',
    sql<number | null>`(SELECT max(v.id) FROM config_version v WHERE v.kind = 'platmanager.template' AND v.key = t.template)`.as('current_version'),
    sql<{
      players: number;
      at: string;
    } | null>`(SELECT json_build_object('players', r.players, 'at', r.ended_at) FROM game_round r WHERE r.game = t.game AND r.table_id = t.code ORDER BY r.ended_at DESC LIMIT 1)`.as(
      'last',
    ),
    sql<number>`(SELECT count(*) FROM game_round r WHERE r.game = t.game AND r.table_id = t.code)`.as('rounds'),
  ]);
}

export function tableRow(r: QueryRow<typeof tableSelect>): RoomTableRow {
  const s = r.snapshot as RoomTemplate;
  const last = r.last;
  return {
    id: r.id,
    code: r.code,
    game: r.game,
    template: r.template,
    tier: r.tier,
    templateVersion: r.template_version,
    current: r.template_version === (r.current_version ?? 0),
    name: s.name,
    ante: s.ante,
    minBalance: s.minBalance,
    maxBalance: s.maxBalance,
    rakeBps: s.rakeBps,
    seats: s.seats,
    aiSeats: s.aiSeats,
    status: r.status,
    openedBy: r.opened_by,
    openedAt: isoInConsoleZone(r.opened_at),
    closedBy: r.closed_by,
    closedAt: isoInConsoleZone(r.closed_at ?? null),
    players: last ? last.players : null,
    lastRoundAt: last ? isoInConsoleZone(new Date(last.at)) : null,
    rounds: r.rounds,
  };
}

/** The open tables of each template version. */
export const openTablesByTemplate = (db: Db) =>
  db
    .selectFrom('room_table')
    .select(['template', 'template_version', sql<number>`count(*)`.as('n')])
    .where('status', '=', 'open')
    .groupBy(['template', 'template_version'])
    .execute();

/** The open tables of each quick-match tier. */
export const openTablesByTier = (db: Db) =>
  db
    .selectFrom('room_table')
    .select(['tier', sql<number>`count(*)`.as('n')])
    .where('status', '=', 'open')
    .where('tier', 'is not', null)
    .groupBy('tier')
    .execute();

/** Every partner's id and name (the game store names the partner of each entry). */
export const partnerNames = (db: Db) => db.selectFrom('partner').select(['id', 'name']).execute();

/** The tables list's `current` filter: made from the template's version in force (true), or from an older one (false). */
export const madeFromCurrentVersion = (current: boolean) =>
  current
    ? sql<boolean>`t.template_version = (SELECT max(v.id) FROM config_version v WHERE v.kind = 'platmanager.template' AND v.key = t.template)`
    : sql<boolean>`t.template_version <> (SELECT max(v.id) FROM config_version v WHERE v.kind = 'platmanager.template' AND v.key = t.template)`;
