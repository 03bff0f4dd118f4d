/**
 * What the screens that send to many players share (the broadcast here, the retrieval campaign in
 * /loseuser): the segment the form's fields describe, and the preview of whom a send reaches.
 * Each screen keeps its own words (`prefix`: its locale keys reaches, exposure, sample, and
 * unknownUids where uids can be listed).
 */
import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';

/** The segment's filters from the form: VIP range, partner, inactive days, paying ('yes'/'no'); empty fields are left out. */
export function segmentOf(values: Record<string, unknown>): Record<string, unknown> {
  const segment: Record<string, unknown> = {};
  for (const key of ['inactiveDays', 'vipMin', 'vipMax', 'partner'] as const) if (typeof values[key] === 'number') segment[key] = values[key];
  if (values.paying === 'yes' || values.paying === 'no') segment.paying = values.paying === 'yes';
  return segment;
}

export interface Reach {
  players: number;
  /** The most the attachment or reward can cost if every player claims it (centavos). */
  exposure: number;
  sample: readonly { uid: number; name: string }[];
  /** Listed uids that are no player (a broadcast to a list). */
  unknownUids?: readonly number[];
}

/** The preview's answer as an alert: how many players, the cost at most, listed uids that are no player, a few names. */
export function ReachPreview({ reach, prefix, testId }: { reach: Reach; prefix: string; testId: string }) {
  const { t } = useTranslation();
  const unknown = reach.unknownUids ?? [];
  return (
    <Alert
      style={{ marginBottom: 12 }}
      type={reach.players ? 'info' : 'warning'}
      data-testid={testId}
      message={t(`${prefix}reaches`, { count: reach.players })}
      description={
        <Space direction="vertical" size={2}>
          {reach.exposure > 0 && <span>{t(`${prefix}exposure`, { amount: formatMoney(reach.exposure) })}</span>}
          {unknown.length > 0 && <span>{t(`${prefix}unknownUids`, { uids: unknown.slice(0, 20).join(', ') })}</span>}
          {reach.sample.length > 0 && (
            <span>
              {t(`${prefix}sample`)}: {reach.sample.map((s) => `${s.uid} ${s.name}`).join(', ')}
            </span>
          )}
        </Space>
      }
    />
  );
}
