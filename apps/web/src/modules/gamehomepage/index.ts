import type { ScreenMap } from '../registry';

/** Screens of /gamehomepage (issue 7). Being built. */
export const gamehomepageScreens: ScreenMap = {};
