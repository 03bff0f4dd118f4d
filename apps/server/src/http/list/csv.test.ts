/** CSV fields and value formats: the same text as the web app shows (apps/web/src/lib/format.ts). */
import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, csvHeader, csvLine, formatValue } from './csv';

describe('csv', () => {
  it('quotes separators and neutralises formulas, but keeps numbers and the empty mark', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"\r\nbye')).toBe('"say ""hi""\r\nbye"');
    expect(csvField('\rx')).toBe('"\'\rx"');
    for (const f of ['=1+1', '+1', '@SUM(A1)', '\tx', '-1+2', '-A1', '--', '-x']) expect(csvField(f)).toBe(`'${f}`);
    for (const n of ['-5', '-0.05', '-12.35%', '-']) expect(csvField(n)).toBe(n);
    expect(csvField('-1,234.56')).toBe('"-1,234.56"');
  });

  it('formats as on screen', () => {
    expect(formatValue('money', 123456)).toBe('1,234.56');
    expect(formatValue('money', -5)).toBe('-0.05');
    expect(formatValue('money', 1.5)).toBe('-');
    expect(formatValue('int', 1234567)).toBe('1,234,567');
    expect(formatValue('datetime', '2026-11-22T10:00:00.000Z')).toBe('2026-11-22 18:00:00');
    expect(formatValue('datetime', '2026-11-22T18:00:00.000+08:00')).toBe('2026-11-22 18:00:00');
    expect(formatValue('datetime', null)).toBe('-');
    expect(formatValue('roundUp2', 1.001)).toBe('1.01');
    expect(formatValue('roundUp2', 0.1 + 0.2)).toBe('0.30');
    expect(formatValue('percent', 0.123401)).toBe('12.35%');
    expect(formatValue('orderId', 'abcdefghijklmn')).toBe('abcdefghijklmn');
    expect(formatValue('tags', ['a', 'b'])).toBe('a, b');
    expect(formatValue('base64', '5L2g5aW9')).toBe('你好');
    expect(formatValue(undefined, '')).toBe('-');
    expect(formatValue('uid', 42)).toBe('42');
  });

  it('lines apply labels before formats; header has the BOM; file name in GMT+08:00', () => {
    const cols = [
      { key: 'on', title: 'On', format: 'bool' as const, labels: { true: '是', false: '否' } },
      { key: 'v', title: 'V', format: 'money' as const },
    ];
    expect(csvLine(cols, { on: false, v: 100 })).toBe('否,1.00\r\n');
    expect(csvHeader(cols)).toBe('\uFEFFOn,V\r\n');
    expect(csvFileName('goldlogs', new Date('2026-11-22T16:05:09Z'))).toBe('goldlogs-20261123-000509.csv');
  });
});
