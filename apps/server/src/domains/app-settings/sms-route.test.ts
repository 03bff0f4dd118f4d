/**
 * SMS routing as a table: country code (domestic or not, exact or `*`), purpose, rank, enabled,
 * and each provider's recent failure rate against the limit (judged only from `minResults`);
 * then properties over any providers and results (fast-check).
 */
import fc from 'fast-check';
import type { SmsProviderBody, SmsSettings } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { candidates, overLimit, route, type ProviderStats } from './sms-route';

const settings: SmsSettings = { domesticCountry: '63', failureLimitPercent: 30, windowMinutes: 60, minResults: 10, fallback: true };
const p = (id: string, rank: number, countryCode = '63', fn: SmsProviderBody['function'] = 'all', enabled = true): SmsProviderBody => ({
  id,
  name: id,
  function: fn,
  rank,
  countryCode,
  enabled,
});

const LOCAL = [p('Semaphore', 1), p('Movider', 2), p('Twilio', 3), p('M360', 1, '63', 'reset'), p('Off', 1, '63', 'all', false)];
const GLOBAL = [p('Twilio', 2, '*'), p('Infobip', 1, '*'), p('Movider', 3, '65'), p('Sg2', 4, '65')];
const stats = (entries: Record<string, [failed: number, results: number]>) =>
  new Map<string, ProviderStats>(Object.entries(entries).map(([k, [failed, results]]) => [k, { failed, results }]));

describe('SMS routing table', () => {
  const cases: {
    name: string;
    country: string;
    purpose: string;
    s?: Record<string, [number, number]>;
    set?: Partial<SmsSettings>;
    want: string | null;
    fallback?: boolean;
    skipped?: string[];
  }[] = [
    { name: 'domestic: rank 1 wins', country: '63', purpose: 'login', want: 'Semaphore' },
    { name: 'domestic: a purpose-specific rank 1 ties with all; id breaks the tie', country: '63', purpose: 'reset', want: 'M360' },
    {
      name: 'a disabled provider is never chosen',
      country: '63',
      purpose: 'bind',
      s: { Semaphore: [10, 10], Movider: [10, 10], Twilio: [10, 10] },
      want: 'Semaphore',
      fallback: true,
      skipped: ['Semaphore', 'Movider', 'Twilio'],
    },
    { name: 'over the limit (40% of 10) is skipped', country: '63', purpose: 'login', s: { Semaphore: [4, 10] }, want: 'Movider', skipped: ['Semaphore'] },
    { name: 'exactly at the limit (30% of 10) is kept', country: '63', purpose: 'login', s: { Semaphore: [3, 10] }, want: 'Semaphore' },
    { name: 'too few results are not judged', country: '63', purpose: 'login', s: { Semaphore: [9, 9] }, want: 'Semaphore' },
    {
      name: 'two skipped, the third is used',
      country: '63',
      purpose: 'register',
      s: { Semaphore: [6, 10], Movider: [50, 100] },
      want: 'Twilio',
      skipped: ['Semaphore', 'Movider'],
    },
    {
      name: 'all failing with fallback: the least failing',
      country: '63',
      purpose: 'login',
      s: { Semaphore: [9, 10], Movider: [4, 10], Twilio: [5, 10] },
      want: 'Movider',
      fallback: true,
    },
    {
      name: 'all failing without fallback: none',
      country: '63',
      purpose: 'login',
      s: { Semaphore: [9, 10], Movider: [4, 10], Twilio: [5, 10] },
      set: { fallback: false },
      want: null,
    },
    { name: 'international: an exact country comes before *', country: '65', purpose: 'login', want: 'Movider' },
    { name: 'international: * by rank for another country', country: '1', purpose: 'login', want: 'Infobip' },
    {
      name: 'international: the exact one failing falls to the next exact, then *',
      country: '65',
      purpose: 'bind',
      s: { Movider: [5, 10], Sg2: [5, 10] },
      want: 'Infobip',
      skipped: ['Movider', 'Sg2'],
    },
    { name: 'the domestic code moved: +63 becomes international', country: '63', purpose: 'login', set: { domesticCountry: '1' }, want: 'Infobip' },
    { name: 'a limit of 100% never skips', country: '63', purpose: 'login', s: { Semaphore: [10, 10] }, set: { failureLimitPercent: 100 }, want: 'Semaphore' },
  ];
  it.each(cases)('$name', (c) => {
    const r = route({ settings: { ...settings, ...c.set }, local: LOCAL, global: GLOBAL, country: c.country, purpose: c.purpose, stats: stats(c.s ?? {}) });
    if (c.want === null) {
      expect(r.ok).toBe(false);
      return;
    }
    expect(r.ok && r.provider.id).toBe(c.want);
    if (r.ok) {
      expect(r.fallback).toBe(c.fallback ?? false);
      if (c.skipped) expect(r.skipped.map((s) => s.provider)).toEqual(c.skipped);
    }
  });

  it('answers none when no provider serves the country or purpose', () => {
    const r = route({ settings, local: [p('A', 1, '63', 'reset')], global: [p('B', 1, '65')], country: '63', purpose: 'login', stats: new Map() });
    expect(r).toMatchObject({ ok: false, why: 'none', scope: 'local' });
    expect(route({ settings, local: [], global: [p('B', 1, '65')], country: '81', purpose: 'login', stats: new Map() })).toMatchObject({
      ok: false,
      why: 'none',
      scope: 'global',
    });
  });

  it('reports a skipped provider with its rate and results', () => {
    const r = route({ settings, local: LOCAL, global: GLOBAL, country: '63', purpose: 'login', stats: stats({ Semaphore: [7, 20] }) });
    expect(r.ok && r.skipped).toEqual([{ provider: 'Semaphore', failureRate: 0.35, results: 20 }]);
  });
});

