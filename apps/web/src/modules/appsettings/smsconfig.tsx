/**
 * /remoteconfig/sms/smsconfig: the routing rules (one document): which country code is domestic
 * (localconfig) and when a provider is skipped for failing; with the history.
 */
import i18next from 'i18next';
import { ConfigScreen, type ConfigDeclaration, type FieldDeclaration } from '../../kit';
import { WithHistory, type HistoryDeclaration } from '../../kit/history';
import { wholeRule } from '../remoteconfig/common';
import { A } from './shape';

const S = `${A}smsconfig.`;
const API = '/remoteconfig/sms/smsconfig';

const countryRule = {
  validator: async (_: unknown, v: unknown) => {
    if (typeof v === 'string' && v !== '' && !/^[1-9]\d{0,3}$/.test(v)) throw new Error(i18next.t(`${A}validation.country`));
  },
};

const fields: FieldDeclaration[] = [
  { name: 'domesticCountry', label: `${S}domesticCountry`, kind: 'text', required: true, rules: [countryRule], help: `${S}domesticHelp` },
  { name: 'failureLimitPercent', label: `${S}failureLimitPercent`, kind: 'number', required: true, rules: [wholeRule(1, 100)], help: `${S}limitHelp` },
  { name: 'windowMinutes', label: `${S}windowMinutes`, kind: 'number', required: true, rules: [wholeRule(5, 1440)] },
  { name: 'minResults', label: `${S}minResults`, kind: 'number', required: true, rules: [wholeRule(1, 10_000)], help: `${S}minResultsHelp` },
  { name: 'fallback', label: `${S}fallback`, kind: 'switch', help: `${S}fallbackHelp` },
];

export const smsconfigScreen: ConfigDeclaration = {
  name: 'smsconfig',
  title: `${S}title`,
  load: { url: API },
  save: { url: `${API}/save`, body: (v) => ({ ...v, domesticCountry: String(v.domesticCountry ?? '').trim(), fallback: Boolean(v.fallback) }) },
  fields,
  confirm: `${A}common.confirmOverwriteConfig`,
};

export const smsconfigHistory: HistoryDeclaration = { url: `${API}/versions`, fieldLabel: (field) => `${S}${field}` };

export default function SmsconfigScreen() {
  return (
    <WithHistory history={smsconfigHistory}>
      <ConfigScreen decl={smsconfigScreen} />
    </WithHistory>
  );
}
