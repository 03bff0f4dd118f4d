import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/**
 * Screens built in this folder (/agentcooperation agents, rebates, settlement):
 * agentediter, rebateLogs, shareT1Detail, shareRebate, sharePay; one lazy chunk.
 */
const PATHS = [
  '/agentcooperation/agentediter',
  '/agentcooperation/rebateLogs',
  '/agentcooperation/shareT1Detail',
  '/agentcooperation/shareRebate',
  '/agentcooperation/sharePay',
] as const;

export const agentsScreens: ScreenMap = Object.fromEntries(
  PATHS.map((path) => [path, lazy(() => import('./pages').then((m) => ({ default: m.PAGES[path] })))]),
);
