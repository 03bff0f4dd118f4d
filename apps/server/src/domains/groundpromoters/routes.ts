/**
 * /groundpromoters (docs/api/groundpromoters.md, decision 024): the bounty settings
 * (default and per province, versioned), the promoters' provinces and province promoters, and
 * the records (list with export, pay, void). Promoter accounts see their own records (a
 * province promoter those of its promoters); staff see all, a partner account its partner's.
 */
import {
  GP_STATES,
  gpPromoterBody,
  gpPromoterItem,
  gpRecordBody,
  gpRecordItem,
  gpSettingItem,
  gpSettingRemoveBody,
  gpSettingSaveBody,
  gpVoidBody,
} from '@console/schemas';
import { z } from 'zod';
import { badInput } from '../../http/api-error';
import { dateRange, defineList, eqEnum, eqInt, eqText, listOperations, sortBy } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { isoInConsoleZone } from '../../http/time';
import type { SessionUser } from '../auth/sessions';
import { existing, saveItem, versionOperations } from '../../settings/versions';
import { payRecord, recordScope, recordsWithNames, refreshRecords, toRecordItem, voidRecord } from './records';
import { promoters } from './promoters';
import { allSettings, gpSettingItems, RECORDS_SCREEN, requireCentralStaff, requireStaff, savePromoter, SETTING_SCREEN, stampSettingEditor } from './settings';

const tags = ['groundpromoters'];
const API = '/api/groundpromoters';
const ok = (data: unknown) => ({ code: 200, data });
const answer = (data: z.ZodType) => z.object({ code: z.literal(200), data });

const records = defineList({
  url: `${API}/records`,
  name: 'groundpromoters.records',
  screen: RECORDS_SCREEN,
  tags,
  summary:
    "Records of players registered with a promoter's share code (refreshed first): filters status, uid, promoter, leader, province, from/to (registered); " +
    "a ground promoter sees its own, a province promoter its promoters', a partner account its partner's",
  paging: 'page',
  from: recordsWithNames,
  partner: 'r.partner',
  id: 'r.id',
  filters: {
    status: eqEnum('r.status', GP_STATES),
    uid: eqInt('r.uid', 1),
    promoter: eqText('r.promoter'),
    leader: eqText('r.leader'),
    province: eqText('r.province'),
    registered: dateRange('r.registered_at'),
  },
  sorts: { registeredAt: sortBy.time('r.registered_at'), id: sortBy.int('r.id'), recharge: sortBy.int('r.recharge') },
  defaultSort: { key: 'registeredAt', order: 'descend' },
  item: gpRecordItem,
  row: toRecordItem,
});

/** The list and its export limited to what the account may see (a promoter's own name replaces whatever it sent), refreshed first. */
function scoped(op: Operation): Operation {
  return {
    ...op,
    // the records are derived (written) before they are read: on the primary, never the replica
    reads: undefined,
    handler: async (ctx) => {
      await refreshRecords(ctx.db, ctx.now);
      const query = { ...(ctx.query as Record<string, unknown>), ...recordScope(ctx.user as SessionUser) };
      return op.handler({ ...ctx, query });
    },
  };
}

/**
 * The settings and promoters lists are short and answered whole; the screen kit's list sends its
 * page and page size all the same, so they are accepted (checked, then ignored) rather than a 400.
 */
const wholeListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
});

