/**
 * Every string key the /gamehomepage declarations name exists in English and in Chinese; the
 * forms post what the API takes; the lobby editor's draft follows the server's ordering rules.
 */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import '../../kit/test/setup';
import { lobbyCategoryBody, lobbyGameBody, lobbyLayoutBody, type LobbyCategory, type LobbyGame } from '@console/schemas';
import type { ActionDeclaration, FieldDeclaration, FilterDeclaration, ListDeclaration } from '../../kit';
import en from './locales';
import { categoryBody, categoryHistory, categoryScreen } from './category';
import { configsHistory, configsScreen, gameBody } from './configs';
import { draftBody, draftLobby, move, startDraft } from './draft';
import { packagenameHistory, packagenameScreen } from './packagename';

const o = { categories: [{ value: 'cards', label: 'cards', literal: true }], packages: [], houseGames: [] };
const lists = [configsScreen(o), categoryScreen, packagenameScreen] as unknown as ListDeclaration<never>[];
const fixed = (key: unknown) => (typeof key === 'string' ? [key] : []);
const fieldKeys = (f: FieldDeclaration) => [
  f.label,
  ...fixed(f.help),
  ...(Array.isArray(f.options) ? f.options.filter((x) => !x.literal).map((x) => x.label) : []),
];
const filterKeys = (f: FilterDeclaration) => [f.label, ...(f.kind === 'select' ? f.options.filter((x) => !x.literal).map((x) => x.label) : [])];
const actionKeys = (a: ActionDeclaration<never>) => [
  ...(typeof a.label === 'function' ? [a.label({ visible: true } as never), a.label({ visible: false } as never)] : [a.label]),
  ...(typeof a.confirm === 'function' ? [a.confirm({ visible: true } as never), a.confirm({ visible: false } as never)] : fixed(a.confirm)),
  ...fixed(a.form?.title),
  ...(a.form?.fields ?? []).flatMap(fieldKeys),
];
const keysOf = (d: ListDeclaration<never>) => [
  d.title,
  ...(d.filters ?? []).flatMap(filterKeys),
  ...d.columns.flatMap((c) => [c.title, ...Object.values(c.labels ?? {})]),
  ...[...(d.toolbar ?? []), ...(d.actions ?? [])].flatMap(actionKeys),
];

