/**
 * What the console's staff write in the demo seed (desk.ts): replies to feedback in the
 * player's language (Chinese to Chinese, otherwise English and Tagalog as support writes
 * them), tip-off notes, and the reasons of bans, suspensions, chip changes and batches.
 */
import type { Rng } from './rng';
import { consoleDay } from '@console/time';

const REPLIES: Record<string, { en: string[]; zh: string[] }> = {
  payment: {
    en: [
      'Hi po! We checked your GCash top-up: the chips are credited now. Pasensya na sa delay.',
      'Please send the GCash reference number and a screenshot so we can trace the payment.',
      'Cash-outs are paid within 7 banking days; yours is in the queue po. Thank you for waiting.',
    ],
    zh: ['您好，充值已核实到账，抱歉让您久等。', '请提供GCash交易号和截图，我们会尽快核查。'],
  },
  bug: {
    en: [
      'Thanks for the report! Our tech team is fixing it; please update the app to the latest version.',
      'Salamat po! Na-forward na namin sa tech team. Please clear the app cache and try again.',
    ],
    zh: ['感谢反馈，技术团队正在处理，请更新到最新版本。'],
  },
  account: {
    en: [
      'To change your bound number, open Settings > Account > Phone and verify the new number by SMS.',
      'Your account is active po; please log in again. If it still fails, send us your UID.',
    ],
    zh: ['您的账号状态正常，如有疑问请提供UID。'],
  },
  suggestion: {
    en: ['Thank you for the idea! We passed it to the events team.', "Salamat sa suggestion, we'll consider it for the next update."],
    zh: ['感谢您的建议，我们会转交运营团队。'],
  },
  other: {
    en: ['Thank you po! Enjoy the game.', 'Hello! How can we help? Please describe the issue and include your UID.'],
    zh: ['感谢您的支持！'],
  },
};

export function reply(rng: Rng, category: string, text: string): string {
  const set = REPLIES[category] ?? REPLIES.other;
  return rng.pick(/[\u4e00-\u9fff]/.test(text) ? set.zh : set.en);
}

const VALID: Record<string, string> = {
  collusion: 'Shared rounds and one-way chip flow confirmed in the game records',
  cheating: 'Win rate far above normal over 200+ rounds',
  abusive: 'Chat logs confirm abusive language',
  scam: "Buyer's GCash receipt confirms the scam",
  bot: 'Bot pattern confirmed: round-the-clock play, identical timings',
};
const INVALID = ['No evidence in the game records', 'Normal play; reporter informed', 'Checked 50 shared rounds: nothing abnormal'];

/** The chance that a tip-off of this reason holds. */
export const VALID_SHARE: Record<string, number> = { collusion: 0.35, cheating: 0.3, abusive: 0.5, scam: 0.3, bot: 0.4 };

export const tipoffNote = (rng: Rng, reason: string, valid: boolean) => (valid ? (VALID[reason] ?? 'Confirmed') : rng.pick(INVALID));

/** Suspension days of a confirmed tip-off (a scam is a ban instead). */
export const SUSPEND_DAYS: Record<string, number> = { collusion: 7, cheating: 7, abusive: 3, bot: 7 };

export const REASONS = {
  farmDevice: (n: number) => `Multi-account farm: ${n} accounts registered from this device within 2 minutes`,
  farmIp: (n: number) => `Multi-account farm: ${n} accounts registered from this address within 2 minutes`,
  farmOwner: (n: number) => `Owner of a ${n}-account farm (fed by transfers from the farm accounts)`,
  farmReclaim: (n: number) => `Reclaimed: chips funnelled from ${n} farm accounts`,
  farmSuspend: 'Farm owner: 7 days while the farm accounts are reviewed',
  sharedPhone: (n: number) => `${n} accounts on one phone sharing a GCash number: held until the owner is verified`,
  appeal: 'Appeal accepted: a shop phone shared by its staff, owner verified by call',
  liftSuspension: 'Reviewed again: no further abuse, suspension lifted early',
  scamBan: 'Scam confirmed by tip-off (GCash receipt)',
  tipoffSuspend: (reason: string) => `Tip-off confirmed: ${reason}`,
  compensation: (at: number) => `Compensation: game froze mid-round (feedback of ${consoleDay(at)})`,
  paymentCredit: (at: number) => `Manual credit: GCash top-up not delivered (feedback of ${consoleDay(at)})`,
  maintenance: (at: number) => `Compensation: server maintenance ${consoleDay(at)} 02:00-03:30`,
  cup: (at: number) => `Tongits weekly cup prizes (${consoleDay(at)})`,
  loyalty: (at: number) => `VIP loyalty gift (${consoleDay(at).slice(0, 7)})`,
  cashPrizes: (at: number) => `Pusoy championship cash prizes (${consoleDay(at)})`,
} as const;
