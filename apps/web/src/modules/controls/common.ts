/**
 * The one shape of the two player-control modules (docs/api/controls.md): the same
 * screens for house games (/personalcontrol) and third-party games (/TPpersonalcontrol), each a
 * function of its scope; /personalcontrol adds payRank and wgconfigs.
 */
import { GAMES } from '@console/games';
import i18next from 'i18next';
import type { SelectOption } from '../../kit';

export const L = 'controls.';
export type Scope = 'house' | 'tp';
/** Catalogue base (and API base without /api) of a scope. */
export const BASE: Record<Scope, string> = { house: '/personalcontrol', tp: '/TPpersonalcontrol' };
export const SCREENS = ['configs', 'userconfigs', 'logs', 'ranking'] as const;
export type ScopeScreen = (typeof SCREENS)[number];

/** Chips are centavos (1 chip = 1 centavo): forms take pesos, the API takes the smallest unit. */
export const toUnits = (v: unknown) => (typeof v === 'number' ? Math.round(v * 100) : 0);

/** Games a house control may block (the bet reason's `game.bet.<game>`); third-party ones are typed. */
export const GAME_OPTIONS: SelectOption[] = GAMES.map((g) => ({ value: g.id, label: `${L}game.${g.id}` }));

export const CONTROL_LABELS: Record<string, string> = Object.fromEntries(
  ['maxBet', 'dayLossCap', 'blocked', 'coolOff', 'platformMaxBet', 'platformDayLossCap', 'providerMaxBet', 'providerClosed'].map((k) => [
    k,
    `${L}control.${k}`,
  ]),
);
export const KIND_LABELS: Record<string, string> = Object.fromEntries(['set', 'clear', 'config', 'provider', 'refusal'].map((k) => [k, `${L}kind.${k}`]));
export const options = (labels: Record<string, string>): SelectOption[] => Object.entries(labels).map(([value, label]) => ({ value, label }));
export const YES_NO: SelectOption[] = [
  { value: 'true', label: 'kit.yes' },
  { value: 'false', label: 'kit.no' },
];

/** Cool-off lengths offered by the form (hours; 0 none, -1 keep what is set). */
export const COOL_OFF_HOURS = [0, 24, 72, 168, 720] as const;

/** Pesos with at most 2 decimals, 0 or more (0: no limit). */
export const pesosRule = {
  validator: async (_: unknown, v: unknown) => {
    if (v === undefined || v === null || v === '') return;
    const n = Number(v);
    if (!(n >= 0) || Math.abs(Math.round(n * 100) - n * 100) > 1e-6 || n > 10_000_000_000) throw new Error(i18next.t(`${L}validation.pesos`));
  },
};
export const wholeRule = (min: number, max: number) => ({
  validator: async (_: unknown, v: unknown) => {
    if (v === undefined || v === null || v === '') return;
    if (!Number.isInteger(v) || (v as number) < min || (v as number) > max) throw new Error(i18next.t(`${L}validation.whole`, { min, max }));
  },
});
/** A code (application id, game code): letters, digits and _ . : - (the message in the language shown). */
export const codeRule = (re: RegExp) => ({
  validator: async (_: unknown, v: unknown) => {
    if (typeof v === 'string' && v !== '' && !re.test(v)) throw new Error(i18next.t(`${L}validation.code`));
  },
});
