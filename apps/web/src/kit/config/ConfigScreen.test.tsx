// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { renderScreen } from '../test/setup';
import { ApiError } from '../../shell/request';
import type { ConfigDeclaration } from '../types';
import { ConfigScreen } from './ConfigScreen';
import { fieldsFromSchema } from './schemaFields';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

const schema = z.object({
  title: z.string().min(1),
  maxDaily: z.number().int().max(100, 'At most 100'),
  enabled: z.boolean(),
  mode: z.enum(['fast', 'safe']).optional().describe('How it runs'),
});
const decl: ConfigDeclaration = {
  name: 'family',
  title: 'Family config',
  load: { url: '/family/config' },
  save: { url: '/family/config/save' },
  schema,
  labelPrefix: 'cfg',
};
const current = { title: 'Families', maxDaily: 5, enabled: true, mode: 'safe' };

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (method) => (method === 'GET' ? { code: 200, data: current } : { code: 200 }));
});
afterEach(cleanup);

const posts = () => mocked.mock.calls.filter((c) => c[0] === 'POST');

describe('fieldsFromSchema', () => {
  it('maps zod types to field kinds, optionality and help', () => {
    expect(fieldsFromSchema(schema, 'cfg')).toEqual([
      { name: 'title', label: 'cfg.title', kind: 'text', required: true, help: undefined },
      { name: 'maxDaily', label: 'cfg.maxDaily', kind: 'number', required: true, help: undefined },
      { name: 'enabled', label: 'cfg.enabled', kind: 'switch', required: false, help: undefined },
      {
        name: 'mode',
        label: 'cfg.mode',
        kind: 'select',
        required: false,
        help: 'How it runs',
        options: [
          { value: 'fast', label: 'fast', literal: true },
          { value: 'safe', label: 'safe', literal: true },
        ],
      },
    ]);
  });
});

describe('ConfigScreen', () => {
  it('loads the current values into the form', async () => {
    renderScreen(<ConfigScreen decl={decl} />);
    const title = await screen.findByLabelText<HTMLInputElement>('cfg.title');
    await waitFor(() => expect(title.value).toBe('Families'));
    expect(mocked).toHaveBeenCalledWith('GET', '/family/config', { params: undefined, silent: true });
    expect(screen.getByText('How it runs')).toBeTruthy();
  });

  it('asks before overwriting, then posts the values and says "Operation success"', async () => {
    renderScreen(<ConfigScreen decl={decl} />);
    const title = await screen.findByLabelText<HTMLInputElement>('cfg.title');
    await waitFor(() => expect(title.value).toBe('Families'));
    fireEvent.change(title, { target: { value: 'Clans' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Saving overwrites the current configuration')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Operation success')).toBeTruthy();
    expect(posts()[0]).toEqual(['POST', '/family/config/save', { data: { ...current, title: 'Clans' }, silent: true }]);
  });

  it('maps the loaded values for the form (toForm) and back for the save (body)', async () => {
    const money: ConfigDeclaration = {
      ...decl,
      load: { url: '/family/config', toForm: (d) => ({ ...d, maxDaily: (d.maxDaily as number) / 100 }) },
      save: { url: '/family/config/save', body: (v) => ({ ...v, maxDaily: Math.round((v.maxDaily as number) * 100) }) },
      schema: undefined,
      fields: [
        { name: 'title', label: 'cfg.title', kind: 'text' },
        { name: 'maxDaily', label: 'cfg.maxDaily', kind: 'number' },
      ],
    };
    mocked.mockImplementation(async (method) => (method === 'GET' ? { code: 200, data: { title: 'Families', maxDaily: 1250 } } : { code: 200 }));
    renderScreen(<ConfigScreen decl={money} />);
    const amount = await screen.findByLabelText<HTMLInputElement>('cfg.maxDaily');
    await waitFor(() => expect(amount.value).toBe('12.5'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts()[0]).toEqual(['POST', '/family/config/save', { data: { title: 'Families', maxDaily: 1250 }, silent: true }]));
  });

  it('does not save when the confirmation is cancelled', async () => {
    renderScreen(<ConfigScreen decl={decl} />);
    await waitFor(async () => expect((await screen.findByLabelText<HTMLInputElement>('cfg.title')).value).toBe('Families'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Operation cancelled')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('shows schema errors on the field and does not ask or save', async () => {
    mocked.mockImplementation(async () => ({ code: 200, data: { ...current, maxDaily: 500 } }));
    renderScreen(<ConfigScreen decl={decl} />);
    await waitFor(async () => expect((await screen.findByLabelText<HTMLInputElement>('cfg.title')).value).toBe('Families'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 100')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('shows a save error', async () => {
    renderScreen(<ConfigScreen decl={decl} />);
    await waitFor(async () => expect((await screen.findByLabelText<HTMLInputElement>('cfg.title')).value).toBe('Families'));
    mocked.mockRejectedValueOnce(new ApiError(409, 'An activity is running'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('An activity is running')).toBeTruthy();
  });

  it('shows the load error with a retry', async () => {
    mocked.mockRejectedValueOnce(new ApiError(0, 'Network Error'));
    renderScreen(<ConfigScreen decl={decl} />);
    expect(await screen.findByText('Could not load the data')).toBeTruthy();
    expect(screen.getByText('Network Error')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect((await screen.findByLabelText<HTMLInputElement>('cfg.title')).value).toBe('Families'));
  });
});
