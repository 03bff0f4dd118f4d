/**
 * Ledger reasons as a back-office user reads them. An entry's `reason` is a code: the
 * platform event type (docs/api/platform.md), the wallet call's reason (the simulator's
 * games and bonuses), or the console's own (staff actions, batch sends, rollbacks). Known
 * codes get a label in English and Chinese (locales/common.ts, `usermanager.reasons.<code>`),
 * the same on every ledger screen, the player detail and the CSV export (the kit's column
 * `labels`); the code stays in a tooltip and in the reason filter's suggestions. A code not
 * listed here (a game's own wallet reason) shows as it is.
 */
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../../kit';

export const LEDGER_REASONS = [
  'game.bet',
  'game.win',
  'game.settle',
  'bonus.register',
  'activity.telephonelogin',
  'activity.relief',
  'activity.onlinesign',
  'activity.luckywheel',
  'activity.lossrebate',
  'promo.deposit',
  'shop.exchange',
  'chips.transferred',
  'safe.deposit',
  'safe.withdraw',
  'gift.sent',
  'emote.used',
  'coindealer.sold',
  'coindealer.stock',
  'staff.add',
  'staff.reduce',
  'staff.toSafe',
  'staff.toChip',
  'batch.chip',
  'batch.cash',
  'wallet.debit',
  'wallet.credit',
  'wallet.rollback',
  'recharge',
  'recharge.bonus',
  'cashout.hold',
  'cashout.fee',
  'cashout.refund',
  'charisma.cashout',
  'charisma.payout',
] as const;

/** Codes whose label lives elsewhere: 'recharge' cannot be both a label and the parent of 'recharge.bonus' under usermanager.reasons. */
const LABEL_KEYS: Record<string, string> = {
  recharge: 'usermanager.payments.reasons.recharge',
  'recharge.bonus': 'usermanager.payments.reasons.rechargeBonus',
};

/** Reason code → i18n key of its label (a kit column's `labels`). */
export const LEDGER_REASON_LABELS: Record<string, string> = Object.fromEntries(
  LEDGER_REASONS.map((code) => [code, LABEL_KEYS[code] ?? `usermanager.reasons.${code}`]),
);

/** The reason filter's suggestions: the label to find it by, the code it sends. */
export const LEDGER_REASON_SUGGESTIONS: SelectOption[] = LEDGER_REASONS.map((value) => ({ value, label: LEDGER_REASON_LABELS[value] }));

/** One reason cell: the label with its code in a tooltip, or the code itself when unknown. */
export function ReasonLabel({ code }: { code: unknown }) {
  const { t } = useTranslation();
  const text = code === null || code === undefined || code === '' ? '-' : String(code);
  const key = Object.hasOwn(LEDGER_REASON_LABELS, text) ? LEDGER_REASON_LABELS[text] : undefined;
  if (!key) return <span data-reason={text}>{text}</span>;
  return (
    <Tooltip title={text}>
      <span data-reason={text}>{t(key)}</span>
    </Tooltip>
  );
}
