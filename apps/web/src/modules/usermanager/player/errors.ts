import type { TFunction } from 'i18next';
import { translateServerMessage } from '../../../shell/server-messages';

const L = 'usermanager.player.errors.';

/** Refusals of the player actions, in the interface's language; others as the shell words them. */
const PATTERNS: [RegExp, string, (m: RegExpMatchArray) => Record<string, string>][] = [
  [/^Insufficient balance$/, 'insufficient', () => ({})],
  [/^Already banned$/, 'alreadyBanned', () => ({})],
  [/^Already applied$/, 'alreadyApplied', () => ({})],
  [/^Player (\d+) is banned$/, 'playerBanned', (m) => ({ uid: m[1] })],
  [/^Player (\d+) not found$/, 'playerNotFound', (m) => ({ uid: m[1] })],
  [/^Daily issue limit exceeded: (\d+) left of (\d+)$/, 'dailyLimit', (m) => ({ left: m[1], limit: m[2] })],
  [/^until: Must be in the future$/, 'untilPast', () => ({})],
  [/^until: Date must be filled in$/, 'untilRequired', () => ({})],
];

export function actionErrorText(message: string, t: TFunction): string {
  for (const [re, key, vars] of PATTERNS) {
    const m = message.match(re);
    if (m) return t(L + key, vars(m));
  }
  return translateServerMessage(message, t);
}
