/** /freegive: chips given free (batch sends, staff additions, rewards, bonuses, relief). GET /api/freegive, /api/freegive/days, /api/freegive/reasons. */
import type { FreegiveDay } from '@console/schemas';
import { houseDeclarations } from './houseMoney';
import { ReportPage } from './ReportPage';

export const freegive = houseDeclarations<FreegiveDay>('freegive', ['batch', 'staff', 'reward', 'bonus', 'relief']);

export default function FreegiveScreen() {
  return (
    <ReportPage
      dashboard={freegive.dashboard}
      paramsFromUrl={['currency']}
      tables={[
        { key: 'days', label: 'reports.freegive.byDay', decl: freegive.days },
        { key: 'reasons', label: 'reports.freegive.byReason', decl: freegive.reasons },
      ]}
    />
  );
}
