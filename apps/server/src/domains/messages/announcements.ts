/**
 * /messages/announcement (§3 fields, §4 online/offline, §5 links): one package's
 * announcements. An announcement is live while it is online and begin ≤ now < end; online
 * before its begin it is scheduled, after its end it has ended. The content passes the allow
 * list before it is stored; the link must be http, https, mailto or tel. A partner account
 * reaches its own packages' announcements only.
 */
import {
  announcementItem,
  type AnnouncementBody,
  type AnnouncementItem,
  type PlatformAnnouncement,
  ANNOUNCEMENT_PHASES,
  ANNOUNCEMENT_REPEATS,
  ANNOUNCEMENT_STATUSES,
} from '@console/schemas';
import { createHash } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/open';
import { badInput, notFound } from '../../http/api-error';
import type { OperationNote } from '../../http/operation';
import { contains, custom, dateRange, defineList, eqEnum, eqText, sortBy, type ListSpec } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';
import { ownsPartner, type ScopedSubject } from '../../plugins/partner-scope';
import { plainText, safeLink, sanitizeHtml } from './sanitize';
import type { AnnouncementTable } from './tables';
import { z } from 'zod';

export const ANNOUNCEMENT_SCREEN = '/messages/announcement';
type Row = Selectable<AnnouncementTable>;

export function phaseOf(r: { status: string; begin_at: Date; end_at: Date }, now: Date): (typeof ANNOUNCEMENT_PHASES)[number] {
  if (r.status !== 'online') return 'offline';
  if (now.getTime() < new Date(r.begin_at).getTime()) return 'scheduled';
  if (now.getTime() >= new Date(r.end_at).getTime()) return 'ended';
  return 'live';
}

export function toAnnouncementItem(r: Row, now: Date): AnnouncementItem {
  return {
    id: r.id,
    package: r.package,
    partner: r.partner,
    title: r.title,
    content: r.content,
    beginAt: isoInConsoleZone(r.begin_at),
    endAt: isoInConsoleZone(r.end_at),
    repeatType: r.repeat_type,
    link: r.link,
    picture: r.picture,
    status: r.status,
    phase: phaseOf(r, now),
    sortOrder: r.sort_order,
    createdBy: r.created_by,
    updatedAt: isoInConsoleZone(r.updated_at),
  };
}

export function toPlatformAnnouncement(r: Row): PlatformAnnouncement {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    beginAt: isoInConsoleZone(r.begin_at),
    endAt: isoInConsoleZone(r.end_at),
    repeatType: r.repeat_type,
    link: r.link,
    picture: r.picture,
    sortOrder: r.sort_order,
    updatedAt: isoInConsoleZone(r.updated_at),
  };
}

const phaseParam = z.enum(ANNOUNCEMENT_PHASES, { message: `Must be one of ${ANNOUNCEMENT_PHASES.join(', ')}` });

export const announcementList: ListSpec = defineList({
  url: '/api/messages/announcement',
  name: 'messages.announcement.list',
  screen: ANNOUNCEMENT_SCREEN,
  tags: ['messages'],
  summary: 'Announcements: filters package, title (substring), status, repeatType, phase (offline, scheduled, live, ended), from/to (begin)',
  paging: 'page',
  from: (db: Db) => db.selectFrom('announcement').selectAll(),
  partner: 'partner',
  id: 'id',
  filters: {
    package: eqText('package', 128),
    title: contains('title', 100),
    status: eqEnum('status', ANNOUNCEMENT_STATUSES),
    repeatType: eqEnum('repeat_type', ANNOUNCEMENT_REPEATS),
    phase: custom(phaseParam, (v) => {
      switch (v) {
        case 'offline':
          return sql`status = 'offline'`;
        case 'scheduled':
          return sql`status = 'online' AND begin_at > now()`;
        case 'ended':
          return sql`status = 'online' AND end_at <= now()`;
        default:
          return sql`status = 'online' AND begin_at <= now() AND end_at > now()`;
      }
    }),
    beginAt: dateRange('begin_at'),
  },
  sorts: { beginAt: sortBy.time('begin_at'), endAt: sortBy.time('end_at'), updatedAt: sortBy.time('updated_at'), sortOrder: sortBy.int('sort_order') },
  defaultSort: { key: 'beginAt', order: 'descend' },
  item: announcementItem,
  row: (r) => toAnnouncementItem(r, new Date()),
});

