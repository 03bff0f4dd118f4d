// @vitest-environment jsdom
/**
 * The controls screens' declarations: one entry per catalogue path of /personalcontrol and
 * /TPpersonalcontrol, every i18n key they use exists in English and Chinese, and the forms turn
 * pesos, cool-off lengths and typed block lists into the API's body.
 */
import { listScreens } from '@console/catalog';
import { describe, expect, it } from 'vitest';
import { controlsScreens } from './index';
import { configsDecl } from './configs';
import { logsList, payRankList, rankingList, userconfigsList, wgconfigsList } from './lists';
import locales from './locales';
import { screenFor } from './screens';

const lookup = (tree: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
const keysOf = (value: unknown, out: Set<string> = new Set()): Set<string> => {
  if (typeof value === 'string' && value.startsWith('controls.')) out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => keysOf(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => keysOf(v, out));
  return out;
};

describe('controls screens', () => {
  it('registers every catalogue screen of both modules, each with a component', () => {
    const paths = listScreens()
      .map((s) => s.fullPath)
      .filter((p) => p.startsWith('/personalcontrol/') || p.startsWith('/TPpersonalcontrol/'));
    expect(Object.keys(controlsScreens).sort()).toEqual(paths.sort());
    for (const path of paths) expect(screenFor(path)).toBeTypeOf('function');
  });

  it('every string key of the declarations exists in English and Chinese', () => {
    const decls = [
      configsDecl('house'),
      configsDecl('tp'),
      userconfigsList('house'),
      userconfigsList('tp'),
      logsList('house'),
      logsList('tp'),
      rankingList('house'),
      rankingList('tp'),
      payRankList,
      wgconfigsList,
    ];
    const keys = keysOf(
      decls.map((d) => ({
        ...d,
        toolbar: (d as { toolbar?: unknown[] }).toolbar?.map((a) => ({
          ...(a as object),
          form: { ...(a as { form?: object }).form, initialValues: undefined },
        })),
      })),
    );
    expect(keys.size).toBeGreaterThan(40);
    for (const key of keys) {
      expect(lookup(locales.en, key), `en ${key}`).toBeTypeOf('string');
      expect(lookup(locales.zh, key), `zh ${key}`).toBeTypeOf('string');
    }
  });

  it('the set form sends the smallest unit, a cool-off end and the block list', () => {
    const now = Date.now();
    const house = userconfigsList('house').toolbar![0].call.body!(undefined, {
      uid: 100152,
      maxBet: 12.5,
      dayLossCap: 0,
      blocked: ['rocket', 'rocket'],
      coolOff: '24',
      cashoutReview: true,
      reason: '  asked  ',
    }) as Record<string, unknown>;
    expect(house).toMatchObject({ uid: 100152, maxBet: 1250, dayLossCap: 0, blocked: ['rocket'], cashoutReview: true, reason: 'asked' });
    expect(Date.parse(house.coolOffUntil as string) - now).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    const tp = userconfigsList('tp').toolbar![0].call.body!(undefined, {
      uid: 7,
      maxBet: 0,
      dayLossCap: 1000,
      blocked: 'jili-app, fortune-gems,,pg-app',
      coolOff: '0',
      reason: 'x',
    }) as Record<string, unknown>;
    expect(tp).toMatchObject({ maxBet: 0, dayLossCap: 100_000, blocked: ['jili-app', 'fortune-gems', 'pg-app'], coolOffUntil: null, cashoutReview: false });
    // editing keeps a cool-off in force unless another length is chosen
    const row = { uid: 7, coolOffUntil: '2026-12-01T00:00:00.000+08:00' } as never;
    expect(
      (userconfigsList('tp').actions![0].call.body!(row, { maxBet: 1, dayLossCap: 0, blocked: '', coolOff: '-1', reason: 'y' }) as Record<string, unknown>)
        .coolOffUntil,
    ).toBe('2026-12-01T00:00:00.000+08:00');
  });
});
