import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/**
 * /usermanager screens of this part (see index.ts); each loads on first visit. The player
 * detail is not a screen: the shell mounts player/PlayerDrawer over any screen (?player=<uid>).
 */
export const playersScreens: ScreenMap = {
  '/usermanager/banediter': lazy(() => import('./player/bans')),
  '/usermanager/playerchips': lazy(() => import('./player/playerchips')),
};
