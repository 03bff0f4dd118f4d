import type { ScreenMap } from '../registry';
import { issuingScreens } from './issuing';
import { listsScreens } from './lists';
import { playersScreens } from './players';

/**
 * /usermanager, in three parts: lists.ts (the list and report screens), players.ts (player
 * detail, banediter and the staff actions), issuing.ts (batch send of chips and cash).
 */
export const usermanagerScreens: ScreenMap = {
  ...listsScreens,
  ...playersScreens,
  ...issuingScreens,
};
