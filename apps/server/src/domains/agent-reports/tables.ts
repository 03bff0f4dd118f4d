/** Row types of agent cooperation reports and the extra rebate (issue 9), merged into db/schema.ts's Database. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AgentReportTables {}
