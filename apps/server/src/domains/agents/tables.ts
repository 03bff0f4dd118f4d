/** Row types of agents, rate history, T1/T2 rebates and the weekly settlement (issue 9), merged into db/schema.ts's Database. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AgentTables {}
