import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formToSettings, settingsFieldsOf, settingsToForm } from './settingsFields';

const MONEY = 1_000_000;
const schema = z.object({
  open: z.boolean(),
  tiers: z
    .array(
      z.object({
        reward: z.number().int().min(100).max(MONEY),
        count: z.number().int().min(1).max(50),
        vip: z.boolean(),
        currency: z.enum(['chip', 'bean']).default('chip'),
        note: z.string(),
      }),
    )
    .min(1)
    .max(3),
  nested: z.array(z.object({ steps: z.array(z.number().int()) })),
  either: z.array(z.union([z.object({ a: z.number() }), z.object({ b: z.string() })])),
  plain: z.array(z.number().int()),
});

describe('settingsFieldsOf', () => {
  it('gives a table of flat objects as rows with its columns and bounds; nested tables stay JSON', () => {
    const fields = settingsFieldsOf(schema, MONEY);
    expect(fields.map((f) => [f.key, f.kind])).toEqual([
      ['open', 'switch'],
      ['tiers', 'rows'],
      ['nested', 'json'],
      ['either', 'json'],
      ['plain', 'json'],
    ]);
    expect(fields[1]).toEqual({
      key: 'tiers',
      kind: 'rows',
      minItems: 1,
      maxItems: 3,
      columns: [
        { key: 'reward', kind: 'money', min: 1, max: 10_000 },
        { key: 'count', kind: 'number', min: 1, max: 50 },
        { key: 'vip', kind: 'switch' },
        { key: 'currency', kind: 'select', options: ['chip', 'bean'], default: 'chip' },
        { key: 'note', kind: 'text' },
      ],
    });
  });

  it('leaves the bounds off a table without them', () => {
    const [f] = settingsFieldsOf(z.object({ steps: z.array(z.object({ loss: z.number().int() })) }), MONEY);
    expect(f).toEqual({ key: 'steps', kind: 'rows', columns: [{ key: 'loss', kind: 'number', min: expect.any(Number), max: expect.any(Number) }] });
  });
});

describe('settingsToForm / formToSettings', () => {
  const fields = settingsFieldsOf(schema, MONEY);
  const doc = {
    open: true,
    tiers: [
      { reward: 1250, count: 3, vip: true, currency: 'bean', note: 'first' },
      { reward: 100, count: 1, vip: false, currency: 'chip', note: '' },
    ],
    nested: [{ steps: [1, 2] }],
    either: [{ a: 1 }],
    plain: [1, 2],
  };

  it("shows the rows' money cells in pesos and the other tables as JSON", () => {
    const form = settingsToForm(fields, doc);
    expect(form.tiers).toEqual([
      { reward: 12.5, count: 3, vip: true, currency: 'bean', note: 'first' },
      { reward: 1, count: 1, vip: false, currency: 'chip', note: '' },
    ]);
    expect(form.nested).toBe('[{"steps":[1,2]}]');
    expect(form.plain).toBe('[1,2]');
  });

  it('round-trips the document, rows back in centavos (a switch left empty is off)', () => {
    expect(formToSettings(fields, settingsToForm(fields, doc))).toEqual(doc);
    const edited = { ...settingsToForm(fields, doc), tiers: [{ reward: 0.29, count: 2, currency: 'chip', note: 'x' }] };
    expect(formToSettings(fields, edited).tiers).toEqual([{ reward: 29, count: 2, vip: false, currency: 'chip', note: 'x' }]);
  });

  it('keeps a rows value that is not a list as it is', () => {
    expect(settingsToForm(fields, { ...doc, tiers: undefined }).tiers).toBeUndefined();
  });
});
