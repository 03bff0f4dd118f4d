import { describe, expect, it } from 'vitest';
import { providersScreens } from './index';
import locales from './locales';
import { dataReportList, logsList, userReportList } from './lists';

describe('providers screens', () => {
  it('registers the four screens of both groups, each with an English and a Chinese title', () => {
    expect(Object.keys(providersScreens).sort()).toEqual([
      '/tinygames/jiligames/dashboard',
      '/tinygames/jiligames/datareport',
      '/tinygames/jiligames/logs',
      '/tinygames/jiligames/userreport',
      '/tinygames/thirdgames/dashboard',
      '/tinygames/thirdgames/datareport',
      '/tinygames/thirdgames/logs',
      '/tinygames/thirdgames/userreport',
    ]);
    for (const group of ['jiligames', 'thirdgames'] as const) {
      for (const screen of ['datareport', 'dashboard', 'userreport', 'logs']) {
        expect(locales.en.providers.title[group]?.[screen]).toMatch(/games · /);
        expect(locales.zh.providers.title[group]?.[screen]).toMatch(/游戏 · /);
      }
    }
  });

  it('one shape: thirdgames adds the provider filter and column, jiligames has neither', () => {
    const providers = [{ value: 'PG', label: 'PG · PG Soft', literal: true }];
    for (const make of [dataReportList, userReportList, logsList]) {
      const jili = make('jiligames', providers);
      const third = make('thirdgames', providers);
      expect(jili.filters!.some((f) => f.name === 'provider')).toBe(false);
      expect(third.filters!.find((f) => f.name === 'provider')).toMatchObject({ kind: 'select', options: providers });
      expect(third.api.url).toBe(jili.api.url.replace('jiligames', 'thirdgames'));
    }
    expect(logsList('jiligames', []).api.mode).toBe('cursor');
  });
});
