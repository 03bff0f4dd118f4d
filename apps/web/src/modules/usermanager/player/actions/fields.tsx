import { DatePicker, Form, Input, InputNumber, Radio } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { expiryDateRules, reasonRules, REASON_MAX_LENGTH, type Translate } from '../../../../lib/validators';

const L = 'usermanager.player.';
const MAX_AMOUNT = 1_000_000_000_000;

function useTranslate(): Translate {
  const { t } = useTranslation();
  return (key, english) => t(`kit.validation.${key}`, english);
}

/** A whole amount 1 … 10^12. */
export function AmountField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="amount"
      label={t(`${L}amount`)}
      rules={[
        { required: true, message: t(`${L}amountRule`) },
        { type: 'integer', min: 1, max: MAX_AMOUNT, message: t(`${L}amountRule`) },
      ]}
    >
      <InputNumber min={1} max={MAX_AMOUNT} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** §5 reason: required (or optional), at most 200 characters ("Over 200 characters"). */
export function ReasonField({ required = true }: { required?: boolean }) {
  const { t } = useTranslation();
  const tr = useTranslate();
  const rules = required ? reasonRules(tr) : reasonRules(tr).slice(1);
  return (
    <Form.Item name="reason" label={t(`${L}reason`)} rules={rules}>
      <Input.TextArea rows={3} count={{ show: true, max: REASON_MAX_LENGTH }} />
    </Form.Item>
  );
}

export function DirectionField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="direction" label={t(`${L}direction`)} rules={[{ required: true }]}>
      <Radio.Group
        optionType="button"
        options={[
          { value: 'toSafe', label: t(`${L}toSafe`) },
          { value: 'toChip', label: t(`${L}toChip`) },
        ]}
      />
    </Form.Item>
  );
}

/** §5: a suspension needs its expiry ("Date must be filled in"); past days are not offered. */
export function UntilField() {
  const { t } = useTranslation();
  const tr = useTranslate();
  return (
    <Form.Item name="until" label={t(`${L}until`)} rules={expiryDateRules(tr)}>
      <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
    </Form.Item>
  );
}
