/** Row types of /agentmanager: wholesalers, agent tree and reports (issue 9), merged into db/schema.ts's Database. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AgentManagerTables {}
