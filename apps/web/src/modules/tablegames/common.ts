/** Shared by the table-game screens (docs/api/tablegames.md): the i18n prefix, API paths, pesos ↔ centavos, labelled options. */
import type { SelectOption } from '../../kit';

export const L = 'tablegames.';
export const TONGITS = '/tinygames/tongits';
export const CHEAT = '/tinygames/tongitscheat';
export const configBase = (game: string) => `/tinygames/${game}/${game}config`;

export const labels = (prefix: string, values: readonly string[]) => Object.fromEntries(values.map((v) => [v, `${L}${prefix}.${v}`]));
export const options = (map: Record<string, string>): SelectOption[] => Object.entries(map).map(([value, label]) => ({ value, label }));

export const MODE_LABELS = labels('mode', ['table', '1v1']);
export const REASON_LABELS = labels('reason', ['cheating', 'collusion', 'bot', 'abuse', 'stalling', 'other']);
export const ACTION_LABELS = labels('action', ['flag', 'unflag']);
export const STYLE_LABELS = labels('style', ['cautious', 'balanced', 'aggressive']);
export const YES_NO = [
  { value: 'true', label: `${L}yes` },
  { value: 'false', label: `${L}no` },
];
