/**
 * Row types of the lobby tables (merged into db/schema.ts Database). Migration 024_lobby.sql is
 * the source of truth.
 */
import type { ColumnType, Generated } from 'kysely';

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type LobbyPlatformColumn = 'all' | 'android' | 'ios' | 'web';

export interface LobbyCategoryTable {
  code: string;
  name_en: string;
  name_zh: string;
  icon: Generated<string>;
  sort_order: Generated<number>;
  visible: Generated<boolean>;
  updated_at: DefaultedTimestamp;
  id: Generated<number>;
}

export interface LobbyGameTable {
  tag: string;
  provider: string;
  category: string;
  name_en: string;
  name_zh: string;
  icon: Generated<string>;
  /** bigint: read as a string by pg, a number by PGlite; Number() it. */
  init_value: ColumnType<number, number | undefined, number>;
  rank: Generated<number>;
  platform: ColumnType<LobbyPlatformColumn, LobbyPlatformColumn | undefined, LobbyPlatformColumn>;
  pay_limit: ColumnType<number, number | undefined, number>;
  visible: Generated<boolean>;
  updated_at: DefaultedTimestamp;
  id: Generated<number>;
}

export interface LobbyGamePackageTable {
  package: string;
  tag: string;
  position: number | null;
}
export interface LobbyLayoutTable {
  package: string;
  updated_at: DefaultedTimestamp;
}
export interface LobbyLayoutCategoryTable {
  package: string;
  category: string;
  position: number;
}

export interface LobbyTables {
  lobby_category: LobbyCategoryTable;
  lobby_game: LobbyGameTable;
  lobby_game_package: LobbyGamePackageTable;
  lobby_layout: LobbyLayoutTable;
  lobby_layout_category: LobbyLayoutCategoryTable;
}
