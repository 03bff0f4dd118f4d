/**
 * /tinygames/tongitscheat: permanent cheat flags (who flagged whom, when and why; flag and
 * unflag with a reason, each in cheat_flag_log and the operation log) and the players reported
 * in games (game.reported). A partner account sees and flags only its own players.
 *
 *   GET  /api/tinygames/tongitscheat/permanentcheat          players flagged now (+ export)
 *   GET  /api/tinygames/tongitscheat/permanentcheat/log      every flag and unflag (+ export)
 *   POST /api/tinygames/tongitscheat/permanentcheat/flag     {uid, reason, report?}
 *   POST /api/tinygames/tongitscheat/permanentcheat/unflag   {uid, reason}
 *   GET  /api/tinygames/tongitscheat/reportedlogs            reports, newest first (+ export)
 *   POST /api/tinygames/tongitscheat/reportedlogs/flag       {uid, reason, report}: flag from a report
 */
import { cheatFlagBody, cheatFlagLogRow, cheatFlagRow, cheatUnflagBody, gameReportRow, queryBool, REPORT_REASONS } from '@console/schemas';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { conflict, notFound } from '../../http/api-error';
import { contains, custom, dateRange, defineList, eqEnum, eqInt, eqText, listOperations, sortBy } from '../../http/list';
import { defineOperation, type Operation, type OperationContext } from '../../http/operation';
import { ownsPartner } from '../../plugins/partner-scope';
import type { SessionUser } from '../auth/sessions';
import { isoInConsoleZone } from '../../http/time';

const FLAGS = '/tinygames/tongitscheat/permanentcheat';
const REPORTS = '/tinygames/tongitscheat/reportedlogs';
const tags = ['tinygames'];
const answer = z.object({ code: z.literal(200), data: z.object({ uid: z.number(), flagged: z.boolean() }) });

type Ctx = OperationContext<unknown, unknown, SessionUser>;

/** The player, locked, if this account may act on it (404 otherwise: another partner's player does not exist for it). */
async function ownPlayer(db: Db, user: SessionUser, uid: number): Promise<{ partner: number }> {
  const row = await db.selectFrom('player_balance').select('partner').where('uid', '=', uid).forUpdate().executeTakeFirst();
  if (!row || !ownsPartner(user, row.partner)) throw notFound(`Player ${uid} not found`);
  return row;
}

export async function flagPlayer({ db, user, now, note }: Ctx, body: z.infer<typeof cheatFlagBody>): Promise<{ uid: number; flagged: boolean }> {
  const { partner } = await ownPlayer(db, user, body.uid);
  const before = await db.selectFrom('cheat_flag').selectAll().where('uid', '=', body.uid).executeTakeFirst();
  if (before) throw conflict(`Player ${body.uid} is already flagged (by ${before.flagged_by})`);
  if (body.report !== undefined) {
    const report = await db.selectFrom('game_report').select(['target_uid']).where('id', '=', body.report).executeTakeFirst();
    if (!report || report.target_uid !== body.uid) throw notFound(`Report ${body.report} of player ${body.uid} not found`);
  }
  const reason = body.reason.trim();
  const row = { uid: body.uid, partner, reason, flagged_by: user.username, flagged_at: now, report: body.report ?? null };
  await db.insertInto('cheat_flag').values(row).execute();
  await db.insertInto('cheat_flag_log').values({ uid: body.uid, partner, action: 'flag', reason, actor: user.username, at: now }).execute();
  note.target = `player:${body.uid}`;
  note.before = { flagged: false };
  note.after = { flagged: true, reason, report: body.report ?? null };
  return { uid: body.uid, flagged: true };
}

async function unflagPlayer({ db, user, now, note }: Ctx, body: z.infer<typeof cheatUnflagBody>): Promise<{ uid: number; flagged: boolean }> {
  const { partner } = await ownPlayer(db, user, body.uid);
  const before = await db.selectFrom('cheat_flag').selectAll().where('uid', '=', body.uid).executeTakeFirst();
  if (!before) throw conflict(`Player ${body.uid} is not flagged`);
  const reason = body.reason.trim();
  await db.deleteFrom('cheat_flag').where('uid', '=', body.uid).execute();
  await db.insertInto('cheat_flag_log').values({ uid: body.uid, partner, action: 'unflag', reason, actor: user.username, at: now }).execute();
  note.target = `player:${body.uid}`;
  note.before = { flagged: true, reason: before.reason, flaggedBy: before.flagged_by, flaggedAt: isoInConsoleZone(before.flagged_at) };
  note.after = { flagged: false, reason };
  return { uid: body.uid, flagged: false };
}

const uidFilter = (column: string) => eqInt(column, 1);

