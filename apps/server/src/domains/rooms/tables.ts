/** Row types of room templates, tables, quick match and partner game stores, merged into db/schema.ts's Database. Migrations 035 and 036. */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string, string>;

export type RoomItemKind = 'template' | 'quicktier' | 'tinyquick' | 'gamestore';

export interface RoomItemTable {
  kind: RoomItemKind;
  key: string;
  partner: Generated<number>;
  doc: Json;
  updated_at: Time;
}

export interface RoomTableTable {
  id: Generated<number>;
  code: string;
  game: string;
  template: string;
  tier: string | null;
  template_version: number;
  snapshot: Json;
  status: Generated<'open' | 'closed'>;
  opened_by: string;
  opened_at: Time;
  closed_by: string | null;
  closed_at: NullableTime;
}

export interface RoomTables {
  room_item: RoomItemTable;
  room_table: RoomTableTable;
}
