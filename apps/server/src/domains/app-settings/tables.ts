/** Row types of the app-settings tables (merged into db/schema.ts Database). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AppSettingTables {}
