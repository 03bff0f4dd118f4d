/** /usermanager/paymentlogs: paid recharge orders, newest payment first. */
import { ListScreen } from '../../../kit';
import { paymentlogsScreen } from './orders';

export default function PaymentlogsScreen() {
  return <ListScreen decl={paymentlogsScreen} />;
}
