/**
 * A game's settings from its zod schema (@console/games, the same JSON schema the server
 * derives): bounds on the number fields, centavo amounts in pesos, tables (paytables, tiers)
 * as JSON checked on save by the server's schema; the kit's config screen (confirm before
 * overwrite) inside the kit's history (versions, compare, restore).
 */
import { Alert, Flex } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { findGame, MAX_AMOUNT } from '@console/games';
import { ConfigScreen, type ConfigDeclaration, type FieldDeclaration, type FormValues } from '../../kit';
import { WithHistory, type HistoryDeclaration } from '../../kit/history';
import { formatMoney } from '../../lib/format';
import { api, L, toCentavos, toPesos } from './common';

interface JsonField { type?: string; minimum?: number; maximum?: number; enum?: unknown[] }
export interface SettingsField { key: string; kind: 'switch' | 'number' | 'money' | 'select' | 'json'; min?: number; max?: number; options?: string[] }

/** The settings fields of a game, in schema order, from its zod schema. */
export function settingsFields(game: string): SettingsField[] {
  const g = findGame(game);
  if (!g) return [];
  const schema = z.toJSONSchema(g.settings, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonField> };
  return Object.entries(schema.properties ?? {}).map(([key, s]) => {
    if (s.type === 'boolean') return { key, kind: 'switch' };
    if (s.type === 'string' && Array.isArray(s.enum)) return { key, kind: 'select', options: s.enum.map(String) };
    if (s.type === 'integer' || s.type === 'number') {
      return s.maximum === MAX_AMOUNT
        ? { key, kind: 'money', min: s.minimum === undefined ? undefined : s.minimum / 100, max: s.maximum / 100 }
        : { key, kind: 'number', min: s.minimum, max: s.maximum };
    }
    return { key, kind: 'json' };
  });
}

export const settingLabel = (game: string, key: string) => `${L}setting.${game}.${key}`;

/** A table field must be JSON (the message in the language shown when it is checked). */
const jsonRule = {
  validator: async (_: unknown, v: unknown) => {
    if (typeof v !== 'string' || !v.trim()) return;
    try { JSON.parse(v); } catch { throw new Error(i18next.t(`${L}configs.badJson`)); }
  },
};

/** `base`: where the settings are served (default the game's configs; Tongits and Pusoy: their own settings screens, modules/tablegames). */
export function configsDecl(game: string, base = `${api(game)}/configs`, title = `${L}title.${game}.configs`): ConfigDeclaration {
  const fields = settingsFields(game);
  const declared: FieldDeclaration[] = fields.map((f) => ({
    name: f.key,
    label: settingLabel(game, f.key),
    kind: f.kind === 'money' ? 'number' : f.kind === 'json' ? 'textarea' : f.kind,
    required: f.kind !== 'switch',
    min: f.min, max: f.max,
    help: f.kind === 'money' ? `${L}configs.pesos` : f.kind === 'json' ? `${L}configs.json` : undefined,
    options: f.options?.map((o) => ({ value: o, label: o, literal: true })),
    rules: f.kind === 'json' ? [jsonRule] : undefined,
  }));
  return {
    name: `tinygames-${game}-configs`,
    title,
    load: {
      url: base,
      toForm: (data) => {
        const settings = (data.settings ?? {}) as FormValues;
        return Object.fromEntries(fields.map((f) => [f.key,
          f.kind === 'money' ? toPesos(settings[f.key]) : f.kind === 'json' ? JSON.stringify(settings[f.key]) : settings[f.key]]));
      },
    },
    save: {
      url: `${base}/update`,
      body: (values) => ({
        settings: Object.fromEntries(fields.map((f) => {
          const v = values[f.key];
          if (f.kind === 'money') return [f.key, toCentavos(v)];
          if (f.kind === 'json') { try { return [f.key, JSON.parse(String(v))]; } catch { return [f.key, v]; } }
          if (f.kind === 'switch') return [f.key, Boolean(v)];
          return [f.key, v];
        })),
      }),
    },
    fields: declared,
  };
}

export function configsHistory(game: string, base = `${api(game)}/configs`): HistoryDeclaration {
  const money = new Set(settingsFields(game).filter((f) => f.kind === 'money').map((f) => f.key));
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
