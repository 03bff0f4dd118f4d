/** configs of a scope: the platform-wide limits, one versioned document (confirm before saving, history with compare and restore). */
import { ConfigScreen, type ConfigDeclaration, type FieldDeclaration } from '../../kit';
import { WithHistory, type HistoryDeclaration } from '../../kit/history';
import { formatMoney } from '../../lib/format';
import { BASE, L, pesosRule, toUnits, wholeRule, type Scope } from './common';
import { toPesos } from '../../kit/config/settingsFields';

const S = `${L}configs.`;

const fields: FieldDeclaration[] = [
  { name: 'maxBet', label: `${S}maxBet`, kind: 'number', required: true, rules: [pesosRule], help: `${S}maxBetHelp` },
  { name: 'dayLossCap', label: `${S}dayLossCap`, kind: 'number', required: true, rules: [pesosRule], help: `${S}dayLossCapHelp` },
  {
    name: 'refusalLogSeconds',
    label: `${S}refusalLogSeconds`,
    kind: 'number',
    required: true,
    rules: [wholeRule(1, 86_400)],
    help: `${S}refusalLogSecondsHelp`,
  },
];

export function configsDecl(scope: Scope): ConfigDeclaration {
  const api = `${BASE[scope]}/configs`;
  return {
    name: `${scope}-controls-configs`,
    title: `${L}title.${scope}.configs`,
    load: { url: api, toForm: (d) => ({ ...d, maxBet: toPesos(d.maxBet), dayLossCap: toPesos(d.dayLossCap) }) },
    save: { url: `${api}/save`, body: (v) => ({ maxBet: toUnits(v.maxBet), dayLossCap: toUnits(v.dayLossCap), refusalLogSeconds: v.refusalLogSeconds }) },
    fields,
  };
}

export function configsHistory(scope: Scope): HistoryDeclaration {
  return {
    url: `${BASE[scope]}/configs/versions`,
    fieldLabel: (field) => `${S}${field}`,
    formatValue: (field, value) => (field === 'maxBet' || field === 'dayLossCap' ? formatMoney(value) : undefined),
  };
}

export function ControlConfigs({ scope }: { scope: Scope }) {
  return (
    <WithHistory history={configsHistory(scope)}>
      <ConfigScreen decl={configsDecl(scope)} />
    </WithHistory>
  );
}
