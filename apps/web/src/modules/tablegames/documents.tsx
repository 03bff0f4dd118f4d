/**
 * One shape for a settings document with its history (the kit's config screen, confirm before
 * overwrite, inside the kit's history): the AI seats, the anti-cheat thresholds and a game's
 * jackpot rules are declared with it. Money fields are edited in pesos.
 */
import { useQuery } from '@tanstack/react-query';
import { cheatThresholds, type PageOf, type TableRoomRow } from '@console/schemas';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfigScreen, fieldsFromSchema, type ConfigDeclaration, type FieldDeclaration, type FormValues } from '../../kit';
import { WithHistory, type HistoryDeclaration } from '../../kit/history';
import { formatMoney } from '../../lib/format';
import { request } from '../../shell/request';
import { configBase, L, options, STYLE_LABELS, TONGITS, CHEAT } from './common';
import { toCentavos, toPesos } from '../../kit/config/settingsFields';

export interface DocumentSpec {
  name: string;
  title: string;
  /** Without the API base: GET it, POST <url>/update, versions at <url>/versions. */
  url: string;
  fields: FieldDeclaration[];
  /** Fields kept in centavos by the API, edited in pesos. */
  money?: string[];
  /** i18n key of an explanation above the form. */
  note?: string;
}

export function documentDecl(spec: DocumentSpec): ConfigDeclaration {
  const money = new Set(spec.money ?? []);
  const convert = (values: FormValues, f: (v: unknown) => unknown) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, money.has(k) ? f(v) : v]));
  return {
    name: spec.name,
    title: spec.title,
    fields: spec.fields,
    load: { url: spec.url, toForm: (data) => convert(data, toPesos) },
    save: {
      url: `${spec.url}/update`,
      body: (values) =>
        convert(Object.fromEntries(spec.fields.map((f) => [f.name, values[f.name] ?? (f.kind === 'switch' ? false : values[f.name])])), toCentavos),
    },
  };
}

export function documentHistory(spec: DocumentSpec): HistoryDeclaration {
  const money = new Set(spec.money ?? []);
  return {
    url: `${spec.url}/versions`,
    fieldLabel: (field) => spec.fields.find((f) => f.name === field)?.label ?? field,
    formatValue: (field, v) => (money.has(field) ? `₱${formatMoney(v)}` : undefined),
    keyLabel: () => spec.title,
  };
}

export function DocumentConfig({ spec }: { spec: DocumentSpec }) {
  const { t } = useTranslation();
  return (
    <WithHistory history={documentHistory(spec)}>
      <Flex vertical gap={12}>
        {spec.note && <Alert type="info" showIcon title={t(spec.note)} />}
        <ConfigScreen decl={documentDecl(spec)} />
      </Flex>
    </WithHistory>
  );
}

const field = (prefix: string, name: string, kind: FieldDeclaration['kind'], extra: Partial<FieldDeclaration> = {}): FieldDeclaration => ({
  name,
  label: `${L}${prefix}.${name}`,
  kind,
  required: kind !== 'switch',
  ...extra,
});

export const jackpotSpec = (game: string): DocumentSpec => ({
  name: `tablegames-${game}-jackpot`,
  title: `${L}jackpot.title`,
  url: `${configBase(game)}/jackpot`,
  note: `${L}jackpot.note`,
  money: ['maxPayout', 'minPool'],
  fields: [
    field('jackpot', 'enabled', 'switch'),
    field('jackpot', 'payoutBps', 'number', { min: 1, max: 10_000, help: `${L}bpsHelp` }),
    field('jackpot', 'maxPayout', 'number', { min: 0, help: `${L}jackpot.maxPayoutHelp` }),
    field('jackpot', 'minPool', 'number', { min: 0, help: `${L}pesos` }),
  ],
});

export const cheatSpec: DocumentSpec = {
  name: 'tablegames-cheatconfig',
  title: `${L}title.cheatconfig`,
  url: `${CHEAT}/cheatconfig`,
  note: `${L}cheat.note`,
  fields: fieldsFromSchema(cheatThresholds, `${L}cheat`).map((f) => ({
    ...f,
    min: f.name.endsWith('Bps') ? 0 : 1,
    max: f.name.endsWith('Bps') ? 10_000 : undefined,
    help: f.name.endsWith('Bps') ? `${L}bpsHelp` : undefined,
  })),
};

export const aiSpec = (rooms: { room: string; name: string }[]): DocumentSpec => ({
  name: 'tablegames-aiconfig',
  title: `${L}title.aiconfig`,
  url: `${TONGITS}/aiconfig`,
  note: `${L}ai.note`,
  fields: [
    field('ai', 'enabled', 'switch'),
    field('ai', 'rooms', 'multiSelect', {
      required: false,
      options: rooms.map((r) => ({ value: r.room, label: `${r.name} (${r.room})`, literal: true })),
      help: `${L}ai.roomsHelp`,
    }),
    field('ai', 'maxSeats', 'number', { min: 1, max: 2 }),
    field('ai', 'waitSeconds', 'number', { min: 0, max: 300 }),
    field('ai', 'style', 'select', { options: options(STYLE_LABELS) }),
    field('ai', 'skill', 'number', { min: 1, max: 10, help: `${L}ai.skillHelp` }),
    field('ai', 'fightBps', 'number', { min: 0, max: 10_000, help: `${L}bpsHelp` }),
    field('ai', 'thinkMinSeconds', 'number', { min: 1, max: 60 }),
    field('ai', 'thinkMaxSeconds', 'number', { min: 1, max: 60 }),
  ],
});

/** The AI seats' settings: the rooms to choose from are the Tongits rooms. */
export function AiConfig() {
  const rooms = useQuery({
    queryKey: ['tablegames-rooms', 'tongits'],
    queryFn: async () =>
      (await request<PageOf<TableRoomRow>>('GET', `${configBase('tongits')}/rooms`, { params: { pageSize: 500 }, silent: true })).data?.items ?? [],
    retry: false,
  });
  return <DocumentConfig key={rooms.data ? 'rooms' : 'none'} spec={aiSpec(rooms.data ?? [])} />;
}

export const CheatConfig = () => <DocumentConfig spec={cheatSpec} />;
