/** Step 2: the totals of the checked batch and today's allowance, then a confirmation before sending. */
import { Alert, Button, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchCheck } from '@console/schemas';
import { formatInt } from '../../../lib/format';
import { L, type SendKind } from './config';

interface Props {
  kind: SendKind;
  check: BatchCheck;
  reason: string;
  sending: boolean;
  onBack: () => void;
  onSend: () => void;
}

export function PreviewStep({ kind, check, reason, sending, onBack, onSend }: Props) {
  const { t } = useTranslation();
  const { allowance } = check;
  return (
    <Space direction="vertical" size="middle" style={{ maxWidth: 720, width: '100%' }}>
      <Descriptions bordered column={1} size="small" data-testid="preview">
        <Descriptions.Item label={t(`${L}lines`)}>{formatInt(check.lines)}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}players`)}>{formatInt(check.players)}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}total`)}>{kind.amount(check.total)}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}reason`)}>{reason}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}limit`)}>{kind.amount(allowance.limit)}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}issuedToday`)}>{kind.amount(allowance.issued)}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}remaining`)}>{kind.amount(allowance.remaining)}</Descriptions.Item>
        <Descriptions.Item label={t(`${L}fits`)}>
          <Tag color={check.fits ? 'green' : 'red'}>{t(check.fits ? `${L}fitsYes` : `${L}fitsNo`)}</Tag>
        </Descriptions.Item>
      </Descriptions>
      {!check.fits && <Alert type="warning" showIcon message={t(`${L}fitsNo`)} />}
      <Space>
        <Button onClick={onBack}>{t(`${L}back`)}</Button>
        <Button type="primary" disabled={!check.fits} loading={sending} onClick={onSend}>
          {t(`${L}send`)}
        </Button>
      </Space>
    </Space>
  );
}
