import type { ScreenMap } from '../registry';

/** /usermanager screens of this part (see index.ts); each loads on first visit. */
export const reportsScreens: ScreenMap = {};
