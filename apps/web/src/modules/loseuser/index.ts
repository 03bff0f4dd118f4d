import type { ScreenMap } from '../registry';

/** Screens of /loseuser, lost-player retrieval (issue 8). Being built. */
export const loseuserScreens: ScreenMap = {};