const provider = fc.record({
  id: fc.constantFrom('A', 'B', 'C', 'D', 'E'),
  name: fc.constant('x'),
  function: fc.constantFrom<SmsProviderBody['function']>('all', 'register', 'login', 'bind', 'reset'),
  rank: fc.integer({ min: 1, max: 5 }),
  countryCode: fc.constantFrom('63', '65', '1', '*'),
  enabled: fc.boolean(),
});
const stat = fc.integer({ min: 0, max: 40 }).chain((results) => fc.record({ results: fc.constant(results), failed: fc.integer({ min: 0, max: results }) }));
const input = fc.record({
  settings: fc.record({
    domesticCountry: fc.constantFrom('63', '65'),
    failureLimitPercent: fc.integer({ min: 1, max: 100 }),
    windowMinutes: fc.constant(60),
    minResults: fc.integer({ min: 1, max: 30 }),
    fallback: fc.boolean(),
  }),
  local: fc.array(provider, { maxLength: 6 }),
  global: fc.array(provider, { maxLength: 6 }),
  country: fc.constantFrom('63', '65', '1', '44'),
  purpose: fc.constantFrom('register', 'login', 'bind', 'reset'),
  stats: fc.dictionary(fc.constantFrom('A', 'B', 'C', 'D', 'E'), stat).map((d) => new Map(Object.entries(d))),
});

describe('SMS routing properties', () => {
  it('a chosen provider is enabled, serves the purpose and the country, from the right scope; none is skipped that is not over the limit', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = route(i);
        const list = candidates(i);
        const scope = i.country === i.settings.domesticCountry ? i.local : i.global;
        for (const c of list) {
          expect(scope).toContainEqual(c);
          expect(c.enabled).toBe(true);
          expect(['all', i.purpose]).toContain(c.function);
          expect([i.country, '*']).toContain(c.countryCode);
        }
        if (!r.ok) {
          expect(r.why === 'none' ? list.length === 0 : !i.settings.fallback && list.every((c) => overLimit(i.settings, i.stats.get(c.id)))).toBe(true);
          return;
        }
        expect(list).toContainEqual(r.provider);
        for (const s of r.skipped) expect(overLimit(i.settings, i.stats.get(s.provider))).toBe(true);
        if (!r.fallback) {
          expect(overLimit(i.settings, i.stats.get(r.provider.id))).toBe(false);
          // every candidate before it was skipped, and it is the first one that is not
          expect(r.skipped.map((s) => s.provider)).toEqual(list.slice(0, list.indexOf(r.provider)).map((c) => c.id));
        } else {
          expect(i.settings.fallback).toBe(true);
          expect(list.every((c) => overLimit(i.settings, i.stats.get(c.id)))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
