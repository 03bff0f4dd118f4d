import { Card, Col, Row, Statistic, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../lib/format';
import { cellText, valueAt } from '../cells';
import type { FigureCard } from '../types';

/** Change against the previous period as a fraction; null when it cannot be computed. */
export function changeOf(current: unknown, previous: unknown): number | null {
  const c = Number(current);
  const p = Number(previous);
  if (current === null || previous === null || current === undefined || previous === undefined) return null;
  if (!Number.isFinite(c) || !Number.isFinite(p) || p === 0) return null;
  return (c - p) / Math.abs(p);
}

export function FigureCards({ cards, data }: { cards: FigureCard[]; data: unknown }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[12, 12]}>
      {cards.map((card) => {
        const value = valueAt(data, card.value);
        const change = card.previous ? changeOf(value, valueAt(data, card.previous)) : null;
        return (
          <Col key={card.key} xs={24} sm={12} lg={6}>
            <Card size="small">
              <Statistic title={t(card.label)} value={cellText(card.format ?? 'int', value, t)} />
              {change !== null && (
                <Typography.Text type={change >= 0 ? 'success' : 'danger'} data-testid={`change-${card.key}`}>
                  {change >= 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {formatPercent(Math.abs(change))}
                  <Typography.Text type="secondary"> {t('kit.dashboard.previous')}</Typography.Text>
                </Typography.Text>
              )}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
