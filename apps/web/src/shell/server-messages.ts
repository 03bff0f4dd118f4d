import type { TFunction } from 'i18next';
import shellLocales from './locales';

/**
 * Known English messages of the server (API contract, §8) → i18n keys, so a Chinese
 * interface shows them in Chinese. Unknown messages are shown as the server wrote them.
 */
const exact: Record<string, string> = {};
for (const [key, text] of Object.entries(shellLocales.en.server)) {
  if (!text.includes('{{')) exact[text] = 'server.' + key;
}
exact['Your login has expired, please log in again to keep the account safe'] = 'expiry.content';
exact['Has Error'] = 'messages.hasError';
exact[`timeout of 30000ms exceeded`] = 'server.timeout';
exact['Failed to fetch'] = 'server.network';

const patterns: { re: RegExp; key: string; vars: (m: RegExpMatchArray) => Record<string, string> }[] = [
  { re: /^Too many attempts, retry in (\d+) ?s$/, key: 'server.tooMany', vars: (m) => ({ seconds: m[1] }) },
  { re: /^(.+): Over 200 characters$/, key: 'server.fieldOver200', vars: (m) => ({ field: m[1] }) },
];

export function translateServerMessage(message: string, t: TFunction): string {
  const key = exact[message];
  if (key) return t(key);
  for (const p of patterns) {
    const m = message.match(p.re);
    if (m) return t(p.key, p.vars(m));
  }
  return message;
}
