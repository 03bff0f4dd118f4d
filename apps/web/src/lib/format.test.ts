import { describe, expect, it } from 'vitest';
import {
  dayEnd,
  dayStart,
  decodeBase64Text,
  encodeBase64Text,
  formatDateTime,
  formatDay,
  formatInt,
  formatMoney,
  formatOrderId,
  formatPercent,
  formatRoundUp2,
  formatRoundUpInt,
  randomCode,
  RANDOM_CODE_ALPHABET,
  roundUp,
} from './format';

describe('formatDateTime (GMT+08:00)', () => {
  it('shows an instant in GMT+08:00 whatever its offset', () => {
    expect(formatDateTime('2026-11-22T10:00:00.000Z')).toBe('2026-11-22 18:00:00');
    expect(formatDateTime('2026-11-22T18:00:00.000+08:00')).toBe('2026-11-22 18:00:00');
    expect(formatDateTime('2026-11-22T23:30:00.000-05:00')).toBe('2026-11-23 12:30:00');
  });
  it('accepts epoch milliseconds and Date objects', () => {
    expect(formatDateTime(0)).toBe('1970-01-01 08:00:00');
    expect(formatDateTime(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01 08:00:00');
  });
  it("shows '-' for empty or invalid values", () => {
    for (const v of [null, undefined, '', 'not a date', NaN]) expect(formatDateTime(v as never)).toBe('-');
  });
  it('formats the day', () => {
    expect(formatDay('2026-11-22T17:00:00Z')).toBe('2026-11-23');
  });
});

describe('dayStart / dayEnd', () => {
  it('reads a calendar day in GMT+08:00', () => {
    expect(dayStart('2026-11-22')).toBe('2026-11-22T00:00:00.000+08:00');
    expect(dayEnd('2026-11-22')).toBe('2026-11-22T23:59:59.999+08:00');
  });
  it('bounds the GMT+08:00 day of an instant', () => {
    // 17:00 UTC is already the next day in GMT+08:00
    expect(dayStart('2026-11-22T17:00:00Z')).toBe('2026-11-23T00:00:00.000+08:00');
    expect(new Date(dayStart('2026-11-22T17:00:00Z')!).toISOString()).toBe('2026-11-22T16:00:00.000Z');
  });
  it('gives null for invalid input', () => {
    expect(dayStart('2026-13-45x')).toBeNull();
    expect(dayEnd(null)).toBeNull();
  });
});

describe('round up', () => {
  it('rounds towards +infinity to 2 decimals', () => {
    expect(roundUp(1.001)).toBe(1.01);
    expect(roundUp(1.005)).toBe(1.01);
    expect(roundUp(2)).toBe(2);
    expect(roundUp('3.141')).toBe(3.15);
  });
  it('ignores float noise', () => {
    expect(roundUp(0.1 + 0.2)).toBe(0.3);
    expect(roundUp(1.1 * 3)).toBe(3.3);
    expect(formatRoundUp2(0.1 + 0.2)).toBe('0.30');
    expect(formatRoundUpInt(0.1 * 3 * 10)).toBe('3');
  });
  it('rounds negatives towards +infinity and never shows -0', () => {
    expect(roundUp(-1.239)).toBe(-1.23);
    expect(roundUp(-0.001)).toBe(0);
    expect(Object.is(roundUp(-0.001), -0)).toBe(false);
    expect(formatRoundUpInt(-1.8)).toBe('-1');
  });
  it('rounds up to integers', () => {
    expect(formatRoundUpInt(1.2)).toBe('2');
    expect(formatRoundUpInt(7)).toBe('7');
  });
  it("shows '-' for non-numbers", () => {
    for (const v of [null, undefined, '', 'abc', NaN, Infinity, true]) {
      expect(formatRoundUp2(v)).toBe('-');
      expect(formatPercent(v)).toBe('-');
    }
  });
  it('shows a fraction as a percent rounded up to 2 decimals', () => {
    expect(formatPercent(0.123401)).toBe('12.35%');
    expect(formatPercent(0.07)).toBe('7.00%');
    expect(formatPercent(0.1 + 0.2)).toBe('30.00%');
    expect(formatPercent(1)).toBe('100.00%');
    expect(formatPercent(-0.123456)).toBe('-12.34%');
  });
});

describe('formatMoney (integer centavos)', () => {
  it('shows 2 decimals and thousands separators exactly', () => {
    expect(formatMoney(123456)).toBe('1,234.56');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(-5)).toBe('-0.05');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(900719925474099)).toBe('9,007,199,254,740.99');
    expect(formatMoney(12345678901234567890n)).toBe('123,456,789,012,345,678.90');
  });
  it("shows '-' for non-integers and empty values", () => {
    expect(formatMoney(1.5)).toBe('-');
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney('x')).toBe('-');
  });
  it('formats integers', () => {
    expect(formatInt(1234567)).toBe('1,234,567');
    expect(formatInt(-1234)).toBe('-1,234');
  });
});

describe('formatOrderId', () => {
  it('shows first 4 … last 4', () => {
    expect(formatOrderId('P2026112218000012345')).toBe('P202…2345');
  });
  it('keeps short ids whole', () => {
    expect(formatOrderId('ABC123')).toBe('ABC123');
    expect(formatOrderId('123456789')).toBe('123456789');
    expect(formatOrderId(null)).toBe('-');
  });
});

describe('base64 text', () => {
  it('decodes UTF-8 text', () => {
    expect(decodeBase64Text(encodeBase64Text('Hello, 世界 🎲'))).toBe('Hello, 世界 🎲');
    expect(decodeBase64Text('5L2g5aW9')).toBe('你好');
  });
  it('shows invalid input as it is', () => {
    expect(decodeBase64Text('not base64!')).toBe('not base64!');
    expect(decodeBase64Text('abcd')).toBe('abcd'); // valid base64, but not UTF-8 text
    expect(decodeBase64Text('AAEC')).toBe('AAEC'); // control bytes: binary, not text
    expect(decodeBase64Text('')).toBe('');
    expect(decodeBase64Text(null)).toBe('');
  });
});

describe('randomCode', () => {
  it('has 8 characters by default from the alphabet', () => {
    const code = randomCode();
    expect(code).toHaveLength(8);
    for (const c of code) expect(RANDOM_CODE_ALPHABET).toContain(c);
  });
  it('honours the length and differs between calls', () => {
    expect(randomCode(20)).toHaveLength(20);
    expect(randomCode(0)).toBe('');
    const codes = new Set(Array.from({ length: 200 }, () => randomCode()));
    expect(codes.size).toBe(200);
  });
  it('uses every character of a small alphabet', () => {
    const seen = new Set(randomCode(500, 'abc'));
    expect([...seen].sort().join('')).toBe('abc');
  });
  it('refuses a bad length', () => {
    expect(() => randomCode(-1)).toThrow(RangeError);
  });
});