interface Ctx {
  db: Db;
  user: ScopedSubject & { username: string };
  now: Date;
  note: OperationNote;
}

/** The package's partner, when the account may write for it; 404 otherwise. */
async function packagePartner(db: Db, user: ScopedSubject, pkg: string): Promise<number> {
  const row = await db.selectFrom('payment_package').select('partner').where('package', '=', pkg).executeTakeFirst();
  if (!row || !ownsPartner(user, row.partner)) throw notFound(`Package ${pkg} not found`);
  return row.partner;
}

export async function findAnnouncement(db: Db, user: ScopedSubject, id: number): Promise<Row> {
  const row = await db.selectFrom('announcement').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !ownsPartner(user, row.partner)) throw notFound(`Announcement ${id} not found`);
  return row;
}

/** The body as stored: title plain, content cleaned, the link checked once more after decoding. */
export function cleanAnnouncement(body: AnnouncementBody) {
  const title = plainText(body.title).slice(0, 100);
  if (!title) throw badInput('title', 'Nothing left after removing markup');
  const content = sanitizeHtml(body.content);
  if (!content.trim()) throw badInput('content', 'Nothing left after removing markup');
  if (content.length > 20_000) throw badInput('content', 'Over 20000 characters once cleaned');
  const link = body.link === '' ? '' : safeLink(body.link);
  if (link === null) throw badInput('link', 'Must be an http, https, mailto or tel link');
  return {
    package: body.package,
    title,
    content,
    begin_at: new Date(body.beginAt),
    end_at: new Date(body.endAt),
    repeat_type: body.repeatType,
    link,
    picture: body.picture,
    status: body.status,
    sort_order: body.sortOrder,
  };
}

export async function createAnnouncement({ db, user, now, note }: Ctx, body: AnnouncementBody): Promise<AnnouncementItem> {
  const partner = await packagePartner(db, user, body.package);
  const row = await db
    .insertInto('announcement')
    .values({ ...cleanAnnouncement(body), partner, created_by: user.username, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  const item = toAnnouncementItem(row, now);
  note.target = `announcement:${row.id}`;
  note.after = item;
  return item;
}

export async function updateAnnouncement({ db, user, now, note }: Ctx, id: number, body: AnnouncementBody): Promise<AnnouncementItem> {
  const before = await findAnnouncement(db, user, id);
  const partner = await packagePartner(db, user, body.package);
  const row = await db
    .updateTable('announcement')
    .set({ ...cleanAnnouncement(body), partner, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const item = toAnnouncementItem(row, now);
  note.target = `announcement:${id}`;
  note.before = toAnnouncementItem(before, now);
  note.after = item;
  return item;
}

/** §4: takes an announcement online or offline. */
export async function setAnnouncementStatus({ db, user, now, note }: Ctx, id: number, status: 'online' | 'offline'): Promise<AnnouncementItem> {
  const before = await findAnnouncement(db, user, id);
  const row = await db.updateTable('announcement').set({ status, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  note.target = `announcement:${id}`;
  note.before = { status: before.status, phase: phaseOf(before, now) };
  note.after = { status, phase: phaseOf(row, now) };
  return toAnnouncementItem(row, now);
}

/** The announcements live for a package now, in the app's order (sortOrder, then newest begin). */
export async function liveAnnouncements(db: Db, pkg: string, now: Date): Promise<PlatformAnnouncement[]> {
  const rows = await db
    .selectFrom('announcement')
    .selectAll()
    .where('package', '=', pkg)
    .where('status', '=', 'online')
    .where('begin_at', '<=', now)
    .where('end_at', '>', now)
    .orderBy('sort_order')
    .orderBy('begin_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toPlatformAnnouncement);
}

/** The ETag of an answer: its content's hash (a scheduled one going live changes it with no edit). */
export const etagOf = (value: unknown) => `"${createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32)}"`;
