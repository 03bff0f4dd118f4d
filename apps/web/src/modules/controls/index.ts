import type { ScreenMap } from '../registry';

/** Screens of Player risk and responsible-gaming controls, /personalcontrol and /TPpersonalcontrol, enforced in the wallet (issue 7). Being built. */
export const controlsScreens: ScreenMap = {};
