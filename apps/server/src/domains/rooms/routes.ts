/**
 * Staff API of the room screens (docs/api/rooms.md, docs/decisions/020-rooms.md):
 *
 *   /api/platmanager/template                room templates: list (+ export), create, update, delete, versions (+ restore)
 *   /api/platmanager/table                   tables made from templates: list (+ export), open, close, reopen
 *   /api/platmanager/quicktemplate           quick-match tiers: list (+ export), create, update, delete, versions, match
 *   /api/platmanager/quicktable              quick-match tables: list (+ export), open, close, reopen
 *   /api/platmanager/tinygamequicktemplate   mini-games' quick bet settings: list (+ export), create, update, delete, versions
 *   /api/partnermanager/gamestoreV1          partners' game stores: list (+ export), create, update, delete, versions
 *   /api/platmanager/partnergamesum, partnergamelogs   reports (reports.ts)
 *
 * Roles come from the catalogue. Every save overwrites a whole document (the screens confirm
 * first), writes a version (decision 004) and the operation log in one transaction.
 */
import { findGame, GAMES } from '@console/games';
import {
  quickMatchAnswer,
  roomTemplateRow,
  quickTierRow,
  tinyTemplateRow,
  gameStoreRow,
  type RoomTemplateRow,
  type QuickTierRow,
  type TinyTemplateRow,
  type GameStoreRow,
  DEFAULT_REVENUE_SHARE_BPS,
  gameStoreEntry,
  gameStoreRef,
  openQuickTablesBody,
  openTablesBody,
  queryBool,
  quickMatchQuery,
  quickTier,
  quickTierRef,
  restoreVersionBody,
  ROOM_GAMES,
  roomTableRow,
  roomTemplate,
  roomTemplateRef,
  tableRef,
  tinyQuickRef,
  tinyQuickTemplate,
  type GameStoreEntry,
  type QuickTier,
  type RoomTemplate,
  type TinyQuickTemplate,
  text,
} from '@console/schemas';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { forbidden } from '../../http/api-error';
import { defineList, eqEnum, eqText, listOperations, sortBy, custom } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { ownsPartner, partnerScope, type ScopedSubject } from '../../plugins/partner-scope';
import type { SessionUser } from '../auth/sessions';
import { currentSettings } from '../games/settings';
import { absent, existing, restoreVersion, saveItem, versionOf, versionOperations, type VersionedItems } from '../../settings/versions';
import { reportOperations } from '../../reports/report';
import { storeItems, templateItems, templateRules, tierItems, tinyItems } from './config';
import { listItems, SCREENS, storeKey } from './items';
import { roomPlatform } from './platform';
import { partnerReportOperations } from './reports';
import { quickMatchFor } from './match';
import { madeFromCurrentVersion, openTables, openTablesByTemplate, openTablesByTier, partnerNames, setTableStatus, tableRow, tableSelect } from './room-tables';

const tags = ['platmanager'];
const saved = z.object({ code: z.literal(200), data: z.object({ version: z.number(), doc: z.unknown() }) });
const roomGameParam = z.enum(ROOM_GAMES as [string, ...string[]], { message: `Must be one of ${ROOM_GAMES.join(', ')}` });

interface Crud<Doc> {
  items: VersionedItems<Doc>;
  base: string;
  name: string;
  what: string;
  body: z.ZodType<Doc>;
  ref: z.ZodType<Record<string, unknown>>;
  keyOf(body: Record<string, unknown>): string;
  /** What only some accounts may change (403): called with the document before (null on create) and after. */
  guard?(user: SessionUser, before: Doc | null, after: Doc | null): void;
}

/** create (409 when it exists), update and delete (404 when it does not): each a version and an operation-log record. */
function crudOperations<Doc>(c: Crud<Doc>): Operation[] {
  const common = { screen: c.items.screen, tags, audit: true as const, response: saved };
  const change =
    (action: 'create' | 'update' | 'delete') =>
    async ({ db, user, now, note, body }: { db: Db; user: SessionUser; now: Date; note: never; body: unknown }) => {
      const key = c.keyOf(body as Record<string, unknown>);
      const data = await saveItem({ db, user, now, note }, c.items, key, action, (before) => {
        if (action === 'create') absent(c.items, key, before);
        else existing(c.items, key)(before);
        const after = action === 'delete' ? null : (body as Doc);
        c.guard?.(user, before, after);
        return after;
      });
      return { code: 200, data };
    };
  return [
    defineOperation({
      ...common,
      method: 'POST',
      url: `${c.base}/create`,
      name: `${c.name}.create`,
      body: c.body,
      summary: `Adds a ${c.what}; 409 when it exists; 400 naming the field`,
      handler: change('create') as never,
    }),
    defineOperation({
      ...common,
      method: 'POST',
      url: `${c.base}/update`,
      name: `${c.name}.update`,
      body: c.body,
      summary: `Overwrites a ${c.what} with the whole document sent (the screen confirms first); 404 when it does not exist; 400 naming the field`,
      handler: change('update') as never,
    }),
    defineOperation({
      ...common,
      method: 'POST',
      url: `${c.base}/delete`,
      name: `${c.name}.delete`,
      body: c.ref,
      summary: `Removes a ${c.what} (its history stays; a restore brings it back); 404 when it does not exist, 409 when in use`,
      handler: change('delete') as never,
    }),
    ...versionOperations(c.items, { base: `${c.base}/versions`, name: `${c.name}.versions`, tags }),
  ];
}

