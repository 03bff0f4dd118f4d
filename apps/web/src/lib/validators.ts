/**
 * Validation rules of §5 as pure checks (`check…` returns the English message of the
 * first broken rule, or null) and as antd Form rule factories (`…Rules`). The English
 * messages are the spec's words; `translate` lets a screen show them in its language.
 */
import type { FormRule as Rule } from 'antd';

export const PASSWORD_MIN_LENGTH = 6;
export const REASON_MAX_LENGTH = 200;

export const VALIDATION_MESSAGES = {
  passwordTooShort: 'Password cannot be less than 6 characters',
  passwordsDiffer: 'Passwords do not match',
  reasonRequired: 'Please enter the reason',
  reasonTooLong: 'Over 200 characters',
  dateRequired: 'Date must be filled in',
  quantityPositive: 'Quantity must be greater than 0',
  phoneIncomplete: 'Enter the country code and the number',
  externalLink: 'Link must start with http, https, mailto or tel',
  usernameLike: 'At least 5 letters, digits or underscores',
  shareCode: 'Must be 4 to 16 letters or digits',
  fraction: 'Enter a number greater than 0 and below 1',
  fractionFromZero: 'Enter a number from 0 up to below 1',
} as const;
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;
export type Translate = (key: ValidationMessageKey, english: string) => string;
const english: Translate = (_key, text) => text;

type Check = string | null;
const msg = (key: ValidationMessageKey): string => VALIDATION_MESSAGES[key];
const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** New password: at least 6 characters. */
export function checkPassword(value: unknown): Check {
  return typeof value === 'string' && value.length >= PASSWORD_MIN_LENGTH ? null : msg('passwordTooShort');
}

/** Confirmation must equal the password. */
export function checkPasswordConfirmation(password: unknown, confirmation: unknown): Check {
  return password === confirmation ? null : msg('passwordsDiffer');
}

/** Chip-add / reduce reason: required, at most 200 characters (counted as Unicode characters). */
export function checkReason(value: unknown): Check {
  if (isBlank(value)) return msg('reasonRequired');
  return [...String(value)].length > REASON_MAX_LENGTH ? msg('reasonTooLong') : null;
}

/** Suspension expiry date: required. */
export function checkExpiryDate(value: unknown): Check {
  return isBlank(value) ? msg('dateRequired') : null;
}

/** Online sign item quantity: a number greater than 0. */
export function checkQuantity(value: unknown): Check {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? null : msg('quantityPositive');
}

export interface PhoneNumber {
  countryCode?: string | null;
  number?: string | null;
}

/** Phone lookup: country code (1–4 digits, optional '+') and number (4–15 digits) both present. */
export function checkPhone(value: PhoneNumber | null | undefined): Check {
  const cc = (value?.countryCode ?? '').trim();
  const num = (value?.number ?? '').trim();
  return /^\+?\d{1,4}$/.test(cc) && /^\d{4,15}$/.test(num) ? null : msg('phoneIncomplete');
}

/** True when the text is an http, https, mailto or tel link. */
export function isExternalLink(value: unknown): boolean {
  return typeof value === 'string' && /^(https?:|mailto:|tel:)/i.test(value.trim()) && value.trim().length > 'tel:'.length;
}
export function checkExternalLink(value: unknown): Check {
  return isExternalLink(value) ? null : msg('externalLink');
}

/** Username-like: 5 or more word characters (letters, digits, underscore), nothing else. */
export function isUsernameLike(value: unknown): boolean {
  return typeof value === 'string' && /^\w{5,}$/.test(value);
}
export function checkUsernameLike(value: unknown): Check {
  return isUsernameLike(value) ? null : msg('usernameLike');
}

function asNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return NaN;
}

/** A fraction strictly between 0 and 1. */
export function isFraction(value: unknown): boolean {
  const n = asNumber(value);
  return Number.isFinite(n) && n > 0 && n < 1;
}
/** The variant that allows 0: 0 ≤ n < 1. */
export function isFractionFromZero(value: unknown): boolean {
  const n = asNumber(value);
  return Number.isFinite(n) && n >= 0 && n < 1;
}
export function checkFraction(value: unknown, allowZero = false): Check {
  if (allowZero) return isFractionFromZero(value) ? null : msg('fractionFromZero');
  return isFraction(value) ? null : msg('fraction');
}

// ---- antd Form rule factories ------------------------------------------------------

/** A rule that runs a check; empty values pass unless `required` (antd's own `required` rule says so). */
function ruleOf(check: (v: unknown) => Check, t: Translate, key: ValidationMessageKey, skipEmpty = true): Rule {
  return {
    validator: async (_rule, value) => {
      if (skipEmpty && isBlank(value)) return;
      if (check(value) !== null) throw new Error(t(key, msg(key)));
    },
  };
}

export function passwordRules(t: Translate = english, required = true): Rule[] {
  return [...(required ? [{ required: true, message: t('passwordTooShort', msg('passwordTooShort')) }] : []), ruleOf(checkPassword, t, 'passwordTooShort')];
}

/** Confirmation field rule: compares with the field named `passwordField` of the same form. */
export function confirmPasswordRules(passwordField: string, t: Translate = english): Rule[] {
  return [
    ({ getFieldValue }) => ({
      validator: async (_rule, value) => {
        if (checkPasswordConfirmation(getFieldValue(passwordField) ?? '', value ?? '') !== null) {
          throw new Error(t('passwordsDiffer', msg('passwordsDiffer')));
        }
      },
    }),
  ];
}

export function reasonRules(t: Translate = english): Rule[] {
  return [
    { required: true, whitespace: true, message: t('reasonRequired', msg('reasonRequired')) },
    ruleOf((v) => ([...String(v)].length > REASON_MAX_LENGTH ? 'x' : null), t, 'reasonTooLong'),
  ];
}

export function expiryDateRules(t: Translate = english): Rule[] {
  return [{ required: true, message: t('dateRequired', msg('dateRequired')) }];
}

export function quantityRules(t: Translate = english): Rule[] {
  return [{ required: true, message: t('quantityPositive', msg('quantityPositive')) }, ruleOf(checkQuantity, t, 'quantityPositive')];
}

export function phoneRules(t: Translate = english): Rule[] {
  return [ruleOf((v) => checkPhone(v as PhoneNumber), t, 'phoneIncomplete', false)];
}

export function externalLinkRules(t: Translate = english): Rule[] {
  return [ruleOf(checkExternalLink, t, 'externalLink')];
}

export function usernameLikeRules(t: Translate = english): Rule[] {
  return [ruleOf(checkUsernameLike, t, 'usernameLike', false)];
}

export function fractionRules(allowZero = false, t: Translate = english): Rule[] {
  const key: ValidationMessageKey = allowZero ? 'fractionFromZero' : 'fraction';
  return [ruleOf((v) => checkFraction(v, allowZero), t, key)];
}
