// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../kit/test/setup';
import { FeedbackProvider } from '../../kit/feedback';
import { CreateApplicationButton, RotateSecretButton, SecretWorkflow } from './SecretWorkflow';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

beforeEach(() => {
  mocked.mockReset();
});
afterEach(cleanup);

const ui = () =>
  renderScreen(
    <FeedbackProvider>
      <SecretWorkflow>
        <CreateApplicationButton />
        <RotateSecretButton appId="demo-app" />
      </SecretWorkflow>
    </FeedbackProvider>,
    '/remoteconfig/application',
  );
const dialog = (title: RegExp) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => title.test(d.textContent ?? ''));
    if (!found) throw new Error(`no dialog ${title}`);
    return found;
  });

describe('the shown-once secret (kit SecretIssuer) on /remoteconfig/application', () => {
  it('creates: asks the fields first, then shows the secret the call answered', async () => {
    mocked.mockResolvedValue({ code: 200, data: { appId: 'game-x', secret: 'S3CRET-ONCE', previousUntil: null } });
    ui();
    fireEvent.click(screen.getByRole('button', { name: 'Add application' }));
    const form = await dialog(/Add application/);
    fireEvent.click(within(form).getByRole('button', { name: 'OK' }));
    expect((await within(form).findAllByText('Required')).length).toBeGreaterThan(0);
    expect(mocked).not.toHaveBeenCalled();
    fireEvent.change(within(form).getByLabelText('App id'), { target: { value: 'game-x' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Game X' } });
    fireEvent.click(within(form).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(mocked).toHaveBeenCalledWith('POST', '/remoteconfig/application/applications/create', { data: { appId: 'game-x', name: 'Game X' }, silent: true }),
    );
    const shown = await dialog(/Secret of game-x/);
    expect(within(shown).getByText('S3CRET-ONCE')).toBeTruthy();
    // (closed by "I have stored it" and then destroyed, destroyOnHidden: jsdom runs no close animation to see it)
    expect(within(shown).getByRole('button', { name: 'I have stored it' })).toBeTruthy();
  });

  it('rotates only after a confirmation, and says until when the old secret works', async () => {
    mocked.mockResolvedValue({ code: 200, data: { appId: 'demo-app', secret: 'NEW-SECRET', previousUntil: '2026-11-27T02:00:00.000Z' } });
    ui();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const form = await dialog(/Rotate the secret of demo-app/);
    fireEvent.click(within(form).getByRole('button', { name: 'OK' }));
    const confirm = await dialog(/stops signing after 24 hours/);
    expect(mocked).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(mocked).toHaveBeenCalledWith('POST', '/remoteconfig/application/applications/rotate', {
        data: { appId: 'demo-app', overlapHours: 24 },
        silent: true,
      }),
    );
    const shown = await dialog(/Secret of demo-app/);
    expect(within(shown).getByText('NEW-SECRET')).toBeTruthy();
    expect(within(shown).getByText(/The previous secret still signs until/)).toBeTruthy();
  });
});
