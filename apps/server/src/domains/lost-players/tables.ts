/** Row types of the lost-players tables (merged into db/schema.ts Database). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LostPlayerTables {}