// ---------------------------------------------------------------------- templates

async function templateRows(db: Db, q: Record<string, unknown>): Promise<RoomTemplateRow[]> {
  const [docs, counts, rules] = await Promise.all([listItems<RoomTemplate>(db, 'template'), openTablesByTemplate(db), templateRules(db)]);
  return docs
    .map(rules)
    .filter((d) => (q.game === undefined || d.game === q.game) && (q.open === undefined || d.open === q.open))
    .map((d) => {
      const mine = counts.filter((c) => c.template === d.id);
      return {
        ...d,
        tables: mine.reduce((s, c) => s + c.n, 0),
        olderTables: mine.filter((c) => c.template_version !== d.version).reduce((s, c) => s + c.n, 0),
      };
    });
}

const templateOperations: Operation[] = [
  ...reportOperations<RoomTemplateRow>({
    url: '/api/platmanager/template',
    name: 'platmanager.template',
    screen: SCREENS.template,
    summary:
      "Room templates: game, mode, ante, balance range, rake (Tongits and Pusoy: the game's fee in force), seats, AI seats, open; the version in force and the open tables made from it (and from older versions); filters game, open",
    params: { game: roomGameParam.optional(), open: queryBool.optional() },
    item: roomTemplateRow,
    id: 'id',
    sorts: ['id', 'game', 'name', 'ante', 'minBalance', 'maxBalance', 'rakeBps', 'seats', 'tables'],
    defaultSort: { key: 'ante', order: 'ascend' },
    load: (db, _user, q) => templateRows(db, q),
  }).map((op) => ({ ...op, tags })),
  ...crudOperations<RoomTemplate>({
    items: templateItems,
    base: '/api/platmanager/template',
    name: 'platmanager.template',
    what: 'room template',
    body: roomTemplate,
    ref: roomTemplateRef,
    keyOf: (b) => String(b.id),
  }),
];

// ---------------------------------------------------------------------- tables

function tableOperations(quick: boolean): Operation[] {
  const screen = quick ? SCREENS.quicktable : SCREENS.table;
  const base = quick ? '/api/platmanager/quicktable' : '/api/platmanager/table';
  const name = quick ? 'platmanager.quicktable' : 'platmanager.table';
  const opened = z.object({ code: z.literal(200), data: z.object({ codes: z.array(z.string()), version: z.number() }) });
  const status = (to: 'open' | 'closed') =>
    defineOperation({
      method: 'POST',
      url: `${base}/${to === 'open' ? 'reopen' : 'close'}`,
      name: `${name}.${to === 'open' ? 'reopen' : 'close'}`,
      screen,
      tags,
      audit: true,
      body: tableRef,
      summary:
        to === 'open'
          ? 'Opens a closed table again, with the snapshot it was made with; 404 unknown, 409 already open or its template removed'
          : 'Closes an open table (game servers stop seating players there); 404 unknown, 409 already closed',
      handler: async ({ db, user, now, note, body }) => {
        await setTableStatus({ db, user, now, note }, body.id, to, quick);
        return { code: 200 };
      },
    });
  return [
    ...listOperations(
      defineList({
        url: base,
        name,
        screen,
        tags,
        paging: 'page',
        summary:
          `${quick ? 'Quick-match tables (opened for a tier)' : 'Tables made from templates'}: the template version each was made from and its snapshot (ante, balance range, rake, seats), ` +
          'whether that is the version in force, status, players at the last reported round; filters game, template, status, code',
        from: (db: Db) => (quick ? tableSelect(db).where('t.tier', 'is not', null) : tableSelect(db).where('t.tier', 'is', null)),
        partner: null,
        id: 't.id',
        filters: {
          game: eqText('t.game', 32),
          template: eqText('t.template', 32),
          status: eqEnum('t.status', ['open', 'closed']),
          code: eqText('t.code', 64),
          ...(quick ? { tier: eqText('t.tier', 32) } : {}),
          current: custom(queryBool, (v) => madeFromCurrentVersion(v === true)),
        },
        sorts: { id: sortBy.int('t.id'), openedAt: sortBy.time('t.opened_at') },
        defaultSort: { key: 'id', order: 'ascend' },
        item: roomTableRow,
        row: tableRow,
      }),
    ),
    defineOperation({
      method: 'POST',
      url: `${base}/open`,
      name: `${name}.open`,
      screen,
      tags,
      audit: true,
      body: quick ? openQuickTablesBody : openTablesBody,
      response: opened,
      summary: quick
        ? "Opens count tables for a quick-match tier, each a snapshot of the tier's template as it is now; 400 unknown or closed tier or template"
        : 'Opens count tables of a template, each a snapshot of the template as it is now (later edits change new tables only); 400 unknown or closed template',
      handler: async ({ db, user, now, note, body }) => {
        const b = body as { template?: string; tier?: string; count: number };
        const data = await openTables({ db, user, now, note }, b.tier !== undefined ? { tier: b.tier } : { template: b.template! }, b.count);
        return { code: 200, data };
      },
    }),
    status('closed'),
    status('open'),
  ];
}

