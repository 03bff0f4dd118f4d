/** Row types of partners, cloud chips, coin dealers, bills and transfers (issue 9), merged into db/schema.ts's Database. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PartnerLedgerTables {}