export const cheatOperations: Operation[] = [
  ...listOperations(
    defineList({
      url: `/api${FLAGS}`,
      name: 'tinygames.tongitscheat.permanentcheat',
      screen: FLAGS,
      tags,
      paging: 'page',
      summary: 'Players flagged as cheaters for good: who flagged them, when and why; filters uid, flaggedBy, reason (substring), from/to (flagged)',
      from: (db: Db) =>
        db
          .selectFrom('cheat_flag as f')
          .leftJoin('player as p', 'p.uid', 'f.uid')
          .select([
            'f.uid',
            'p.name',
            'f.partner',
            'f.reason',
            'f.flagged_by',
            'f.flagged_at',
            'f.report',
            sql<number>`(SELECT count(*) FROM game_report r WHERE r.target_uid = f.uid)`.as('reports'),
          ]),
      partner: 'f.partner',
      id: 'f.uid',
      filters: { uid: uidFilter('f.uid'), flaggedBy: eqText('f.flagged_by', 64), reason: contains('f.reason', 200), time: dateRange('f.flagged_at') },
      sorts: { flaggedAt: sortBy.time('f.flagged_at'), uid: sortBy.int('f.uid') },
      defaultSort: { key: 'flaggedAt', order: 'descend' },
      item: cheatFlagRow,
      row: (x) => ({
        uid: x.uid,
        name: x.name ?? '',
        partner: x.partner,
        reason: x.reason,
        flaggedBy: x.flagged_by,
        flaggedAt: isoInConsoleZone(x.flagged_at),
        report: x.report === null ? null : x.report,
        reports: x.reports,
      }),
    }),
  ),
  ...listOperations(
    defineList({
      url: `/api${FLAGS}/log`,
      name: 'tinygames.tongitscheat.permanentcheat.log',
      screen: FLAGS,
      tags,
      paging: 'keyset',
      summary: 'Every flag and unflag, newest first: filters uid, actor, action, from/to',
      from: (db: Db) => db.selectFrom('cheat_flag_log').selectAll(),
      partner: 'partner',
      id: 'id',
      filters: { uid: uidFilter('uid'), actor: eqText('actor', 64), action: eqEnum('action', ['flag', 'unflag']), time: dateRange('at') },
      sorts: { at: sortBy.time('at') },
      defaultSort: { key: 'at', order: 'descend' },
      item: cheatFlagLogRow,
      row: (x) => ({
        id: x.id,
        uid: x.uid,
        partner: x.partner,
        action: x.action,
        reason: x.reason,
        actor: x.actor,
        at: isoInConsoleZone(x.at),
      }),
    }),
  ),
  defineOperation({
    method: 'POST',
    url: `/api${FLAGS}/flag`,
    name: 'tinygames.tongitscheat.permanentcheat.flag',
    screen: FLAGS,
    tags,
    audit: true,
    summary:
      "Flags a player as a cheater for good, with a reason (and the report that led to it); 404 unknown player (or another partner's), 409 already flagged",
    body: cheatFlagBody,
    response: answer,
    handler: async (ctx) => ({ code: 200, data: await flagPlayer(ctx as Ctx, ctx.body) }),
  }),
  defineOperation({
    method: 'POST',
    url: `/api${FLAGS}/unflag`,
    name: 'tinygames.tongitscheat.permanentcheat.unflag',
    screen: FLAGS,
    tags,
    audit: true,
    summary: 'Lifts a permanent flag, with a reason; 404 unknown player, 409 not flagged',
    body: cheatUnflagBody,
    response: answer,
    handler: async (ctx) => ({ code: 200, data: await unflagPlayer(ctx as Ctx, ctx.body) }),
  }),
  ...listOperations(
    defineList({
      url: `/api${REPORTS}`,
      name: 'tinygames.tongitscheat.reportedlogs',
      screen: REPORTS,
      tags,
      paging: 'keyset',
      summary: 'Players reported in games (game.reported), newest first: filters targetUid, uid (reporter), game, reason, roundId, flagged, from/to',
      from: (db: Db) =>
        db
          .selectFrom('game_report as r')
          .leftJoin('player as t', 't.uid', 'r.target_uid')
          .leftJoin('player as p', 'p.uid', 'r.uid')
          .select([
            'r.id',
            'r.at',
            'r.uid',
            'p.name',
            'r.target_uid',
            't.name as target_name',
            'r.partner',
            'r.game',
            'r.round_id',
            'r.table_id',
            'r.reason',
            'r.text',
            sql<boolean>`EXISTS (SELECT 1 FROM cheat_flag f WHERE f.uid = r.target_uid)`.as('flagged'),
          ]),
      partner: 'r.partner',
      id: 'r.id',
      filters: {
        targetUid: uidFilter('r.target_uid'),
        uid: uidFilter('r.uid'),
        game: eqText('r.game', 32),
        reason: eqEnum('r.reason', REPORT_REASONS),
        roundId: eqText('r.round_id', 64),
        time: dateRange('r.at'),
        flagged: custom(queryBool, (v) =>
          v
            ? sql<boolean>`EXISTS (SELECT 1 FROM cheat_flag f WHERE f.uid = r.target_uid)`
            : sql<boolean>`NOT EXISTS (SELECT 1 FROM cheat_flag f WHERE f.uid = r.target_uid)`,
        ),
      },
      sorts: { at: sortBy.time('r.at') },
      defaultSort: { key: 'at', order: 'descend' },
      item: gameReportRow,
      row: (x) => ({
        id: x.id,
        at: isoInConsoleZone(x.at),
        uid: x.uid,
        name: x.name ?? '',
        targetUid: x.target_uid,
        targetName: x.target_name ?? '',
        partner: x.partner,
        game: x.game,
        roundId: x.round_id ?? null,
        table: x.table_id ?? null,
        reason: x.reason,
        text: x.text,
        flagged: x.flagged,
      }),
    }),
  ),
  defineOperation({
    method: 'POST',
    url: `/api${REPORTS}/flag`,
    name: 'tinygames.tongitscheat.reportedlogs.flag',
    screen: REPORTS,
    tags,
    audit: true,
    summary: 'Flags the reported player of a report for good (as permanentcheat/flag, from this screen); 404, 409 as there',
    body: cheatFlagBody,
    response: answer,
    handler: async (ctx) => ({ code: 200, data: await flagPlayer(ctx as Ctx, ctx.body) }),
  }),
];