// ---------------------------------------------------------------------- quick-match tiers

const tierOperations: Operation[] = [
  ...reportOperations<QuickTierRow>({
    url: '/api/platmanager/quicktemplate',
    name: 'platmanager.quicktemplate',
    screen: SCREENS.quicktier,
    summary: 'Quick-match tiers: game, balance range (never overlapping within a game), the template a player is seated at, open quick tables; filters game',
    params: { game: roomGameParam.optional() },
    item: quickTierRow,
    id: 'id',
    sorts: ['id', 'game', 'name', 'minBalance', 'maxBalance', 'template'],
    defaultSort: { key: 'minBalance', order: 'ascend' },
    load: async (db, _user, q) => {
      const [tiers, templates, counts] = await Promise.all([
        listItems<QuickTier>(db, 'quicktier'),
        listItems<RoomTemplate>(db, 'template'),
        openTablesByTier(db),
      ]);
      return tiers
        .filter((t) => q.game === undefined || t.game === q.game)
        .map((t) => {
          const tpl = templates.find((x) => x.id === t.template);
          return { ...t, templateName: tpl?.name ?? '', ante: tpl?.ante ?? 0, tables: counts.find((c) => c.tier === t.id)?.n ?? 0 };
        });
    },
  }).map((op) => ({ ...op, tags })),
  ...crudOperations<QuickTier>({
    items: tierItems,
    base: '/api/platmanager/quicktemplate',
    name: 'platmanager.quicktemplate',
    what: 'quick-match tier',
    body: quickTier,
    ref: quickTierRef,
    keyOf: (b) => String(b.id),
  }),
  defineOperation({
    method: 'GET',
    url: '/api/platmanager/quicktemplate/match',
    name: 'platmanager.quicktemplate.match',
    screen: SCREENS.quicktier,
    tags,
    summary:
      'Which tier quick match seats a balance (or a player, by uid) in, and the open table of that tier it would take; tier null when no open tier holds it',
    query: quickMatchQuery,
    response: z.object({ code: z.literal(200), data: quickMatchAnswer }),
    handler: async ({ db, query }) => ({ code: 200, data: await quickMatchFor(db, query) }),
  }),
];

// ---------------------------------------------------------------------- mini-game quick templates

const HOUSE_GAMES = GAMES.filter((g) => g.kind === 'house').map((g) => g.id) as [string, ...string[]];

