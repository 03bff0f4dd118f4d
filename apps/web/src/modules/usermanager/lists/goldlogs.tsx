/** /usermanager/goldlogs: chip ledger entries, newest first. */
import { ListScreen } from '../../../kit';
import { ledgerScreen } from './ledger';

export const goldlogsScreen = ledgerScreen('goldlogs', 'chip');

export default function GoldlogsScreen() {
  return <ListScreen decl={goldlogsScreen} />;
}
