/** /usermanager/bonuslogs: bonus ledger entries, newest first (the ledger screen of goldlogs, in bonus). */
import { ListScreen } from '../../../kit';
import { ledgerScreen } from '../lists/ledger';

export const bonuslogsScreen = ledgerScreen('bonuslogs', 'bonus');

export default function BonuslogsScreen() {
  return <ListScreen decl={bonuslogsScreen} />;
}
