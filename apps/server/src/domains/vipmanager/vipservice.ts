/**
 * /vipmanager/vipservice: VIP hosts (a console account assigned to a VIP player; at most one
 * per player) and the contact log. Who may be a host, and whose players it may host:
 * docs/decisions/030-vipmanager.md. Partner accounts reach only their own partner's players
 * (another uid is a 404, as for players) and pick only their own partner's accounts as hosts.
 */
import {
  VIP_CONTACT_CHANNELS,
  VIP_CONTACT_OUTCOMES,
  VIP_HOST_ROLES,
  queryBool,
  vipContactItem,
  vipPlayerItem,
  type VipAssignBody,
  type VipContactBody,
  type VipContactItem,
  type VipHostItem,
  type VipUnassignBody,
} from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/open';
import { badInput, conflict } from '../../http/api-error';
import { contains, custom, dateRange, defineList, eqEnum, eqInt, eqText, sortBy, type ListSpec } from '../../http/list';
import type { OperationNote } from '../../http/operation';
import { isoInConsoleZone } from '../../http/time';
import { partnerScope, type ScopedSubject } from '../../plugins/partner-scope';
import { findPlayer } from '../players/access';

export const VIPSERVICE_SCREEN = '/vipmanager/vipservice';

export interface Actor extends ScopedSubject {
  username: string;
}
interface Ctx {
  db: Db;
  user: Actor;
  now: Date;
  note: OperationNote;
}

const isHostRole = (roles: readonly string[]) => roles.some((r) => (VIP_HOST_ROLES as readonly string[]).includes(r));

/** Accounts the caller may assign as hosts: enabled, holding a host role; a partner account sees its partner's only. */
export async function listHosts(db: Db, user: ScopedSubject): Promise<VipHostItem[]> {
  const scope = partnerScope(user);
  const rows = await db
    .selectFrom('console_account as a')
    .select(['a.username', 'a.name', 'a.roles', 'a.partner'])
    .select((eb) => eb.selectFrom('vip_host as h').whereRef('h.host', '=', 'a.username').select(eb.fn.countAll<string | number>().as('n')).as('players'))
    .where('a.enabled', '=', true)
    .$if(scope !== null, (qb) => qb.where('a.partner', '=', scope!))
    .orderBy('a.username')
    .execute();
  return rows
    .filter((r) => isHostRole(r.roles))
    .map((r) => ({
      username: r.username,
      name: r.name,
      roles: r.roles,
      partner: r.partner,
      players: Number(r.players ?? 0),
    }));
}

/**
 * The account as a host of a player of `playerPartner`: enabled, a host role, of partner 0
 * (platform staff, any player) or of the player's partner; a partner caller names only its
 * own partner's accounts. 400 naming `host` otherwise.
 */
async function checkHost(db: Db, user: ScopedSubject, host: string, playerPartner: number): Promise<void> {
  const account = await db.selectFrom('console_account').select(['roles', 'partner', 'enabled']).where('username', '=', host).executeTakeFirst();
  const scope = partnerScope(user);
  if (!account || (scope !== null && account.partner !== scope)) throw badInput('host', `No account ${host}`);
  if (!account.enabled) throw badInput('host', `Account ${host} is disabled`);
  if (!isHostRole(account.roles)) throw badInput('host', `Account ${host} holds no host role (${VIP_HOST_ROLES.join(', ')})`);
  if (account.partner !== 0 && account.partner !== playerPartner) {
    throw badInput('host', `Account ${host} belongs to partner ${account.partner}; the player belongs to partner ${playerPartner}`);
  }
}

async function currentHost(db: Db, uid: number) {
  return db.selectFrom('vip_host').selectAll().where('uid', '=', uid).executeTakeFirst();
}

const assignment = (uid: number, row: { host: string; assigned_by: string; assigned_at: Date } | undefined) => ({
  uid,
  host: row?.host ?? null,
  assignedBy: row?.assigned_by ?? null,
  assignedAt: row ? isoInConsoleZone(row.assigned_at) : null,
});

/** Assigns (or reassigns) the player's host. 400 not a VIP / not a host, 404 not the caller's player, 409 already that host. */
export async function assignHost({ db, user, now, note }: Ctx, body: VipAssignBody) {
  const player = await findPlayer(db, user, body.uid, true);
  note.target = `player:${body.uid}`;
  if (player.vip < 1) throw badInput('uid', `Player ${body.uid} is not a VIP`);
  await checkHost(db, user, body.host, player.partner);
  const before = await currentHost(db, body.uid);
  if (before?.host === body.host) throw conflict(`Player ${body.uid}'s host is already ${body.host}`);
  await db
    .insertInto('vip_host')
    .values({ uid: body.uid, host: body.host, assigned_by: user.username, assigned_at: now })
    .onConflict((oc) => oc.column('uid').doUpdateSet({ host: body.host, assigned_by: user.username, assigned_at: now }))
    .execute();
  note.before = before ? { host: before.host, assignedBy: before.assigned_by } : null;
  note.after = { host: body.host };
  return assignment(body.uid, { host: body.host, assigned_by: user.username, assigned_at: now });
}

/** Removes the player's host. 404 not the caller's player, 409 no host. */
export async function unassignHost({ db, user, note }: Ctx, body: VipUnassignBody) {
  await findPlayer(db, user, body.uid, true);
  note.target = `player:${body.uid}`;
  const before = await currentHost(db, body.uid);
  if (!before) throw conflict(`Player ${body.uid} has no host`);
  await db.deleteFrom('vip_host').where('uid', '=', body.uid).execute();
  note.before = { host: before.host, assignedBy: before.assigned_by };
  note.after = null;
  return assignment(body.uid, undefined);
}

