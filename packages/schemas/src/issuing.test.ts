import { describe, expect, it } from 'vitest';
import { batchSendBody, describeLineError, MAX_BATCH_LINES, parseBatchText, updateIssueLimitBody } from './issuing';

const problems = (text: string) => parseBatchText(text).errors.map(describeLineError);

describe('parseBatchText', () => {
  it('reads uid,amount lines separated by commas, semicolons, tabs or spaces, quoted or not', () => {
    const { lines, errors } = parseBatchText('\uFEFFuid,amount\r\n1001,500\n 1002 ,\t7 \n\n1003\t\t9\r1004    10\n"1005","11"\n1006;12');
    expect(errors).toEqual([]);
    expect(lines).toEqual([
      { line: 2, uid: 1001, amount: 500 },
      { line: 3, uid: 1002, amount: 7 },
      { line: 5, uid: 1003, amount: 9 },
      { line: 6, uid: 1004, amount: 10 },
      { line: 7, uid: 1005, amount: 11 },
      { line: 8, uid: 1006, amount: 12 },
    ]);
  });

  it('names every problem with its line number', () => {
    expect(
      problems(
        [
          '1001,abc',
          '1002,1.5',
          '1003,0',
          '1004,-3',
          '1005,1000000000001',
          '1006,1000000000000',
          'x,5',
          '0,5',
          '3000000000,5',
          '1001,4',
          '1006,1',
          '1007',
          '1008,1,2',
          '',
          '1009,1e3',
          '1010,-0.5',
        ].join('\n'),
      ),
    ).toEqual([
      'Line 1: amount must be a whole number',
      'Line 2: amount must be a whole number',
      'Line 3: amount must be at least 1',
      'Line 4: amount must be at least 1',
      'Line 5: amount must be at most 1000000000000',
      'Line 7: uid must be a whole number',
      'Line 8: uid must be from 1 to 2147483647',
      'Line 9: uid must be from 1 to 2147483647',
      'Line 11: uid is already on line 6',
      'Line 12: expected uid,amount',
      'Line 13: expected uid,amount',
      'Line 15: amount must be a whole number',
      'Line 16: amount must be at least 1',
    ]);
  });

  it('a uid on two lines is an error on the second only when the first was valid', () => {
    expect(problems('1001,abc\n1001,5')).toEqual(['Line 1: amount must be a whole number']);
    expect(parseBatchText('1001,abc\n1001,5').lines).toEqual([{ line: 2, uid: 1001, amount: 5 }]);
  });

  it('an empty text, a header alone, and too many lines are refused as a whole', () => {
    expect(problems('')).toEqual(['No lines']);
    expect(problems('uid,amount\n\n')).toEqual(['No lines']);
    const many = Array.from({ length: MAX_BATCH_LINES + 1 }, (_, i) => `${i + 1},1`).join('\n');
    expect(problems(many)).toEqual([`Over ${MAX_BATCH_LINES} lines`]);
  });

  it('a header is only a header on the first line', () => {
    expect(problems('1001,5\nuid,amount')).toEqual(['Line 2: uid must be a whole number', 'Line 2: amount must be a whole number']);
  });
});

describe('request bodies', () => {
  it('reason required, at most 200 characters; text required', () => {
    expect(batchSendBody.safeParse({ text: '1,1', reason: 'x'.repeat(200) }).success).toBe(true);
    expect(batchSendBody.safeParse({ text: '1,1', reason: 'x'.repeat(201) }).error?.issues[0]?.message).toBe('Over 200 characters');
    expect(batchSendBody.safeParse({ text: '1,1', reason: ' \t' }).error?.issues[0]?.message).toBe('Required');
    expect(batchSendBody.safeParse({ text: '1,1', reason: 'r', extra: 1 }).success).toBe(false);
  });

  it('daily limits are whole numbers from 0 to 10^12, no strings', () => {
    expect(updateIssueLimitBody.safeParse({ group: 'Admin', chip: 0, withdrawable: 1e12 }).success).toBe(true);
    for (const chip of [-1, 1.5, '5', 1e12 + 1, null]) expect(updateIssueLimitBody.safeParse({ group: 'Admin', chip, withdrawable: 1 }).success).toBe(false);
    expect(updateIssueLimitBody.safeParse({ group: 'admin', chip: 1, withdrawable: 1 }).success).toBe(false);
  });
});