/** Every leaf of a strings object, as dotted keys. */
const leaves = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`)));

const category = (code: string, sortOrder: number, visible = true): LobbyCategory => ({
  id: sortOrder,
  code,
  nameEn: code,
  nameZh: code,
  icon: '',
  sortOrder,
  visible,
  games: 0,
  updatedAt: '',
});
const game = (tag: string, cat: string, rank: number, visible = true): LobbyGame => ({
  id: rank,
  tag,
  provider: 'house',
  category: cat,
  nameEn: tag,
  nameZh: tag,
  icon: tag,
  initValue: 0,
  rank,
  platform: 'all',
  payLimit: 0,
  visible,
  packages: [],
  updatedAt: '',
});
const CATS = [category('slots', 20), category('cards', 10), category('old', 30, false)];
const GAMES = [
  game('pusoy', 'cards', 2),
  game('tongits', 'cards', 1),
  game('luckyjoker', 'slots', 1),
  game('tasty', 'slots', 2, false),
  game('relic', 'old', 1),
];

describe('/gamehomepage declarations', () => {
  it('name only keys that exist in English and in Chinese, and both languages have the same keys', () => {
    const keys = [
      ...new Set([
        ...lists.flatMap(keysOf),
        ...['tag', 'provider', 'category', 'nameEn', 'payLimit', 'initValue', 'platform', 'visible', 'packages', 'rank'].map((f) =>
          configsHistory(true).fieldLabel!(f),
        ),
        ...['code', 'nameEn', 'nameZh', 'sortOrder', 'visible'].map((f) => categoryHistory(true).fieldLabel!(f)),
        ...['package', 'custom', 'categories', 'games'].map((f) => packagenameHistory(true).fieldLabel!(f)),
      ]),
    ];
    expect(keys.length).toBeGreaterThan(50);
    for (const lng of ['en', 'zh']) {
      const missing = keys.filter((k) => typeof i18next.getResource(lng, 'translation', k) !== 'string');
      expect(missing, lng).toEqual([]);
    }
    expect(leaves(en.zh)).toEqual(leaves(en.en));
  });

  it('forms post what the API takes: pesos become centavos, the tag and provider come from the row when editing', () => {
    const create = configsScreen(o).toolbar![0];
    const values = {
      ...create.form!.initialValues!(undefined),
      tag: 'jili.superace',
      provider: 'jili',
      category: 'slots',
      nameEn: 'Super Ace',
      nameZh: '超级王牌',
      payLimit: 100.5,
      initValue: 2000,
    };
    expect(lobbyGameBody.parse(create.call.body!(undefined, values))).toEqual({
      tag: 'jili.superace',
      provider: 'jili',
      category: 'slots',
      nameEn: 'Super Ace',
      nameZh: '超级王牌',
      icon: '',
      initValue: 200_000,
      rank: 0,
      platform: 'all',
      payLimit: 10_050,
      visible: true,
      packages: [],
    });
    const edit = configsScreen(o).actions!.find((a) => a.key === 'edit')!;
    const row = { ...game('tongits', 'cards', 1), payLimit: 50_000 } as never;
    const form = edit.form!.initialValues!(row);
    expect(form).toMatchObject({ payLimit: 500 });
    expect(lobbyGameBody.parse(gameBody({ ...form, tag: 'x' })).tag).toBe('x');
    expect(edit.call.body!(row, { ...form, tag: 'changed' })).toMatchObject({ tag: 'tongits', payLimit: 50_000 });

    const toggle = categoryScreen.actions!.find((a) => a.key === 'toggle')!;
    expect(lobbyCategoryBody.parse(toggle.call.body!(category('cards', 10) as never, {}))).toEqual({
      code: 'cards',
      nameEn: 'cards',
      nameZh: 'cards',
      icon: '',
      sortOrder: 10,
      visible: false,
    });
    expect(lobbyCategoryBody.parse(categoryBody({ code: 'x', nameEn: 'X', nameZh: '叉', sortOrder: 1 }))).toMatchObject({ visible: false, icon: '' });
  });

  it("the editor's draft: default order by category order and rank; own order as listed; hidden items never shown", () => {
    const byDefault = startDraft({ package: 'com.demo', custom: false, categories: [], games: ['luckyjoker', 'tongits', 'pusoy', 'tasty'] }, CATS, GAMES);
    expect(byDefault.categoryOrder).toEqual(['cards', 'slots', 'old']);
    expect(byDefault.gameOrder).toEqual(['luckyjoker', 'tongits', 'pusoy', 'tasty', 'relic']);
    expect(draftLobby(byDefault, CATS, GAMES).categories.map((c) => [c.code, c.games.map((g) => g.tag)])).toEqual([
      ['cards', ['tongits', 'pusoy']],
      ['slots', ['luckyjoker']],
    ]);
    expect(lobbyLayoutBody.parse(draftBody(byDefault))).toEqual({
      package: 'com.demo',
      custom: false,
      categories: [],
      games: ['luckyjoker', 'tongits', 'pusoy', 'tasty'],
    });

    const own = {
      ...byDefault,
      custom: true,
      categoryOrder: move(byDefault.categoryOrder, 'slots', -1),
      gameOrder: move(byDefault.gameOrder, 'pusoy', -1, (t) => ['tongits', 'pusoy'].includes(t)),
    };
    expect(own.categoryOrder).toEqual(['slots', 'cards', 'old']);
    expect(own.gameOrder).toEqual(['luckyjoker', 'pusoy', 'tongits', 'tasty', 'relic']);
    expect(draftLobby(own, CATS, GAMES).categories.map((c) => [c.code, c.games.map((g) => g.tag)])).toEqual([
      ['slots', ['luckyjoker']],
      ['cards', ['pusoy', 'tongits']],
    ]);
    expect(draftBody(own)).toEqual({ package: 'com.demo', custom: true, categories: ['slots', 'cards'], games: ['luckyjoker', 'pusoy', 'tongits', 'tasty'] });
    expect(move(own.gameOrder, 'luckyjoker', -1)).toEqual(own.gameOrder);
  });
});
