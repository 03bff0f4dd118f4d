/** /usermanager/createdPaymentLogs: recharge orders created and not (yet) paid, newest first. */
import { ListScreen } from '../../../kit';
import { createdPaymentLogsScreen } from './orders';

export default function CreatedPaymentLogsScreen() {
  return <ListScreen decl={createdPaymentLogsScreen} />;
}
