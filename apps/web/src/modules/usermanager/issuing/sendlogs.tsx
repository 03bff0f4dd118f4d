/** /usermanager/batchsendgold/sendlogs: the chip batches (docs/api/issuing.md). */
import { ListScreen } from '../../../kit';
import { batchLogScreen } from './batchLogs';
import { CHIPS } from './config';

export const sendlogsScreen = batchLogScreen(CHIPS, 'sendlogs');

export default function SendlogsScreen() {
  return <ListScreen decl={sendlogsScreen} />;
}
