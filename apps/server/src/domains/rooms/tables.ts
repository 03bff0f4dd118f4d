/** Row types of room templates, tables, quick match, partner game store and game reports (issue 9), merged into db/schema.ts's Database. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RoomTables {}
