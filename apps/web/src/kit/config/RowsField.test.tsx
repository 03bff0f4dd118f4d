// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { renderScreen } from '../test/setup';
import type { FieldDeclaration, FormValues } from '../types';
import { ConfigScreen, type ConfigScreenDeclaration } from './ConfigScreen';
import { formToSettings, settingsFieldsOf, settingsToForm } from './settingsFields';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

const MONEY = 1_000_000;
const schema = z.object({
  open: z.boolean(),
  tiers: z
    .array(
      z.object({
        reward: z.number().int().min(1).max(MONEY),
        count: z.number().int().min(1).max(50),
        vip: z.boolean(),
        currency: z.enum(['chip', 'bean']).default('chip'),
      }),
    )
    .min(1)
    .max(3),
});
const fields = settingsFieldsOf(schema, MONEY);
const decl: ConfigScreenDeclaration = {
  name: 'tiers',
  title: 'Tiers',
  load: { url: '/tiers', toForm: (d) => settingsToForm(fields, (d.settings ?? {}) as FormValues) },
  save: { url: '/tiers/update', body: (v) => ({ settings: formToSettings(fields, v) }) },
  fields: fields.map((f): FieldDeclaration => ({ name: f.key, label: `cfg.${f.key}`, kind: f.kind === 'switch' ? 'switch' : 'textarea' })),
  rows: { fields, columnLabel: (column) => (column === 'count' ? 'kit.details' : `cfg.${column}`) },
};
const settings = {
  open: true,
  tiers: [
    { reward: 1250, count: 3, vip: true, currency: 'bean' },
    { reward: 100, count: 1, vip: false, currency: 'chip' },
  ],
};

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (method) => (method === 'GET' ? { code: 200, data: { settings } } : { code: 200 }));
});
afterEach(cleanup);

// Queries by attribute (getByLabelText / getByRole are slow on antd's table).
const byLabel = <T extends Element>(label: string) => {
  const el = document.querySelector<T>(`[aria-label="${label}"]`);
  if (!el) throw new Error(`no element labelled ${label}`);
  return el;
};
const input = (label: string) => byLabel<HTMLInputElement>(label);
const button = (text: string) => screen.getByText(text).closest('button') as HTMLButtonElement;
const bodyRows = () => screen.getByTestId('rows-tiers').querySelectorAll('tbody tr.ant-table-row');

describe('RowsField in ConfigScreen', () => {
  it('shows the rows (money in pesos, columns labelled like fields), adds and removes one, saves the converted document', async () => {
    renderScreen(<ConfigScreen decl={decl} />);
    await waitFor(() => expect(input('reward (₱) 1').value).toBe('12.50'));
    expect(bodyRows()).toHaveLength(2);
    expect(input('reward (₱) 2').value).toBe('1.00');
    // The column label resolves like a field label (a translated key), else it is the key.
    expect(input('Details 1').value).toBe('3');
    expect(screen.getByText('cfg.tiers')).toBeTruthy();

    const add = button('Add row');
    fireEvent.click(add);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(add.disabled).toBe(true); // maxItems 3
    fireEvent.change(input('reward (₱) 3'), { target: { value: '7.25' } });
    fireEvent.change(input('Details 3'), { target: { value: '9' } });

    fireEvent.click(byLabel('Remove row 1'));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(button('Add row').disabled).toBe(false);

    fireEvent.click(button('Save'));
    await waitFor(() => expect(screen.getByText('Saving overwrites the current configuration')).toBeTruthy());
    fireEvent.click(button('OK'));
    await waitFor(() => expect(mocked.mock.calls.filter((c) => c[0] === 'POST')).toHaveLength(1));
    expect(mocked.mock.calls.find((c) => c[0] === 'POST')).toEqual([
      'POST',
      '/tiers/update',
      {
        data: {
          settings: {
            open: true,
            tiers: [
              { reward: 100, count: 1, vip: false, currency: 'chip' },
              { reward: 725, count: 9, vip: false, currency: 'chip' },
            ],
          },
        },
        silent: true,
      },
    ]);
    // the save settles (its toast, the reload) before the test ends
    await screen.findByText('Operation success');
  });

  it('cannot remove the last row at minItems', async () => {
    mocked.mockImplementation(async () => ({ code: 200, data: { settings: { open: false, tiers: [settings.tiers[0]] } } }));
    renderScreen(<ConfigScreen decl={decl} />);
    await waitFor(() => expect(input('reward (₱) 1').value).toBe('12.50'));
    expect(byLabel<HTMLButtonElement>('Remove row 1').disabled).toBe(true);
  });
});
