/**
 * /recycle: chips taken back (staff reductions, fees, expiry), and beside them the fees of
 * cash-outs paid out (pesos). GET /api/recycle, /api/recycle/days, /api/recycle/reasons.
 */
import type { RecycleDay } from '@console/schemas';
import { houseDeclarations } from './houseMoney';
import { ReportPage } from './ReportPage';

export const recycle = houseDeclarations<RecycleDay>(
  'recycle',
  ['staff', 'fee', 'expiry'],
  [{ key: 'cashoutFees', title: 'reports.recycle.cashoutFees', format: 'money', sortable: true }],
);

export default function RecycleScreen() {
  return (
    <ReportPage
      dashboard={recycle.dashboard}
      paramsFromUrl={['currency']}
      tables={[
        { key: 'days', label: 'reports.recycle.byDay', decl: recycle.days },
        { key: 'reasons', label: 'reports.recycle.byReason', decl: recycle.reasons },
      ]}
    />
  );
}
