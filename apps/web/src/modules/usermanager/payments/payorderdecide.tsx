/**
 * /usermanager/payorderdecide (hidden catalogue route: the roles that credit or refuse held
 * recharge orders). Reached by URL only: the decisions are made on payorder, so it opens the
 * orders that need attention there.
 */
import { Navigate } from 'react-router-dom';

export default function PayorderDecideScreen() {
  return <Navigate to="/usermanager/payorder?attention=true" replace />;
}
