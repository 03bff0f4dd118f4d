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

/** The states a cash-out order's refusal names (server domains/cashout/state.ts STATE_WORDS). */
const ORDER_STATES: Record<string, string> = {
  'not reviewed yet': 'server.orderNotReviewed',
  'in review': 'server.orderInReview',
  'already approved': 'server.orderApproved',
  'already paid out': 'server.orderPaid',
  'already failed': 'server.orderFailed',
  'already denied': 'server.orderDenied',
  'awaiting its payout outcome (undetermined)': 'server.orderUndetermined',
  'already set to success': 'server.orderSetSuccess',
};

const patterns: { re: RegExp; key: string; vars: (m: RegExpMatchArray, t: TFunction) => Record<string, string> }[] = [
  { re: /^Too many attempts, retry in (\d+) ?s$/, key: 'server.tooMany', vars: (m) => ({ seconds: m[1] }) },
  { re: /^(.+): Over 200 characters$/, key: 'server.fieldOver200', vars: (m) => ({ field: m[1] }) },
  { re: /^Order (\S+) needs a second reviewer: you approved it already$/, key: 'server.orderApprovedAlready', vars: (m) => ({ order: m[1] }) },
  {
    re: new RegExp(
      `^Order (\\S+) is (in review \\(claimed by (.+?)\\)|${Object.keys(ORDER_STATES)
        .map((w) => w.replace(/[()]/g, '\\$&'))
        .join('|')})(: .*)?$`,
    ),
    key: 'server.orderIs',
    vars: (m, t) => ({
      order: m[1],
      state: m[3] !== undefined ? t('server.orderInReviewBy', { who: m[3] }) : t(ORDER_STATES[m[2]]),
      detail: m[4] ?? '',
    }),
  },
];

export function translateServerMessage(message: string, t: TFunction): string {
  const key = exact[message];
  if (key) return t(key);
  for (const p of patterns) {
    const m = message.match(p.re);
    if (m) return t(p.key, { ...p.vars(m, t), interpolation: { escapeValue: false } });
  }
  return message;
}
