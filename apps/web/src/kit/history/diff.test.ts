import { describe, expect, it } from 'vitest';
import { diffDocs, valueText } from './diff';

describe('diffDocs', () => {
  it('lists the fields that differ, lists compared whole, nested by path', () => {
    const a = { channel: 'gcash', feePercent: 2, products: ['a', 'b'], limits: { min: 1, max: 5 }, icon: '' };
    const b = { channel: 'gcash', feePercent: 3.5, products: ['a'], limits: { min: 1, max: 9 }, icon: '' };
    expect(diffDocs(a, b)).toEqual([
      { field: 'feePercent', before: 2, after: 3.5 },
      { field: 'products', before: ['a', 'b'], after: ['a'] },
      { field: 'limits.max', before: 5, after: 9 },
    ]);
  });

  it('a created or removed item shows every field against nothing; equal documents show none', () => {
    expect(diffDocs(null, { a: 1, b: [1] })).toEqual([
      { field: 'a', before: undefined, after: 1 },
      { field: 'b', before: undefined, after: [1] },
    ]);
    expect(diffDocs({ a: 1 }, null)).toEqual([{ field: 'a', before: 1, after: undefined }]);
    expect(diffDocs({ a: [1, 2] }, { a: [1, 2] })).toEqual([]);
  });

  it('writes values as one line', () => {
    expect([valueText(undefined), valueText(['x', 'y']), valueText([]), valueText(true), valueText({ a: 1 })]).toEqual(['—', 'x, y', '[]', 'true', '{"a":1}']);
  });
});
