import type { ScreenMap } from '../registry';

/** Screens of /gameserver (issue 7). Being built. */
export const gameserverScreens: ScreenMap = {};
