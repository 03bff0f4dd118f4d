/**
 * The configuration of the table-game screens, kept in table_game_item and versioned through
 * settings/versions.ts (config_version kind `tablegames.<name>`): single documents (the AI
 * seats, the cheat thresholds, each game's jackpot rules) that hold their defaults until first
 * saved. The rooms of Tongits and Pusoy are their /platmanager room templates (decision 035).
 */
import {
  AI_DEFAULTS,
  aiSettings,
  CHEAT_DEFAULTS,
  cheatThresholds,
  JACKPOT_DEFAULTS,
  jackpotRules,
  type AiSettings,
  type CheatThresholds,
  type JackpotRules,
  type RoomTemplate,
  type TableGame,
  type TableRoom,
} from '@console/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/open';
import type { VersionedItems } from '../../settings/versions';
import { templateRules } from '../rooms/config';
import { listItems } from '../rooms/items';

export const configScreen = (game: TableGame) => `/tinygames/${game}/${game}config`;
export const AI_SCREEN = '/tinygames/tongits/aiconfig';
export const CHEAT_SCREEN = '/tinygames/tongitscheat/cheatconfig';

async function readItem(db: Db, kind: string, key: string, lock: boolean): Promise<unknown> {
  let q = db.selectFrom('table_game_item').select('doc').where('kind', '=', kind).where('key', '=', key);
  if (lock) q = q.forUpdate();
  return (await q.executeTakeFirst())?.doc ?? null;
}

async function writeItem(db: Db, kind: string, key: string, doc: unknown, now: Date): Promise<void> {
  if (doc === null) {
    await db.deleteFrom('table_game_item').where('kind', '=', kind).where('key', '=', key).execute();
    return;
  }
  const json = JSON.stringify(doc);
  await db
    .insertInto('table_game_item')
    .values({ kind, key, doc: json, updated_at: now })
    .onConflict((oc) => oc.columns(['kind', 'key']).doUpdateSet({ doc: json, updated_at: now }))
    .execute();
}

/**
 * The rooms of a game: its /platmanager room templates (decision 035: one catalogue of rooms,
 * edited on /platmanager/template), as the Tongits and Pusoy screens and table servers see them:
 * stake, balance range, mode, open, and the AI seats a table of the room may seat at most.
 */
export type GameRoom = TableRoom & { maxAiSeats: number };

export async function listRooms(db: Db, game: TableGame): Promise<GameRoom[]> {
  const [docs, rules] = await Promise.all([listItems<RoomTemplate>(db, 'template'), templateRules(db)]);
  return docs
    .filter((t) => t.game === game)
    .map(rules)
    .map((t) => ({
      room: t.id,
      name: t.name,
      mode: t.mode,
      ante: t.ante,
      minBalance: t.minBalance,
      maxBalance: t.maxBalance,
      open: t.open,
      maxAiSeats: t.aiSeats,
    }))
    .sort((a, b) => a.ante - b.ante || a.room.localeCompare(b.room));
}

/** A configuration that is one document with defaults (key ''). */
export interface DocumentSpec<Doc> {
  /** table_game_item.kind; config_version kind is `tablegames.<kind>`. */
  kind: string;
  screen: string;
  noun: string;
  schema: z.ZodType<Doc>;
  defaults: Doc;
}

export function documentItems<Doc>(spec: DocumentSpec<Doc>): VersionedItems<Doc> {
  return {
    screen: spec.screen,
    kind: `tablegames.${spec.kind}`,
    noun: spec.noun,
    read: async (db) => (await readItem(db, spec.kind, '', true)) as Doc | null,
    write: (db, _key, doc, now) => writeItem(db, spec.kind, '', doc, now),
    restorable: spec.schema,
  };
}

/** The document in force: the saved one, or the defaults (a saved one that no longer parses falls back to the defaults). */
export async function readDocument<Doc>(db: Db, spec: DocumentSpec<Doc>): Promise<Doc> {
  const doc = await readItem(db, spec.kind, '', false);
  if (doc === null) return spec.defaults;
  const parsed = spec.schema.safeParse(doc);
  return parsed.success ? parsed.data : spec.defaults;
}

export const AI_DOC: DocumentSpec<AiSettings> = { kind: 'tongits.ai', screen: AI_SCREEN, noun: 'AI settings', schema: aiSettings, defaults: AI_DEFAULTS };
export const CHEAT_DOC: DocumentSpec<CheatThresholds> = {
  kind: 'tongitscheat',
  screen: CHEAT_SCREEN,
  noun: 'Anti-cheat thresholds',
  schema: cheatThresholds,
  defaults: CHEAT_DEFAULTS,
};
export const jackpotDoc = (game: TableGame): DocumentSpec<JackpotRules> => ({
  kind: `${game}.jackpot`,
  screen: configScreen(game),
  noun: 'Jackpot rules',
  schema: jackpotRules,
  defaults: JACKPOT_DEFAULTS,
});

/** The cheat thresholds in force (for the risk issue's signals: /cheatmanager). */
export const cheatThresholdsInForce = (db: Db) => readDocument(db, CHEAT_DOC);

/**
 * What each room offers AI seats: a 1v1 room's third seat is always an AI seat, so it can open
 * tables only while AI seats are enabled and allowed there; a classic room fills up to the
 * fewer of the AI settings' `maxSeats` and its template's AI seats after `waitSeconds` when allowed.
 */
export function roomsWithAi(rooms: readonly GameRoom[], ai: AiSettings | null): (TableRoom & { aiSeats: number; playable: boolean })[] {
  return rooms.map(({ maxAiSeats, ...r }) => {
    const allowed = ai !== null && ai.enabled && ai.rooms.includes(r.room);
    const aiSeats = !allowed ? 0 : r.mode === '1v1' ? 1 : Math.min(ai.maxSeats, maxAiSeats);
    return { ...r, aiSeats, playable: r.open && (r.mode !== '1v1' || aiSeats === 1) };
  });
}

/** Room id of a table id (`<room>:<n>`; '' when the table names no room). */
export const roomOfTable = (table: string) => (table.includes(':') ? table.slice(0, table.indexOf(':')) : '');
