/**
 * /remoteconfig/withdrawalconfigs: the cash-out rules no one channel owns (docs/decisions/
 * 004-configuration-history.md): the four-eyes amount, a player's daily count, review hours.
 * One document. The four-eyes amount is entered in pesos (the API keeps centavos).
 */
import { ConfigScreen, type ConfigDeclaration, type FieldDeclaration } from '../../kit';
import { WithHistory, type HistoryDeclaration } from '../../kit/history';
import { formatMoney } from '../../lib/format';
import { L, pesosRule, toCentavos, toPesos, wholeRule } from './common';

const S = `${L}withdrawalconfigs.`;
const API = '/remoteconfig/withdrawalconfigs';

const fields: FieldDeclaration[] = [
  { name: 'fourEyesAmount', label: `${S}fourEyesAmount`, kind: 'number', required: true, rules: [pesosRule], help: `${S}fourEyesHelp` },
  { name: 'dailyCount', label: `${S}dailyCount`, kind: 'number', required: true, rules: [wholeRule(0, 1000)], help: `${S}dailyCountHelp` },
  { name: 'reviewFromHour', label: `${S}reviewFromHour`, kind: 'number', required: true, rules: [wholeRule(0, 23)] },
  { name: 'reviewToHour', label: `${S}reviewToHour`, kind: 'number', required: true, rules: [wholeRule(1, 24)], help: `${S}reviewHoursHelp` },
];

export const withdrawalconfigsScreen: ConfigDeclaration = {
  name: 'withdrawalconfigs',
  title: `${S}title`,
  load: { url: API, toForm: (data) => ({ ...data, fourEyesAmount: toPesos(data.fourEyesAmount) }) },
  save: { url: `${API}/save`, body: (values) => ({ ...values, fourEyesAmount: toCentavos(values.fourEyesAmount) }) },
  fields,
};

export const withdrawalconfigsHistory: HistoryDeclaration = {
  url: `${API}/versions`,
  fieldLabel: (field) => `${S}${field}`,
  formatValue: (field, value) => (field === 'fourEyesAmount' ? formatMoney(value) : undefined),
};

export default function WithdrawalconfigsScreen() {
  return (
    <WithHistory history={withdrawalconfigsHistory}>
      <ConfigScreen decl={withdrawalconfigsScreen} />
    </WithHistory>
  );
}
