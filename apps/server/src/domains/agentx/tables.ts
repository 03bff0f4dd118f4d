/** Row types of /agentx: third-party integration agents (issue 9), merged into db/schema.ts's Database. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AgentxTables {}
