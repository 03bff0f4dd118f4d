/** /usermanager report screens (see apps/web/src/modules/usermanager/index.ts for the split; docs/api/usermanager.md "Reports"). */
import type { Operation } from '../../http/operation';
import { listOperations } from '../../http/list';
import { activesDaysReport, activesOperation, registers, registersDaysOperation } from './activity';
import { badgesearch } from './badges';
import { emoteStat } from './emotes';
import { inviteTree, topInviters } from './invite';
import { lostusers } from './lost';
import { gamerecordlogs } from './gamerecords';
import { profitDaysOperation, profitGamesOperations, profitslogs } from './profits';
import { reportOperations } from '../../reports/report';
import { telephonecode } from './sms';
import { logins, tracedAccounts } from './trace';

export const playerReportsOperations: Operation[] = [
  activesOperation,
  ...reportOperations(activesDaysReport),
  registersDaysOperation,
  ...listOperations(registers),
  ...listOperations(lostusers),
  profitDaysOperation,
  ...listOperations(profitslogs),
  ...profitGamesOperations,
  ...listOperations(gamerecordlogs),
  ...reportOperations(emoteStat),
  ...reportOperations(topInviters),
  ...reportOperations(inviteTree),
  ...reportOperations(tracedAccounts),
  ...listOperations(logins),
  ...listOperations(badgesearch),
  ...listOperations(telephonecode),
];
