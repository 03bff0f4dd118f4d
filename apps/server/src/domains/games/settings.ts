/**
 * Each game's settings (/tinygames/<game>/configs): the document the game servers read back,
 * kept in game_config and versioned in config_version (kind `tinygames.<game>`, key
 * `settings`) through settings/versions.ts. A version's id is what a round reports as
 * its `configVersion`; 0 stands for the game's defaults (never saved).
 */
import { findGame, type Game } from '@console/games';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import type { VersionedItems } from '../../settings/versions';

export const SETTINGS_KEY = 'settings';
export const configKind = (game: string) => `tinygames.${game}`;

export type Settings = Record<string, unknown>;

/**
 * The versioned item of one game's settings (one document, key 'settings'); `screen` is the
 * catalogue screen that edits them (Tongits and Pusoy: their own settings screens, table-games).
 */
export function gameSettingsItems(game: Game, screen = `/tinygames/${game.id}/configs`): VersionedItems<Settings> {
  return {
    screen,
    kind: configKind(game.id),
    noun: 'Game settings',
    async read(db, _key) {
      const row = await db.selectFrom('game_config').select('settings').where('game', '=', game.id).forUpdate().executeTakeFirst();
      return row ? (row.settings as Settings) : null;
    },
    async write(db, _key, doc, now) {
      if (doc === null) {
        // a restore of "never saved" brings the defaults back
        await db
          .updateTable('game_config')
          .set({ settings: JSON.stringify(game.defaults), updated_at: now })
          .where('game', '=', game.id)
          .execute();
        return;
      }
      await db
        .insertInto('game_config')
        .values({ game: game.id, settings: JSON.stringify(doc), updated_at: now })
        .onConflict((oc) => oc.column('game').doUpdateSet({ settings: JSON.stringify(doc), updated_at: now }))
        .execute();
    },
    // a restore checks the version against the game's rules as they are now
    restorable: z.custom<Settings>((v) => game.parseSettings(v).ok, { message: "does not fit the game's settings" }),
  };
}

export interface CurrentSettings {
  version: number;
  settings: Settings;
}

/** The settings in force and their version (0 and the defaults when never saved). */
export async function currentSettings(db: Db, game: Game): Promise<CurrentSettings> {
  const row = await sql<{ settings: Settings | null; version: number | null }>`
    SELECT (SELECT settings FROM game_config WHERE game = ${game.id}) AS settings,
      (SELECT max(id) FROM config_version WHERE kind = ${configKind(game.id)} AND key = ${SETTINGS_KEY}) AS version`.execute(db);
  const r = row.rows[0];
  return { version: r?.version === null || r?.version === undefined ? 0 : r.version, settings: (r?.settings ?? game.defaults) as Settings };
}

/** Settings of a version, per database (versions never change: config_version is append-only). */
const cache = new WeakMap<object, Map<string, Settings | null>>();

/**
 * The settings a round played with: version 0 = the defaults; otherwise that version's
 * document if it is a version of this game's settings, else null.
 */
export async function settingsOfVersions(db: Db, wanted: readonly { game: string; version: number }[]): Promise<Map<string, Settings | null>> {
  let known = cache.get(db);
  if (!known) cache.set(db, (known = new Map()));
  const out = new Map<string, Settings | null>();
  const missing: { game: string; version: number }[] = [];
  for (const w of wanted) {
    const key = `${w.game}:${w.version}`;
    if (out.has(key)) continue;
    if (w.version === 0) {
      out.set(key, (findGame(w.game)?.defaults ?? null) as Settings | null);
      continue;
    }
    const hit = known.get(key);
    if (hit !== undefined) out.set(key, hit);
    else {
      out.set(key, null);
      missing.push(w);
    }
  }
  if (missing.length > 0) {
    const rows = await db
      .selectFrom('config_version')
      .select(['id', 'kind', 'after'])
      .where(
        'id',
        'in',
        missing.map((m) => m.version),
      )
      .where('key', '=', SETTINGS_KEY)
      .execute();
    for (const m of missing) {
      const row = rows.find((r) => r.id === m.version && r.kind === configKind(m.game));
      // a version that removed the document (a restore of "never saved") stands for the defaults
      const settings = row ? ((row.after ?? findGame(m.game)?.defaults ?? null) as Settings | null) : null;
      out.set(`${m.game}:${m.version}`, settings);
      if (row) known.set(`${m.game}:${m.version}`, settings);
    }
  }
  return out;
}
