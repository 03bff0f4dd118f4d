/**
 * Row types of the messages tables (merged into db/schema.ts Database). Migration
 * 030_messages.sql is the source of truth.
 */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
/** bigint: read as a string by pg, a number by PGlite; Number() it. */
type BigNumber = ColumnType<number, number, number>;

export interface MessagePrefabTable {
  id: Generated<number>;
  name: string;
  title_en: string;
  title_zh: string;
  content_en: string;
  content_zh: string;
  partner: Generated<number>;
  created_by: string;
  created_at: Time;
  updated_at: Time;
}

export interface AnnouncementTable {
  id: Generated<number>;
  package: string;
  partner: Generated<number>;
  title: string;
  content: string;
  begin_at: Time;
  end_at: Time;
  repeat_type: 'once' | 'daily' | 'login';
  link: Generated<string>;
  picture: Generated<string>;
  status: ColumnType<'online' | 'offline', 'online' | 'offline' | undefined, 'online' | 'offline'>;
  sort_order: Generated<number>;
  created_by: string;
  created_at: Time;
  updated_at: Time;
}

export interface MessageSendTable {
  id: Generated<number>;
  partner: Generated<number>;
  target_kind: 'uid' | 'list' | 'segment';
  uids: number[] | null;
  segment: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  prefab_id: number | null;
  title_en: string;
  title_zh: string;
  content_en: string;
  content_zh: string;
  currency: 'chip' | 'bean' | 'diamond' | null;
  amount: ColumnType<number | null, number | null, number | null>;
  expires_at: Time;
  source: Generated<string>;
  status: ColumnType<'running' | 'done' | 'cancelled', 'running' | 'done' | 'cancelled' | undefined, 'running' | 'done' | 'cancelled'>;
  planned: number;
  delivered: Generated<number>;
  cursor_uid: Generated<number>;
  advanced_at: Time | null;
  created_by: string;
  created_at: Time;
  finished_at: Time | null;
}

export interface PlayerMessageTable {
  /** bigint: a string from pg, a number from PGlite at run time; Number() it. */
  id: ColumnType<number, never, never>;
  send_id: number;
  uid: number;
  created_at: Time;
  read_at: Time | null;
  claimed_at: Time | null;
  ledger_entry_id: BigNumber | null;
}

export interface MessageEventTable {
  app_id: string;
  event_id: string;
  type: string;
  at: Time;
  status: 'applied' | 'rejected';
  code: number | null;
  message: string | null;
}

export interface MessageTables {
  message_prefab: MessagePrefabTable;
  announcement: AnnouncementTable;
  message_send: MessageSendTable;
  player_message: PlayerMessageTable;
  message_event: MessageEventTable;
}
