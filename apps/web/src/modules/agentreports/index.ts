import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/**
 * Screens built in this folder, by full catalogue path: the /agentcooperation reports
 * (cooperData, cooperSearch, inviteeData, shareData, coindealerlogs), the extra rebate
 * (extrarebateconfigs, extrarebateAnalyze) and /partnermanager/agentgamelogs. One lazy chunk.
 */
const PATHS = [
  '/agentcooperation/cooperData',
  '/agentcooperation/cooperSearch',
  '/agentcooperation/inviteeData',
  '/agentcooperation/shareData',
  '/agentcooperation/coindealerlogs',
  '/agentcooperation/extrarebateconfigs',
  '/agentcooperation/extrarebateAnalyze',
  '/partnermanager/agentgamelogs',
];

export const agentreportsScreens: ScreenMap = Object.fromEntries(
  PATHS.map((path) => [path, lazy(() => import('./screens').then((m) => ({ default: m.screenFor(path) })))]),
);
