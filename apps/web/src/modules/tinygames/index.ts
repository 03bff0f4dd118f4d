import type { ScreenMap } from '../registry';

/** Screens of /tinygames (issue 7). Being built. */
export const tinygamesScreens: ScreenMap = {};
