/**
 * What game servers read of the room screens (signed platform calls, docs/api/rooms.md):
 *
 *   GET /api/platform/rooms/configs?game=&partner=   a table game's open templates (with their
 *        versions), its open tables each with the snapshot it was made from (Tongits and Pusoy:
 *        with the game's fee and turn time in force, what their rounds are verified against), the open
 *        quick-match tiers (with partner: only those the partner's game store offers, and the
 *        store entry); `version` is a hash of the answer and the ETag (If-None-Match → 304).
 *   GET /api/platform/rooms/quickmatch?game=&balance=|uid=   the tier quick match seats a
 *        balance (or a player's chips) in, and the open table of the tier to take.
 *   GET /api/platform/rooms/tinyquick?game=   the mini-games' quick bet settings (ETag, 304).
 */
import { createHash } from 'node:crypto';
import {
  platformRoomsQuery,
  platformTinyQuickQuery,
  quickMatchQuery,
  type GameStoreEntry,
  type QuickTier,
  type RoomTemplate,
  type TinyQuickTemplate,
} from '@console/schemas';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { notFound } from '../../http/api-error';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { notModified } from '../app-settings/platform';
import { templateRules } from './config';
import { listItems, storeKey } from './items';
import { quickMatchFor } from './match';

const hash = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);

export async function roomConfig(db: Db, game: string, partner?: number) {
  const [templates, tiers, tables, store, rules] = await Promise.all([
    listItems<RoomTemplate>(db, 'template'),
    listItems<QuickTier>(db, 'quicktier'),
    db
      .selectFrom('room_table')
      .select(['id', 'code', 'template', 'tier', 'template_version', 'snapshot'])
      .where('game', '=', game)
      .where('status', '=', 'open')
      .orderBy('id')
      .execute(),
    partner ? listItems<GameStoreEntry>(db, 'gamestore', partner) : Promise.resolve([]),
    templateRules(db),
  ]);
  const entry = store.find((e) => e.game === game) ?? null;
  const offered = (t: QuickTier) => partner === undefined || (entry !== null && entry.enabled && entry.tiers.includes(t.id));
  const body = {
    game,
    partner: partner ?? null,
    store:
      entry === null
        ? null
        : { enabled: entry.enabled, order: entry.order, tiers: entry.tiers, revenueShareBps: entry.revenueShareBps, key: storeKey(entry.partner, entry.game) },
    templates: templates.filter((t) => t.game === game && t.open).map(rules),
    tables: tables.map((t) => ({
      id: t.id,
      code: t.code,
      template: t.template,
      tier: t.tier,
      templateVersion: t.template_version,
      rules: rules(t.snapshot as RoomTemplate),
    })),
    quickTiers: tiers
      .filter((t) => t.game === game && t.open && offered(t))
      .map((t) => ({ id: t.id, name: t.name, minBalance: t.minBalance, maxBalance: t.maxBalance, template: t.template, version: t.version })),
  };
  return { ...body, version: hash(body) };
}

export async function tinyQuickConfig(db: Db, game?: string) {
  const docs = (await listItems<TinyQuickTemplate>(db, 'tinyquick')).filter((d) => d.open && (game === undefined || d.game === game));
  const body = { games: docs };
  return { ...body, version: hash(body) };
}

export const roomPlatform: PlatformOperation[] = [
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/rooms/configs',
    name: 'platform.rooms.configs',
    scope: 'config.read',
    summary:
      "A table game's open templates, open tables (each with the template snapshot it was made from) and open quick-match tiers " +
      '(with partner: those its game store offers, and the entry); ETag = version (If-None-Match: 304); 404 unknown partner',
    query: platformRoomsQuery,
    handler: async ({ db, query, request, reply }) => {
      if (query.partner !== undefined && query.partner > 0) {
        const known = await db.selectFrom('partner').select('id').where('id', '=', query.partner).executeTakeFirst();
        if (!known) throw notFound(`Partner ${query.partner} not found`);
      }
      const config = await roomConfig(db, query.game, query.partner || undefined);
      if (notModified(request, reply, config.version)) return reply.code(304).send();
      return { code: 200, data: config };
    },
  }),
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/rooms/quickmatch',
    name: 'platform.rooms.quickmatch',
    scope: 'config.read',
    summary:
      "The quick-match tier whose balance range holds the balance (or the player's chips, by uid) and the open table of it to seat the player at; tier null when none",
    query: quickMatchQuery,
    response: z.object({ code: z.literal(200), data: z.unknown() }),
    handler: async ({ db, query }) => ({ code: 200, data: await quickMatchFor(db, query) }),
  }),
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/rooms/tinyquick',
    name: 'platform.rooms.tinyquick',
    scope: 'config.read',
    summary: "The open mini-games' quick bet settings (bet limits, countdown, chips), all or one game; ETag = version (If-None-Match: 304)",
    query: platformTinyQuickQuery,
    handler: async ({ db, query, request, reply }) => {
      const config = await tinyQuickConfig(db, query.game);
      if (notModified(request, reply, config.version)) return reply.code(304).send();
      return { code: 200, data: config };
    },
  }),
];
