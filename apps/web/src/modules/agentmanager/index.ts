import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/**
 * Screens of /agentmanager (an optional module: the catalogue has it only with
 * CONSOLE_OPTIONAL_MODULES=agentmanager, so these entries are reached only then).
 */
export const agentmanagerScreens: ScreenMap = {
  '/agentmanager/distribution': lazy(() => import('./lists').then((m) => ({ default: m.DistributionScreen }))),
  '/agentmanager/distributionlogs': lazy(() => import('./lists').then((m) => ({ default: m.DistributionLogsScreen }))),
  '/agentmanager/preview': lazy(() => import('./AgentTree')),
  '/agentmanager/report': lazy(() => import('./lists').then((m) => ({ default: m.ReportScreen }))),
  '/agentmanager/hostreport': lazy(() => import('./HostReport')),
};
