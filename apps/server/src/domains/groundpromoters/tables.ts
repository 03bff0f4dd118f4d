/** Row types of /groundpromoters: settings and records of ground promoters (issue 9), merged into db/schema.ts's Database. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GroundPromoterTables {}
