// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { App, Button } from 'antd';
import { renderScreen } from './test/setup';
import { useKitMutation, usePreviewSend } from './mutation';

afterEach(cleanup);

function Sender({ preview, send }: { preview: () => Promise<{ players: number }>; send: (v: { note: string }) => Promise<{ id: number }> }) {
  const flow = usePreviewSend({
    preview,
    values: async () => ({ note: 'hello' }),
    confirm: (seen) => `Send to ${seen.players} players?`,
    send,
  });
  return (
    <>
      <span data-testid="seen">{flow.seen ? flow.seen.players : 'none'}</span>
      <Button onClick={() => void flow.preview()}>Preview</Button>
      <Button onClick={() => void flow.send()}>Send</Button>
    </>
  );
}

describe('usePreviewSend', () => {
  it('confirms with a fresh preview, sends once on OK, and clears the preview after', async () => {
    let players = 3;
    const preview = vi.fn(async () => ({ players: players++ }));
    const send = vi.fn(async () => ({ id: 7 }));
    renderScreen(
      <App>
        <Sender preview={preview} send={send} />
      </App>,
    );
    fireEvent.click(screen.getByText('Preview'));
    await waitFor(() => expect(screen.getByTestId('seen').textContent).toBe('3'));
    fireEvent.click(screen.getByText('Send'));
    // the audience is asked again before the confirmation: it shows the new figure
    await screen.findByText('Send to 4 players?');
    expect(send).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith({ note: 'hello' }, expect.anything());
    await waitFor(() => expect(screen.getByTestId('seen').textContent).toBe('none'));
  });

  it('cancelling the confirmation sends nothing; a refused preview asks nothing', async () => {
    const send = vi.fn(async () => ({ id: 1 }));
    const { unmount } = renderScreen(
      <App>
        <Sender preview={async () => ({ players: 2 })} send={send} />
      </App>,
    );
    fireEvent.click(screen.getByText('Send'));
    await screen.findByText('Send to 2 players?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(send).not.toHaveBeenCalled();
    unmount();

    renderScreen(
      <App>
        <Sender
          preview={async () => {
            throw new Error('refused');
          }}
          send={send}
        />
      </App>,
    );
    fireEvent.click(screen.getByText('Send'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/players\?/)).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });
});

function Saver({ call }: { call: (n: number) => Promise<string> }) {
  const m = useKitMutation({ call, showError: (text) => `Refused: ${text}` });
  return (
    <>
      <span data-testid="state">{m.busy ? 'busy' : (m.error ?? 'idle')}</span>
      <Button onClick={() => void m.run(5).then((r) => document.body.setAttribute('data-result', String(r)))}>Save</Button>
      <Button onClick={m.reset}>Reset</Button>
    </>
  );
}

describe('useKitMutation', () => {
  it('says "Operation success" after the call, and never rejects: a refusal resolves undefined and shows the worded message', async () => {
    renderScreen(
      <App>
        <Saver call={async (n) => `saved ${n}`} />
      </App>,
    );
    fireEvent.click(screen.getByText('Save'));
    await screen.findByText('Operation success');
    expect(document.body.getAttribute('data-result')).toBe('saved 5');
    cleanup();

    renderScreen(
      <App>
        <Saver
          call={async () => {
            throw new Error('Insufficient balance');
          }}
        />
      </App>,
    );
    fireEvent.click(screen.getByText('Save'));
    await screen.findByText('Refused: Insufficient balance');
    expect(document.body.getAttribute('data-result')).toBe('undefined');
    expect(screen.getByTestId('state').textContent).toBe('Insufficient balance');
    fireEvent.click(screen.getByText('Reset'));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('idle'));
  });
});
