/** /usermanager/moneylogs: ledger entries of every currency, newest first, with a currency filter. */
import { ListScreen } from '../../../kit';
import { ledgerScreen } from './ledger';

export const moneylogsScreen = ledgerScreen('moneylogs');

export default function MoneylogsScreen() {
  return <ListScreen decl={moneylogsScreen} />;
}
