/** Cells the review's tables share: the order id (first 4 … last 4, whole on hover and copy), the state tag. */
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatOrderId } from '../../lib/format';

export function OrderIdCell({ orderId }: { orderId: string }) {
  return (
    <Tooltip title={orderId}>
      <Typography.Text copyable={{ text: orderId }} data-order-id={orderId}>
        {formatOrderId(orderId)}
      </Typography.Text>
    </Tooltip>
  );
}

const COLORS: Record<string, string> = {
  not_reviewed: 'default',
  in_review: 'processing',
  approved: 'blue',
  succeed: 'success',
  set_success: 'success',
  fail: 'error',
  denied: 'warning',
  undetermined: 'purple',
};

export function StateTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} data-status={status}>
      {t(`cashout.states.${status}`, { defaultValue: status })}
    </Tag>
  );
}

export const STATE_LABELS: Record<string, string> = Object.fromEntries(Object.keys(COLORS).map((s) => [s, `cashout.states.${s}`]));
