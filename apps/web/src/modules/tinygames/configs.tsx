/**
 * A game's settings from its zod schema (@console/games, the same JSON schema the server
 * derives): bounds on the number fields, centavo amounts in pesos, tables (paytables, tiers)
 * as JSON checked on save by the server's schema; the kit's config screen (confirm before
 * overwrite) inside the kit's history (versions, compare, restore).
 */
import { Alert, Flex } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { findGame, MAX_AMOUNT } from '@console/games';
import { ConfigScreen, type FieldDeclaration, type FormValues } from '../../kit';
import { WithHistory, type HistoryDeclaration } from '../../kit/history';
import { formatMoney } from '../../lib/format';
import { formToSettings, settingsFieldsOf, settingsToForm, type SettingsField } from '../../kit/config/settingsFields';
import type { ConfigScreenDeclaration } from '../../kit/config/ConfigScreen';
import { api, L } from './common';

export type { SettingsField } from '../../kit/config/settingsFields';

/** The settings fields of a game, in schema order, from its zod schema. */
export function settingsFields(game: string): SettingsField[] {
  const g = findGame(game);
  return g ? settingsFieldsOf(g.settings, MAX_AMOUNT) : [];
}

export const settingLabel = (game: string, key: string) => `${L}setting.${game}.${key}`;

/** A table field must be JSON (the message in the language shown when it is checked). */
const jsonRule = {
  validator: async (_: unknown, v: unknown) => {
    if (typeof v !== 'string' || !v.trim()) return;
    try {
      JSON.parse(v);
    } catch {
      throw new Error(i18next.t(`${L}configs.badJson`));
    }
  },
};

/** `base`: where the settings are served (default the game's configs; Tongits and Pusoy: their own settings screens, modules/tablegames). */
export function configsDecl(game: string, base = `${api(game)}/configs`, title = `${L}title.${game}.configs`): ConfigScreenDeclaration {
  const fields = settingsFields(game);
  const declared: FieldDeclaration[] = fields.map((f) => ({
    name: f.key,
    label: settingLabel(game, f.key),
    kind: f.kind === 'money' ? 'number' : f.kind === 'json' || f.kind === 'rows' ? 'textarea' : f.kind === 'time' ? 'text' : f.kind,
    required: f.kind !== 'switch',
    min: f.min,
    max: f.max,
    help: f.kind === 'money' ? `${L}configs.pesos` : f.kind === 'json' ? `${L}configs.json` : undefined,
    options: f.options?.map((o) => ({ value: o, label: o, literal: true })),
    rules: f.kind === 'json' ? [jsonRule] : undefined,
  }));
  return {
    name: `tinygames-${game}-configs`,
    title,
    load: {
      url: base,
      toForm: (data) => settingsToForm(fields, (data.settings ?? {}) as FormValues),
    },
    save: {
      url: `${base}/update`,
      body: (values) => ({ settings: formToSettings(fields, values) }),
    },
    fields: declared,
    rows: { fields, columnLabel: (column) => settingLabel(game, column) },
  };
}

export function configsHistory(game: string, base = `${api(game)}/configs`): HistoryDeclaration {
  const money = new Set(
    settingsFields(game)
      .filter((f) => f.kind === 'money')
      .map((f) => f.key),
  );
  return {
    url: `${base}/versions`,
    fieldLabel: (field) => settingLabel(game, field),
    formatValue: (field, v) => (money.has(field) ? `₱${formatMoney(v)}` : undefined),
    keyLabel: () => `${L}configs.settings`,
  };
}

export function GameConfigs({ game, base, title }: { game: string; base?: string; title?: string }) {
  const { t } = useTranslation();
  const rules = findGame(game)?.rules;
  return (
    <WithHistory history={configsHistory(game, base)}>
      <Flex vertical gap={12}>
        {rules && <Alert type="info" showIcon title={t(`${L}configs.rules`)} description={rules} />}
        <ConfigScreen decl={configsDecl(game, base, title)} />
      </Flex>
    </WithHistory>
  );
}