export const groundPromoterOperations: Operation[] = [
  defineOperation({
    method: 'GET',
    url: `${API}/settings`,
    name: 'groundpromoters.settings',
    tags,
    screen: SETTING_SCREEN,
    query: wholeListQuery,
    response: answer(z.object({ items: z.array(gpSettingItem), total: z.number() })),
    summary: "The bounty settings: the default (province '') and each province's override",
    handler: async ({ db }) => {
      const all = await allSettings(db);
      const items = [...all.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([province, s]) => ({
          province,
          bounty: s.bounty,
          minRecharge: s.minRecharge,
          qualifyDays: s.qualifyDays,
          requirePhone: s.requirePhone,
          sharePercent: s.sharePercent,
          shareDays: s.shareDays,
          overridePercent: s.overridePercent,
          updatedBy: s.updatedBy,
          updatedAt: isoInConsoleZone(s.updatedAt) ?? '',
        }));
      return ok({ items, total: items.length });
    },
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/settings/save`,
    name: 'groundpromoters.settings.save',
    tags,
    screen: SETTING_SCREEN,
    audit: true,
    body: gpSettingSaveBody,
    response: answer(z.object({ version: z.number(), doc: z.unknown() })),
    summary:
      "Overwrites the default (province '') or a province's setting (a new version); business and secadmin only (403 otherwise); applies to records not yet paid or voided",
    handler: async (ctx) => {
      requireCentralStaff(ctx.user);
      const province = ctx.body.province.trim();
      const saved = await saveItem(ctx, gpSettingItems, province, 'update', () => ({ province, ...ctx.body.setting }));
      await stampSettingEditor(ctx.db, province, ctx.user.username);
      return ok(saved);
    },
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/settings/remove`,
    name: 'groundpromoters.settings.remove',
    tags,
    screen: SETTING_SCREEN,
    audit: true,
    body: gpSettingRemoveBody,
    response: answer(z.object({ version: z.number(), doc: z.unknown() })),
    summary: "Removes a province's override (its promoters follow the default again; a new version); 404 when there is none",
    handler: async (ctx) => {
      requireCentralStaff(ctx.user);
      const province = ctx.body.province.trim();
      if (!province) throw badInput('province', 'Required');
      return ok(
        await saveItem(ctx, gpSettingItems, province, 'remove', (before) => {
          existing(gpSettingItems, province)(before);
          return null;
        }),
      );
    },
  }),
  ...versionOperations(gpSettingItems, { base: `${API}/settings/versions`, name: 'groundpromoters.settings.versions', tags }).map((op) =>
    op.url.endsWith('/restore')
      ? {
          ...op,
          handler: async (ctx: Parameters<Operation['handler']>[0]) => {
            requireCentralStaff(ctx.user as SessionUser);
            return op.handler(ctx);
          },
        }
      : op,
  ),
  defineOperation({
    method: 'GET',
    url: `${API}/promoters`,
    name: 'groundpromoters.promoters',
    tags,
    screen: SETTING_SCREEN,
    query: wholeListQuery,
    response: answer(z.object({ items: z.array(gpPromoterItem), total: z.number(), leaders: z.array(z.string()) })),
    summary:
      'Ground promoter accounts with their share code, province, province promoter and record count (a province promoter: its promoters; a ground promoter: itself), and the province promoter accounts',
    handler: async ({ db, user }) => ok(await promoters(db, user)),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/promoters/save`,
    name: 'groundpromoters.promoters.save',
    tags,
    screen: SETTING_SCREEN,
    audit: true,
    body: gpPromoterBody,
    response: answer(gpPromoterItem.pick({ username: true, province: true, leader: true })),
    summary:
      "Sets a ground promoter's province and province promoter ('' none); business and secadmin only; 404 unknown promoter, 400 a leader without the provincepromoter role",
    handler: async ({ db, user, body, now, note }) => {
      requireCentralStaff(user);
      const { before, after } = await savePromoter(db, body, user.username, now);
      note.target = `gp_promoter:${body.username}`;
      note.before = before;
      note.after = after;
      return ok({ username: body.username, ...after });
    },
  }),
  ...listOperations(records).map(scoped),
  defineOperation({
    method: 'POST',
    url: `${API}/records/pay`,
    name: 'groundpromoters.records.pay',
    tags,
    screen: RECORDS_SCREEN,
    audit: true,
    body: gpRecordBody,
    response: answer(gpRecordItem),
    summary:
      "Pays a qualified record (as of the last refresh: the list refreshes on every read): bounty + share to the promoter's `promoter` account, the override to its province promoter's; once per record; 409 naming the record otherwise; staff only",
    handler: async (ctx) => {
      requireStaff(ctx.user);
      return ok(await payRecord(ctx, ctx.body.id));
    },
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/records/void`,
    name: 'groundpromoters.records.void',
    tags,
    screen: RECORDS_SCREEN,
    audit: true,
    body: gpVoidBody,
    response: answer(gpRecordItem),
    summary: 'Voids a pending or qualified record with a reason; 409 naming the record otherwise; staff only',
    handler: async (ctx) => {
      requireStaff(ctx.user);
      return ok(await voidRecord(ctx, ctx.body.id, ctx.body.reason));
    },
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/records/refresh`,
    name: 'groundpromoters.records.refresh',
    tags,
    screen: RECORDS_SCREEN,
    body: z.strictObject({}),
    response: answer(z.object({ refreshed: z.boolean() })),
    summary: 'Brings the records up to date now (new players, duplicates, recharges, qualification, expiry); the list does it on every read',
    handler: async ({ db, now }) => {
      await refreshRecords(db, now);
      return ok({ refreshed: true });
    },
  }),
];

export const groundPromoterPlatformOperations: PlatformOperation[] = [];