/** Logs a contact with a VIP player (or one that still has a host); the host defaults to the player's. */
export async function logContact({ db, user, now, note }: Ctx, body: VipContactBody): Promise<VipContactItem> {
  const player = await findPlayer(db, user, body.uid);
  note.target = `player:${body.uid}`;
  const current = await currentHost(db, body.uid);
  if (player.vip < 1 && !current) throw badInput('uid', `Player ${body.uid} is not a VIP`);
  const at = body.contactedAt === undefined ? now : new Date(body.contactedAt);
  if (at.getTime() > now.getTime()) throw badInput('contactedAt', 'Must not be in the future');
  const host = body.host ?? current?.host;
  if (host === undefined) throw badInput('host', `Required: player ${body.uid} has no host`);
  if (host !== current?.host) await checkHost(db, user, host, player.partner);
  const row = await db
    .insertInto('vip_contact')
    .values({
      uid: body.uid,
      partner: player.partner,
      host,
      channel: body.channel,
      outcome: body.outcome,
      note: body.note,
      contacted_at: at,
      logged_by: user.username,
      logged_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const item = toContact({ ...row, name: player.name });
  note.after = { id: item.id, host, channel: item.channel, outcome: item.outcome, contactedAt: item.contactedAt, note: item.note };
  return item;
}

function toContact(r: Record<string, unknown>): VipContactItem {
  return {
    id: Number(r.id),
    uid: Number(r.uid),
    name: String(r.name ?? ''),
    partner: Number(r.partner),
    host: String(r.host),
    channel: r.channel as VipContactItem['channel'],
    outcome: r.outcome as VipContactItem['outcome'],
    note: String(r.note),
    contactedAt: isoInConsoleZone(r.contacted_at as Date),
    loggedBy: String(r.logged_by),
    loggedAt: isoInConsoleZone(r.logged_at as Date),
  };
}

/** VIP players (vip ≥ 1, and any player that still has a host) with their host and contacts. */
export const vipPlayerList: ListSpec = defineList({
  url: `/api${VIPSERVICE_SCREEN}`,
  name: 'vipmanager.vipservice.list',
  screen: VIPSERVICE_SCREEN,
  tags: ['vipmanager'],
  summary: 'VIP players with their host: filters uid, host, vip (level), partner, unassigned (true|false); sort uid|vip|assignedAt',
  paging: 'page',
  from: (db: Db) =>
    db
      .selectFrom('player as p')
      .leftJoin('vip_host as h', 'h.uid', 'p.uid')
      .leftJoin('console_account as a', 'a.username', 'h.host')
      .where((eb) => eb.or([eb('p.vip', '>=', 1), eb('h.uid', 'is not', null)]))
      .select(['p.uid', 'p.name', 'p.vip', 'p.partner', 'h.host', 'a.name as host_name', 'h.assigned_by', 'h.assigned_at'])
      .select((eb) => [
        eb.selectFrom('vip_contact as c').whereRef('c.uid', '=', 'p.uid').select(eb.fn.countAll<string | number>().as('n')).as('contacts'),
        eb
          .selectFrom('vip_contact as c')
          .whereRef('c.uid', '=', 'p.uid')
          .select((e) => e.fn.max('c.contacted_at').as('m'))
          .as('last_contact_at'),
      ]),
  partner: 'p.partner',
  id: 'p.uid',
  filters: {
    uid: eqInt('p.uid', 1),
    host: eqText('h.host', 64),
    vip: eqInt('p.vip', 0, 1_000),
    partner: eqInt('p.partner', 0),
    unassigned: custom(queryBool, (v) => (v ? sql<SqlBool>`h.uid IS NULL` : sql<SqlBool>`h.uid IS NOT NULL`)),
  },
  sorts: { uid: sortBy.int('p.uid'), vip: sortBy.int('p.vip'), assignedAt: sortBy.time('h.assigned_at', { nullable: true }) },
  defaultSort: { key: 'uid', order: 'ascend' },
  item: vipPlayerItem,
  row: (r) => ({
    uid: r.uid,
    name: r.name,
    vip: r.vip,
    partner: r.partner,
    host: r.host ?? null,
    hostName: r.host_name ?? null,
    assignedBy: r.assigned_by ?? null,
    assignedAt: isoInConsoleZone(r.assigned_at),
    contacts: Number(r.contacts ?? 0),
    lastContactAt: isoInConsoleZone(r.last_contact_at),
  }),
});

/** The contact log, newest first. */
export const vipContactList: ListSpec = defineList({
  url: `/api${VIPSERVICE_SCREEN}/contacts`,
  name: 'vipmanager.vipservice.contacts',
  screen: VIPSERVICE_SCREEN,
  tags: ['vipmanager'],
  summary: 'Contact log: filters uid, host, channel, outcome, loggedBy, note (substring), contactedAt from/to; sort contactedAt',
  paging: 'page',
  from: (db: Db) => db.selectFrom('vip_contact as c').innerJoin('player as p', 'p.uid', 'c.uid').selectAll('c').select('p.name'),
  partner: 'c.partner',
  id: 'c.id',
  filters: {
    uid: eqInt('c.uid', 1),
    host: eqText('c.host', 64),
    channel: eqEnum('c.channel', VIP_CONTACT_CHANNELS),
    outcome: eqEnum('c.outcome', VIP_CONTACT_OUTCOMES),
    loggedBy: eqText('c.logged_by', 64),
    note: contains('c.note', 200),
    contactedAt: dateRange('c.contacted_at'),
  },
  sorts: { contactedAt: sortBy.time('c.contacted_at') },
  defaultSort: { key: 'contactedAt', order: 'descend' },
  item: vipContactItem,
  row: (r) => toContact(r),
});
