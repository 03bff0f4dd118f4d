/** /usermanager/beanlogs: bean ledger entries, newest first (the ledger screen of goldlogs, in beans). */
import { ListScreen } from '../../../kit';
import { ledgerScreen } from '../lists/ledger';

export const beanlogsScreen = ledgerScreen('beanlogs', 'bean');

export default function BeanlogsScreen() {
  return <ListScreen decl={beanlogsScreen} />;
}
