import type { ScreenMap } from '../registry';
import { issuingScreens } from './issuing';
import { listsScreens } from './lists';
import { paymentsScreens } from './payments';
import { playersScreens } from './players';
import { recordsScreens } from './records';
import { reportsScreens } from './reports';

/**
 * /usermanager, in parts: lists.ts (players and ledger lists), reports.ts (figures by day, lost
 * players, traces, invitations), records.ts (search, player activity records, feedback and
 * tip-offs), players.ts (player detail, banediter and the staff actions), issuing.ts (batch send
 * of chips and cash), payments.ts (recharge orders).
 */
export const usermanagerScreens: ScreenMap = {
  ...listsScreens,
  ...playersScreens,
  ...issuingScreens,
  ...reportsScreens,
  ...recordsScreens,
  ...paymentsScreens,
};
