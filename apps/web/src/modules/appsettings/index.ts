import type { ScreenMap } from '../registry';

/** Screens of SMS routing and logs, game store, award tables, regional blocking and allow lists (issue 8). Being built. */
export const appsettingsScreens: ScreenMap = {};
