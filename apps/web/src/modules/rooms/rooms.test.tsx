// @vitest-environment jsdom
/**
 * modules/rooms: the eight catalogue screens of rooms are registered; the declarations
 * send what the API takes (pesos → centavos, chips as a list, a partner account's store entry
 * keeping its revenue share); every string the screens use exists in en and zh.
 */
import { describe, expect, it } from 'vitest';
import { roomsScreens } from './index';
import { storeSpec, templateSpec, tierSpec, tinySpec } from './configs';
import locales from './locales';
import type { GameStoreRow, TinyTemplateRow } from '@console/schemas';

const keys = (o: unknown, prefix = ''): string[] =>
  Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('rooms module', () => {
  it('registers the room screens', () => {
    expect(Object.keys(roomsScreens).sort()).toEqual([
      '/partnermanager/gamestoreV1',
      '/platmanager/partnergamelogs',
      '/platmanager/partnergamesum',
      '/platmanager/quicktable',
      '/platmanager/quicktemplate',
      '/platmanager/table',
      '/platmanager/template',
      '/platmanager/tinygamequicktemplate',
    ]);
  });

  it('sends centavos, whole documents and the stored share', () => {
    expect(
      templateSpec.body({
        id: ' vip ',
        game: 'tongits',
        name: ' VIP ',
        mode: '1v1',
        ante: 50,
        minBalance: 1000,
        maxBalance: 0,
        rakeCap: 2.5,
        rakeBps: 500,
        seats: 3,
        aiSeats: 1,
        turnSeconds: 20,
        open: true,
      }),
    ).toEqual({
      id: 'vip',
      game: 'tongits',
      name: 'VIP',
      mode: '1v1',
      ante: 5_000,
      minBalance: 100_000,
      maxBalance: 0,
      rakeCap: 250,
      rakeBps: 500,
      seats: 3,
      aiSeats: 1,
      turnSeconds: 20,
      open: true,
    });
    expect(templateSpec.form().mode).toBe('table');
    expect(tierSpec.body({ id: 'x', game: 'pusoy', name: 'X', minBalance: 200, maxBalance: 9999.99, template: ' p-5 ', open: false })).toMatchObject({
      minBalance: 20_000,
      maxBalance: 999_999,
      template: 'p-5',
      open: false,
    });
    expect(tinySpec.body({ game: 'rocket', minBet: 1, maxBet: 100, countdownSeconds: 8, chips: '1, 5,10.5', open: true }).chips).toEqual([100, 500, 1_050]);
    expect(tinySpec.form({ game: 'rocket', minBet: 100, maxBet: 10_000, chips: [100, 500], countdownSeconds: 8, open: true } as TinyTemplateRow).chips).toBe(
      '1, 5',
    );
    const row = { key: '1:tongits', partner: 1, game: 'tongits', enabled: true, order: 10, tiers: ['tg-low'], revenueShareBps: 6_000 } as GameStoreRow;
    expect(storeSpec(true, 1).body({ enabled: false, order: 3, tiers: 'tg-low, tg-mid', revenueShareBps: 9_000 }, row)).toEqual({
      partner: 1,
      game: 'tongits',
      enabled: false,
      order: 3,
      tiers: ['tg-low', 'tg-mid'],
      revenueShareBps: 6_000,
    });
    expect(storeSpec(false, 0).body({ enabled: true, order: 3, tiers: '', revenueShareBps: 5_500 }, row).revenueShareBps).toBe(5_500);
    expect(
      storeSpec(true, 1)
        .fields(true)
        .find((f) => f.name === 'revenueShareBps')!.readOnly,
    ).toBe(true);
  });

  it('has every string in en and zh', () => {
    expect(keys(locales.zh).sort()).toEqual(keys(locales.en).sort());
    const en = locales.en.rooms as unknown as Record<string, Record<string, string>>;
    for (const spec of [templateSpec, tierSpec, tinySpec, storeSpec(false, 0)]) {
      for (const f of spec.fields(false)) expect(en.f[f.label.replace('rooms.f.', '')], f.label).toBeTruthy();
      for (const c of spec.columns) expect(en.f[c.title.replace('rooms.f.', '')], c.title).toBeTruthy();
    }
  });
});
