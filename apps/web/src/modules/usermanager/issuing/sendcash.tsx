/** /usermanager/batchsendcash/sendcash (admin, secadmin): the cash batch send (withdrawable, centavos shown as pesos). */
import { CASH } from './config';
import { SendWorkflow } from './SendWorkflow';

export default function SendcashScreen() {
  return <SendWorkflow kind={CASH} />;
}
