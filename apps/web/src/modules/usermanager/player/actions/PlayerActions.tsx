import type { PlayerDetail } from '@console/schemas';
import { Button, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../../shell/Permission';
import { newRequestId, PLAYER_ROLES } from '../api';
import { ActionModal, type Values } from './ActionModal';
import { AmountField, DirectionField, ReasonField, UntilField } from './fields';
import { useConfirmedAction } from './useConfirmedAction';

const L = 'usermanager.player.';
type Open = null | 'add' | 'reduce' | 'safe' | 'suspend' | 'ban';

/**
 * The staff actions of the detail, each button shown only to the roles the server lets call
 * it (the catalogue screens of api.ts PLAYER_ROLES): chips for /usermanager/playerchips,
 * suspension and bans for /usermanager/banediter.
 */
export function PlayerActions({ detail, onDone }: { detail: PlayerDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const mayChips = usePermission(PLAYER_ROLES.chips);
  const mayBan = usePermission(PLAYER_ROLES.bans);
  const [open, setOpen] = useState<Open>(null);
  // a new id each time a form opens: a double submit of one form is applied once
  const [requestId, setRequestId] = useState(newRequestId);
  const confirm = useConfirmedAction(onDone);
  if (!mayChips && !mayBan) return null;

  const { uid, status } = detail.profile;
  const accountBan = detail.bans.find((b) => b.kind === 'account');
  const show = (which: Open) => {
    setRequestId(newRequestId());
    setOpen(which);
  };
  const modal = (which: Exclude<Open, null>, path: string, body: (v: Values) => unknown, fields: ReactNode, initialValues?: Values, danger?: boolean) => (
    <ActionModal
      title={t(`${L}actions.${which}`)}
      path={path}
      open={open === which}
      onClose={() => setOpen(null)}
      onDone={onDone}
      body={body}
      initialValues={initialValues}
      danger={danger}
    >
      {() => fields}
    </ActionModal>
  );
  const chipBody = (v: Values) => ({ uid, amount: v.amount, reason: v.reason, requestId });

  return (
    <Space wrap data-testid="player-actions">
      {mayChips && (
        <>
          <Button onClick={() => show('add')}>{t(`${L}actions.add`)}</Button>
          <Button onClick={() => show('reduce')}>{t(`${L}actions.reduce`)}</Button>
          <Button onClick={() => show('safe')}>{t(`${L}actions.safe`)}</Button>
          {modal(
            'add',
            'chips/add',
            chipBody,
            <>
              <AmountField />
              <ReasonField />
            </>,
          )}
          {modal(
            'reduce',
            'chips/reduce',
            chipBody,
            <>
              <AmountField />
              <ReasonField />
            </>,
          )}
          {modal(
            'safe',
            'safe/move',
            (v) => ({ ...chipBody(v), direction: v.direction }),
            <>
              <DirectionField />
              <AmountField />
              <ReasonField />
            </>,
            { direction: 'toSafe' },
          )}
        </>
      )}
      {mayBan && (
        <>
          {status === 'suspended' ? (
            <Button onClick={() => confirm(t(`${L}confirm.unsuspend`, { uid }), 'unsuspend', { uid })}>{t(`${L}actions.unsuspend`)}</Button>
          ) : (
            status === 'active' && <Button onClick={() => show('suspend')}>{t(`${L}actions.suspend`)}</Button>
          )}
          {accountBan ? (
            <Button onClick={() => confirm(t(`${L}confirm.unban`, { value: uid }), 'unban', { id: accountBan.id })}>{t(`${L}actions.unban`)}</Button>
          ) : (
            <Button danger onClick={() => show('ban')}>
              {t(`${L}actions.ban`)}
            </Button>
          )}
          {modal(
            'suspend',
            'suspend',
            (v) => ({ uid, until: (v.until as { toISOString(): string }).toISOString(), ...(v.reason ? { reason: v.reason } : {}) }),
            <>
              <UntilField />
              <ReasonField required={false} />
            </>,
          )}
          {modal('ban', 'ban', (v) => ({ kind: 'account', value: String(uid), reason: v.reason }), <ReasonField />, undefined, true)}
        </>
      )}
    </Space>
  );
}
