/** /usermanager/batchsendcash/sendcashlogs: the cash batches (docs/api/issuing.md). */
import { ListScreen } from '../../../kit';
import { batchLogScreen } from './batchLogs';
import { CASH } from './config';

export const sendcashlogsScreen = batchLogScreen(CASH, 'sendcashlogs');

export default function SendcashlogsScreen() {
  return <ListScreen decl={sendcashlogsScreen} />;
}
