/** The data reports under / (homepage, payReport, …) (docs/api/reports.md). Staff operations only: the figures come from the roll-ups of migration 019. */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { homepageOperations } from './homepage';
import { houseMoneyOperations } from './house-money';
import { payoutReportOperations } from './payouts';
import { playerReportOperations } from './players';
import { rechargeReportOperations } from './recharges';

export const paymentReportsOperations: Operation[] = [
  ...homepageOperations,
  ...rechargeReportOperations,
  ...playerReportOperations,
  ...payoutReportOperations,
  ...houseMoneyOperations,
];
export const paymentReportsPlatformOperations: PlatformOperation[] = [];
