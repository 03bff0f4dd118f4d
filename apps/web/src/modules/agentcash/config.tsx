/**
 * /agentcash/agent_config: the agent cash-out settings of one partner (a partner account: its
 * own; central staff: the platform default every partner without its own uses). Amounts in
 * pesos on screen, centavos on the wire; confirm before overwriting; history with compare and restore.
 */
import { ConfigScreen, type ConfigDeclaration, type FieldDeclaration } from '../../kit';
import { WithHistory, type HistoryDeclaration } from '../../kit/history';
import { formatMoney } from '../../lib/format';
import { toPesos } from '../../kit/config/settingsFields';

const L = 'agentcash.config.';
const MONEY = ['minAmount', 'maxAmount', 'dailyMaxAmount', 'autoApproveAmount', 'fourEyesAmount'] as const;
const toUnits = (v: unknown) => Math.round(Number(v ?? 0) * 100);

const pesos = (min: number) => ({
  validator: async (_: unknown, v: unknown) => {
    if (v === undefined || v === null || v === '') return;
    const n = Number(v);
    if (!(n >= min) || Math.abs(Math.round(n * 100) - n * 100) > 1e-6 || n > 10_000_000_000) throw new Error('0.01 – 10,000,000,000');
  },
});

const fields: FieldDeclaration[] = [
  { name: 'partner', label: `${L}partner`, kind: 'number', readOnly: true, help: `${L}partnerHelp` },
  { name: 'minAmount', label: `${L}minAmount`, kind: 'number', required: true, rules: [pesos(0.01)] },
  { name: 'maxAmount', label: `${L}maxAmount`, kind: 'number', required: true, rules: [pesos(0.01)] },
  { name: 'dailyMaxAmount', label: `${L}dailyMaxAmount`, kind: 'number', required: true, rules: [pesos(0.01)] },
  { name: 'dailyCount', label: `${L}dailyCount`, kind: 'number', required: true, min: 1, max: 100 },
  { name: 'feePercent', label: `${L}feePercent`, kind: 'number', required: true, min: 0, max: 100, help: `${L}feePercentHelp` },
  { name: 'autoApproveAmount', label: `${L}autoApproveAmount`, kind: 'number', required: true, rules: [pesos(0)], help: `${L}autoApproveHelp` },
  { name: 'fourEyesAmount', label: `${L}fourEyesAmount`, kind: 'number', required: true, rules: [pesos(0.01)], help: `${L}fourEyesHelp` },
];

export const configDecl: ConfigDeclaration = {
  name: 'agentcash-config',
  title: `${L}title`,
  load: {
    url: '/agentcash/config',
    toForm: (d) => {
      const c = d.config as Record<string, unknown>;
      return { partner: d.partner, ...c, ...Object.fromEntries(MONEY.map((k) => [k, toPesos(c[k])])) };
    },
  },
  save: {
    url: '/agentcash/config/save',
    body: (v) => ({
      partner: Number(v.partner ?? 0),
      config: { ...Object.fromEntries(MONEY.map((k) => [k, toUnits(v[k])])), dailyCount: Number(v.dailyCount), feePercent: Number(v.feePercent) },
    }),
  },
  fields,
};

export const configHistory: HistoryDeclaration = {
  url: '/agentcash/config/versions',
  fieldLabel: (field) => `${L}${field}`,
  formatValue: (field, value) => ((MONEY as readonly string[]).includes(field) ? formatMoney(value) : undefined),
};

export default function AgentCashConfig() {
  return (
    <WithHistory history={configHistory}>
      <ConfigScreen decl={configDecl} />
    </WithHistory>
  );
}
