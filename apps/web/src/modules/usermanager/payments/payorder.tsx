/** /usermanager/payorder: every recharge order with its lifecycle; held orders are credited or refused here (reason, confirmation, operation-logged). */
import { ListScreen } from '../../../kit';
import { payorderScreen } from './orders';

export default function PayorderScreen() {
  return <ListScreen decl={payorderScreen} />;
}
