/**
 * Template variables of prefabs and personal messages, replaced per player when the inbox is
 * read (and in the staff previews): {name} the player's name, {amount} the attachment with its
 * currency, {date} the day the message was sent (GMT+08:00). Values are escaped: a player's
 * name never becomes markup.
 */
import type { MessageCurrency } from '@console/schemas';
import { formatMoney } from '../../http/list/csv';
import { escapeText } from './sanitize';
import { consoleDay } from '@console/time';

const CURRENCY_WORDS: Record<'en' | 'zh', Record<MessageCurrency, string>> = {
  en: { chip: 'chips', bean: 'beans', diamond: 'diamonds' },
  zh: { chip: '筹码', bean: '金豆', diamond: '钻石' },
};

export interface TemplateValues {
  name: string;
  attachment: { currency: MessageCurrency; amount: number } | null;
  sentAt: Date;
  lang: 'en' | 'zh';
}

const day = (at: Date) => consoleDay(at);

export function amountText(attachment: TemplateValues['attachment'], lang: 'en' | 'zh'): string {
  if (!attachment) return '';
  return `${formatMoney(attachment.amount)} ${CURRENCY_WORDS[lang][attachment.currency]}`;
}

/** Fills the variables; `html` escapes the values (rich text), otherwise they go in as text (titles). */
export function fillTemplate(template: string, v: TemplateValues, html: boolean): string {
  const esc = html ? escapeText : (s: string) => s;
  return template
    .replaceAll('{name}', esc(v.name))
    .replaceAll('{amount}', esc(amountText(v.attachment, v.lang)))
    .replaceAll('{date}', day(v.sentAt));
}
