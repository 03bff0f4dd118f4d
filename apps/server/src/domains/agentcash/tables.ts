/** Row types of /agentcash: agent cash-out settings, review and figures (issue 9), merged into db/schema.ts's Database. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AgentCashTables {}
