import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** /usermanager recharge screens: paymentlogs, createdPaymentLogs, payorder. Declarations in payments/orders.tsx. */
export const paymentsScreens: ScreenMap = {
  '/usermanager/paymentlogs': lazy(() => import('./payments/paymentlogs')),
  '/usermanager/createdPaymentLogs': lazy(() => import('./payments/createdPaymentLogs')),
  '/usermanager/payorder': lazy(() => import('./payments/payorder')),
  '/usermanager/payorderdecide': lazy(() => import('./payments/payorderdecide')),
};