const tinyOperations: Operation[] = [
  ...reportOperations<TinyTemplateRow>({
    url: '/api/platmanager/tinygamequicktemplate',
    name: 'platmanager.tinygamequicktemplate',
    screen: SCREENS.tinyquick,
    summary: "Mini-games' quick bet settings: bet limits (within the game's settings, shown alongside), countdown, chips; filter game",
    params: { game: z.enum(HOUSE_GAMES, { message: `Must be one of ${HOUSE_GAMES.join(', ')}` }).optional() },
    item: tinyTemplateRow,
    id: 'game',
    sorts: ['game', 'minBet', 'maxBet', 'countdownSeconds'],
    defaultSort: { key: 'game', order: 'ascend' },
    load: async (db, _user, q) => {
      const docs = (await listItems<TinyQuickTemplate>(db, 'tinyquick')).filter((d) => q.game === undefined || d.game === q.game);
      return Promise.all(
        docs.map(async (d) => {
          const g = findGame(d.game)!;
          const s = (await currentSettings(db, g)).settings as { minBet: number; maxBet: number };
          return { ...d, gameName: g.name.en, settingsMinBet: s.minBet, settingsMaxBet: s.maxBet };
        }),
      );
    },
  }).map((op) => ({ ...op, tags })),
  ...crudOperations<TinyQuickTemplate>({
    items: tinyItems,
    base: '/api/platmanager/tinygamequicktemplate',
    name: 'platmanager.tinygamequicktemplate',
    what: "mini-game's quick template",
    body: tinyQuickTemplate,
    ref: tinyQuickRef,
    keyOf: (b) => String(b.game),
  }),
];

// ---------------------------------------------------------------------- partner game store

/** A partner account may not set its own revenue share: it keeps the stored one (the default on a new entry). */
function guardShare(user: ScopedSubject, before: GameStoreEntry | null, after: GameStoreEntry | null): void {
  if (partnerScope(user) === null || after === null) return;
  const share = before?.revenueShareBps ?? DEFAULT_REVENUE_SHARE_BPS;
  if (after.revenueShareBps !== share) throw forbidden(`revenueShareBps: Only the platform sets the revenue share (${share / 100}%)`);
}

const storeVersions = versionOperations(storeItems, {
  base: '/api/partnermanager/gamestoreV1/versions',
  name: 'partnermanager.gamestoreV1.versions',
  tags: ['partnermanager'],
}).map((op) =>
  op.url.endsWith('/restore')
    ? defineOperation({
        ...op,
        body: restoreVersionBody,
        handler: async ({ db, user, now, note, body }) => {
          const v = await versionOf(db, storeItems, body.id);
          if (v && ownsPartner(user!, v.partner)) {
            const current = await storeItems.read(db, v.key);
            guardShare(user!, current, v.after as GameStoreEntry | null);
          }
          return { code: 200, data: await restoreVersion({ db, user: user!, now, note }, storeItems, body.id) };
        },
      })
    : op,
);

const storeOperations: Operation[] = [
  ...reportOperations<GameStoreRow>({
    url: '/api/partnermanager/gamestoreV1',
    name: 'partnermanager.gamestoreV1',
    screen: SCREENS.gamestore,
    summary:
      "The games each partner offers (a partner account: its own only): shown or not, lobby order, quick-match tiers, the partner's revenue share; filters partner, game",
    params: {
      partner: z
        .string()
        .regex(/^\d{1,9}$/, { message: 'Must be an integer' })
        .transform(Number)
        .optional(),
      game: text(32).optional(),
    },
    item: gameStoreRow,
    id: 'key',
    sorts: ['partner', 'game', 'order', 'revenueShareBps'],
    defaultSort: { key: 'order', order: 'ascend' },
    load: async (db, user, q) => {
      const [docs, partners] = await Promise.all([listItems<GameStoreEntry>(db, 'gamestore', partnerScope(user)), partnerNames(db)]);
      return docs
        .filter((d) => (q.partner === undefined || d.partner === q.partner) && (q.game === undefined || d.game === q.game))
        .map((d) => ({
          ...d,
          key: storeKey(d.partner, d.game),
          partnerName: partners.find((p) => p.id === d.partner)?.name ?? '',
          gameName: findGame(d.game)?.name.en ?? d.game,
        }))
        .sort((a, b) => a.partner - b.partner || a.order - b.order);
    },
  }).map((op) => ({ ...op, tags: ['partnermanager'] })),
  ...crudOperations<GameStoreEntry>({
    items: storeItems,
    base: '/api/partnermanager/gamestoreV1',
    name: 'partnermanager.gamestoreV1',
    what: 'game store entry',
    body: gameStoreEntry,
    ref: gameStoreRef,
    keyOf: (b) => storeKey(Number(b.partner), String(b.game)),
    guard: guardShare,
  })
    .filter((op) => !op.url.includes('/versions'))
    .map((op) => ({ ...op, tags: ['partnermanager'] })),
  ...storeVersions,
];

export const roomOperations: Operation[] = [
  ...templateOperations,
  ...tableOperations(false),
  ...tierOperations,
  ...tableOperations(true),
  ...tinyOperations,
  ...storeOperations,
  ...partnerReportOperations,
];
export const roomPlatformOperations: PlatformOperation[] = roomPlatform;
