import { describe, expect, it } from 'vitest';
import type { FormRule } from 'antd';
import {
  checkExpiryDate,
  checkExternalLink,
  checkFraction,
  checkPassword,
  checkPasswordConfirmation,
  checkPhone,
  checkQuantity,
  checkReason,
  checkUsernameLike,
  confirmPasswordRules,
  fractionRules,
  isExternalLink,
  isFraction,
  isFractionFromZero,
  isUsernameLike,
  passwordRules,
  reasonRules,
  usernameLikeRules,
} from './validators';

/** Runs antd rules the way Form does: `required` objects and validator functions. */
async function firstError(rules: FormRule[], value: unknown, fields: Record<string, unknown> = {}): Promise<string | null> {
  for (const r of rules) {
    const rule = typeof r === 'function' ? r({ getFieldValue: (n: unknown) => fields[String(n)] } as never) : r;
    const blank = value === undefined || value === null || value === '' || (rule.whitespace && typeof value === 'string' && value.trim() === '');
    if (rule.required && blank) return String(rule.message);
    if (rule.validator) {
      try {
        await rule.validator(rule, value, () => {});
      } catch (e) {
        return (e as Error).message;
      }
    }
  }
  return null;
}

describe('password', () => {
  it('needs at least 6 characters, with the spec message', () => {
    expect(checkPassword('12345')).toBe('Password cannot be less than 6 characters');
    expect(checkPassword('123456')).toBeNull();
    expect(checkPassword(undefined)).toBe('Password cannot be less than 6 characters');
  });
  it('confirmation must match', () => {
    expect(checkPasswordConfirmation('secret1', 'secret2')).toBe('Passwords do not match');
    expect(checkPasswordConfirmation('secret1', 'secret1')).toBeNull();
  });
  it('as antd rules', async () => {
    expect(await firstError(passwordRules(), 'abc')).toBe('Password cannot be less than 6 characters');
    expect(await firstError(passwordRules(), '')).toBe('Password cannot be less than 6 characters');
    expect(await firstError(passwordRules(), 'abcdef')).toBeNull();
    expect(await firstError(passwordRules(undefined, false), '')).toBeNull();
    expect(await firstError(confirmPasswordRules('password'), 'abcdeg', { password: 'abcdef' })).toBe('Passwords do not match');
    expect(await firstError(confirmPasswordRules('password'), 'abcdef', { password: 'abcdef' })).toBeNull();
  });
  it('messages can be translated', async () => {
    expect(
      await firstError(
        passwordRules((key) => `zh:${key}`),
        'abc',
      ),
    ).toBe('zh:passwordTooShort');
  });
});

describe('reason', () => {
  it('is required and at most 200 characters', async () => {
    expect(checkReason('')).toBe('Please enter the reason');
    expect(checkReason('   ')).toBe('Please enter the reason');
    expect(checkReason('x'.repeat(200))).toBeNull();
    expect(checkReason('x'.repeat(201))).toBe('Over 200 characters');
    expect(checkReason('汉'.repeat(200))).toBeNull();
    expect(checkReason('🎲'.repeat(200))).toBeNull(); // counted as characters, not UTF-16 units
    expect(await firstError(reasonRules(), 'x'.repeat(201))).toBe('Over 200 characters');
    expect(await firstError(reasonRules(), ' ')).toBe('Please enter the reason');
  });
});

describe('other §5 checks', () => {
  it('expiry date is required', () => {
    expect(checkExpiryDate(undefined)).toBe('Date must be filled in');
    expect(checkExpiryDate('2026-12-01')).toBeNull();
  });
  it('quantity must be greater than 0', () => {
    expect(checkQuantity(0)).not.toBeNull();
    expect(checkQuantity(-1)).not.toBeNull();
    expect(checkQuantity('abc')).not.toBeNull();
    expect(checkQuantity('')).not.toBeNull();
    expect(checkQuantity(1)).toBeNull();
    expect(checkQuantity('0.5')).toBeNull();
  });
  it('phone needs country code and number', () => {
    expect(checkPhone({ countryCode: '+63', number: '9171234567' })).toBeNull();
    expect(checkPhone({ countryCode: '63', number: '9171234567' })).toBeNull();
    expect(checkPhone({ countryCode: '', number: '9171234567' })).not.toBeNull();
    expect(checkPhone({ countryCode: '+63', number: '' })).not.toBeNull();
    expect(checkPhone({ countryCode: '+63', number: '91-71' })).not.toBeNull();
    expect(checkPhone(undefined)).not.toBeNull();
  });
  it('external link: http, https, mailto, tel', () => {
    for (const ok of ['http://a.com', 'https://a.com/x?y=1', 'mailto:a@b.c', 'tel:+639171234567', 'HTTPS://A.COM']) {
      expect(isExternalLink(ok)).toBe(true);
    }
    for (const bad of ['ftp://a.com', 'javascript:alert(1)', 'a.com', '', 'tel:', null]) expect(isExternalLink(bad)).toBe(false);
    expect(checkExternalLink('ftp://x')).not.toBeNull();
  });
  it('username-like: 5 or more word characters', async () => {
    expect(isUsernameLike('admin')).toBe(true);
    expect(isUsernameLike('a_b_1')).toBe(true);
    expect(isUsernameLike('abcd')).toBe(false);
    expect(isUsernameLike('ab cd e')).toBe(false);
    expect(isUsernameLike('abcde!')).toBe(false);
    expect(checkUsernameLike('abc')).not.toBeNull();
    expect(await firstError(usernameLikeRules(), 'abc')).not.toBeNull();
    expect(await firstError(usernameLikeRules(), 'abcde')).toBeNull();
  });
  it('fraction in (0,1) and the [0,1) variant', async () => {
    expect(isFraction(0.5)).toBe(true);
    expect(isFraction('0.25')).toBe(true);
    expect(isFraction(0)).toBe(false);
    expect(isFraction(1)).toBe(false);
    expect(isFraction('')).toBe(false);
    expect(isFractionFromZero(0)).toBe(true);
    expect(isFractionFromZero(0.999)).toBe(true);
    expect(isFractionFromZero(1)).toBe(false);
    expect(isFractionFromZero(-0.1)).toBe(false);
    expect(checkFraction(0)).not.toBeNull();
    expect(checkFraction(0, true)).toBeNull();
    expect(await firstError(fractionRules(), 1)).not.toBeNull();
    expect(await firstError(fractionRules(true), 0)).toBeNull();
  });
});
