/** Row types of the app-settings tables (merged into db/schema.ts Database); migration 031. */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;

/** One item of an app-settings screen: its whole document and the columns lists filter on. */
export interface AppSettingTable {
  id: Generated<number>;
  kind: string;
  key: string;
  label: Generated<string>;
  category: Generated<string>;
  sort_order: Generated<number>;
  enabled: Generated<boolean>;
  doc: ColumnType<unknown, string, string>;
  updated_at: Time;
}

export interface AppSettingTables {
  app_setting: AppSettingTable;
}

declare module '../../db/schema' {
  /** Delivery results of the codes (event sms.result; migration 031). */
  interface SmsLogTable {
    result: ColumnType<'delivered' | 'failed' | null, 'delivered' | 'failed' | null | undefined, 'delivered' | 'failed' | null>;
    result_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    result_reason: Generated<string>;
  }
}
