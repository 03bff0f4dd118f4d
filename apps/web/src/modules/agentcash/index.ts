import type { ScreenMap } from '../registry';

/** Screens of issue 9 built in this folder, by full catalogue path. */
export const agentcashScreens: ScreenMap = {};
