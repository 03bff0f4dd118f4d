/**
 * /messages/prefabs: service-message templates in English and Chinese, with the variables
 * {name} {amount} {date}. Titles are plain text and contents pass the allow list before they
 * are stored. A partner account sees and edits its own partner's templates only.
 */
import { prefabItem, type PrefabBody, type PrefabItem } from '@console/schemas';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/open';
import { badInput, notFound } from '../../http/api-error';
import type { OperationNote } from '../../http/operation';
import { contains, defineList, eqText, sortBy, type ListSpec } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';
import { ownsPartner, type ScopedSubject } from '../../plugins/partner-scope';
import { plainText } from './sanitize';
import { cleanTexts, scopeOf } from './sends';
import type { MessagePrefabTable } from './tables';

export const PREFAB_SCREEN = '/messages/prefabs';

export function toPrefabItem(r: Selectable<MessagePrefabTable>): PrefabItem {
  return {
    id: r.id,
    name: r.name,
    titleEn: r.title_en,
    titleZh: r.title_zh,
    contentEn: r.content_en,
    contentZh: r.content_zh,
    partner: r.partner,
    createdBy: r.created_by,
    createdAt: isoInConsoleZone(r.created_at),
    updatedAt: isoInConsoleZone(r.updated_at),
  };
}

export const prefabList: ListSpec = defineList({
  url: '/api/messages/prefabs',
  name: 'messages.prefabs.list',
  screen: PREFAB_SCREEN,
  tags: ['messages'],
  summary: 'Service-message templates: filters name (substring), createdBy',
  paging: 'page',
  from: (db: Db) => db.selectFrom('message_prefab').selectAll(),
  partner: 'partner',
  id: 'id',
  filters: { name: contains('name', 64), createdBy: eqText('created_by', 64) },
  sorts: { updatedAt: sortBy.time('updated_at'), name: sortBy.text('name'), id: sortBy.int('id') },
  defaultSort: { key: 'updatedAt', order: 'descend' },
  item: prefabItem,
  row: (r) => toPrefabItem(r),
});

function cleanPrefab(body: PrefabBody) {
  const name = plainText(body.name);
  if (!name) throw badInput('name', 'Nothing left after removing markup');
  return { name: name.slice(0, 64), ...cleanTexts(body) };
}

interface Ctx {
  db: Db;
  user: ScopedSubject & { username: string };
  now: Date;
  note: OperationNote;
}

export async function findPrefab(db: Db, user: ScopedSubject, id: number): Promise<Selectable<MessagePrefabTable>> {
  const row = await db.selectFrom('message_prefab').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !ownsPartner(user, row.partner)) throw notFound(`Prefab ${id} not found`);
  return row;
}

export async function createPrefab({ db, user, now, note }: Ctx, body: PrefabBody): Promise<PrefabItem> {
  const c = cleanPrefab(body);
  const row = await db
    .insertInto('message_prefab')
    .values({
      name: c.name,
      title_en: c.titleEn,
      title_zh: c.titleZh,
      content_en: c.contentEn,
      content_zh: c.contentZh,
      partner: scopeOf(user),
      created_by: user.username,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const item = toPrefabItem(row);
  note.target = `message_prefab:${row.id}`;
  note.after = item;
  return item;
}

export async function updatePrefab({ db, user, now, note }: Ctx, id: number, body: PrefabBody): Promise<PrefabItem> {
  const before = await findPrefab(db, user, id);
  const c = cleanPrefab(body);
  const row = await db
    .updateTable('message_prefab')
    .set({
      name: c.name,
      title_en: c.titleEn,
      title_zh: c.titleZh,
      content_en: c.contentEn,
      content_zh: c.contentZh,
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const item = toPrefabItem(row);
  note.target = `message_prefab:${id}`;
  note.before = toPrefabItem(before);
  note.after = item;
  return item;
}

export async function removePrefab({ db, user, note }: Ctx, id: number): Promise<void> {
  const before = await findPrefab(db, user, id);
  await db.deleteFrom('message_prefab').where('id', '=', id).execute();
  note.target = `message_prefab:${id}`;
  note.before = toPrefabItem(before);
}
