/**
 * Which provider sends a code to a number, for a purpose (GET /api/platform/sms/route), as a pure
 * function of the providers, the routing rules and each provider's recent results:
 *   1. a number whose country code is smsconfig's domestic one uses localconfig, any other
 *      globalconfig;
 *   2. candidates: enabled, serving that purpose (or `all`), for that country code (or `*`);
 *      an entry for the very country comes before a `*` one, then by rank (1 first), then id;
 *      a provider listed twice counts once, at its first place;
 *   3. the first candidate whose failure rate over the window is not above the limit wins; a rate
 *      is judged only on at least `minResults` results (fewer: not judged);
 *   4. when every candidate is above the limit: with `fallback` the one failing least (a code
 *      through a poor provider beats no code), marked `fallback`; without, none.
 */
import type { SmsProviderBody, SmsScope, SmsSettings } from '@console/schemas';

export interface ProviderStats {
  failed: number;
  results: number;
}

export interface RouteInput {
  settings: SmsSettings;
  local: readonly SmsProviderBody[];
  global: readonly SmsProviderBody[];
  country: string;
  purpose: string;
  /** Results of the window by provider id (absent: none). */
  stats: ReadonlyMap<string, ProviderStats>;
}

export interface Skipped {
  provider: string;
  failureRate: number;
  results: number;
}

export type Route =
  | { ok: true; provider: SmsProviderBody; scope: SmsScope; fallback: boolean; skipped: Skipped[] }
  | { ok: false; why: 'none' | 'failing'; scope: SmsScope; skipped: Skipped[] };

export const scopeOf = (settings: SmsSettings, country: string): SmsScope => (country === settings.domesticCountry ? 'local' : 'global');

/** The candidates for a number and purpose, in the order they are tried. */
export function candidates(input: Omit<RouteInput, 'stats'>): SmsProviderBody[] {
  const scope = scopeOf(input.settings, input.country);
  const list = (scope === 'local' ? input.local : input.global)
    .filter((p) => p.enabled && (p.function === 'all' || p.function === input.purpose) && (p.countryCode === input.country || p.countryCode === '*'))
    .sort(
      (a, b) =>
        Number(b.countryCode === input.country) - Number(a.countryCode === input.country) || a.rank - b.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  const seen = new Set<string>();
  return list.filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
}

/** Failure rate 0..1 rounded to 4 decimals (0 without results). */
export const failureRate = (s: ProviderStats | undefined) => (s && s.results > 0 ? Math.round((s.failed / s.results) * 10_000) / 10_000 : 0);

export function overLimit(settings: SmsSettings, s: ProviderStats | undefined): boolean {
  return !!s && s.results >= settings.minResults && s.failed * 100 > settings.failureLimitPercent * s.results;
}

export function route(input: RouteInput): Route {
  const scope = scopeOf(input.settings, input.country);
  const list = candidates(input);
  const skipped: Skipped[] = [];
  for (const p of list) {
    const s = input.stats.get(p.id);
    if (!overLimit(input.settings, s)) return { ok: true, provider: p, scope, fallback: false, skipped };
    skipped.push({ provider: p.id, failureRate: failureRate(s), results: s!.results });
  }
  if (list.length === 0) return { ok: false, why: 'none', scope, skipped };
  if (!input.settings.fallback) return { ok: false, why: 'failing', scope, skipped };
  // the least failing; on a tie, the earlier in the order
  let best = 0;
  list.forEach((p, i) => {
    if (failureRate(input.stats.get(p.id)) < failureRate(input.stats.get(list[best].id))) best = i;
  });
  return { ok: true, provider: list[best], scope, fallback: true, skipped };
}
