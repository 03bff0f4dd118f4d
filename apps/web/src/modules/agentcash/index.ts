import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/**
 * Screens of /agentcash: the settings (config with history), the review (queues and
 * records over one list shape) and the three figure reports (one shape declared three times).
 */
export const agentcashScreens: ScreenMap = {
  '/agentcash/agent_config': lazy(() => import('./config')),
  '/agentcash/agent_peoplecheck': lazy(() => import('./review')),
  '/agentcash/agent_search_date': lazy(() => import('./figures').then((m) => ({ default: m.DateFigures }))),
  '/agentcash/agent_search_month': lazy(() => import('./figures').then((m) => ({ default: m.MonthFigures }))),
  '/agentcash/agent_search_user': lazy(() => import('./figures').then((m) => ({ default: m.UserFigures }))),
};
