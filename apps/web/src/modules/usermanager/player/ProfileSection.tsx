import type { PlayerDetail } from '@console/schemas';
import { Descriptions, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UidLink } from '../../../kit/UidLink';
import { formatDateTime, formatInt, formatMoney } from '../../../lib/format';
import { UID } from '../uid';
import { LongText } from './columns';

const L = 'usermanager.player.';
const STATUS_COLORS = { active: 'green', suspended: 'orange', banned: 'red' } as const;
const CURRENCIES = ['chip', 'bean', 'safe', 'bonus', 'diamond', 'charisma', 'withdrawable'] as const;

/** §3 fields of the player; what the player wrote (name, device ids…) is shown as text. */
export function ProfileSection({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  const p = detail.profile;
  const item = (key: string, children: ReactNode) => ({ key, label: t(key === 'uid' ? UID : `${L}${key}`), children });
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        data-testid="player-profile"
        items={[
          item('uid', p.uid),
          item('name', <LongText value={p.name} />),
          item(
            'status',
            <>
              <Tag color={STATUS_COLORS[p.status]}>{t(`${L}statuses.${p.status}`)}</Tag>
              {p.suspendedUntil && t(`${L}suspendedUntil`, { until: formatDateTime(p.suspendedUntil) })}
              {p.statusReason && <LongText value={p.statusReason} />}
            </>,
          ),
          item('phone', p.phone ? `+${p.phone.country} ${p.phone.number}` : '-'),
          item('vip', p.vip),
          item('partner', p.partner),
          item('registeredAt', formatDateTime(p.registeredAt)),
          item('lastLoginAt', formatDateTime(p.lastLoginAt)),
          item('registerIp', p.registerIp),
          item('loginIp', p.loginIp ?? '-'),
          item('registerDevice', <LongText value={p.registerDevice} />),
          item('loginDevice', <LongText value={p.loginDevice} />),
          item('shareId', <LongText value={p.shareId} />),
          item('inviterUid', p.inviterUid ? <UidLink uid={p.inviterUid} /> : '-'),
          item('gcash', <LongText value={p.gcash || null} />),
          item('bank', <LongText value={p.bank || null} />),
          item('netWin', formatInt(p.netWin)),
          item('inviteeCount', formatInt(detail.inviteeCount)),
        ]}
      />
      <Descriptions
        size="small"
        bordered
        column={{ xs: 2, sm: 4 }}
        style={{ marginTop: 12 }}
        title={t(`${L}balancesTitle`)}
        data-testid="player-balances"
        items={CURRENCIES.map((c) => ({
          key: c,
          label: t(`${L}balances.${c}`),
          children: c === 'withdrawable' ? formatMoney(detail.balances[c]) : formatInt(detail.balances[c]),
        }))}
      />
    </>
  );
}
