// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../shell/i18n';
import { setTransport } from '../shell/request';
import { clearSession, getSession } from '../shell/session';
import ToastHolder from '../shell/ToastHolder';
import LoginPage from './LoginPage';

beforeAll(() => {
  initI18n('en');
  // antd's responsive helpers ask for matchMedia, which jsdom lacks
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});
afterEach(() => {
  cleanup();
  act(() => clearSession());
});

type Answer = { status: number; body: Record<string, unknown> };
function serve(answers: Answer[]) {
  const sent: Record<string, unknown>[] = [];
  setTransport(async (_url, init) => {
    sent.push(JSON.parse(String(init.body)));
    const a = answers.shift()!;
    return new Response(JSON.stringify(a.body), { status: a.status });
  });
  return sent;
}

function renderLogin() {
  render(
    <ConfigProvider>
      <ToastHolder />
      <LoginPage />
    </ConfigProvider>,
  );
  return {
    username: () => screen.getByLabelText<HTMLInputElement>('Username'),
    secret: () => screen.queryByLabelText('Password or one-time code') ?? screen.getByLabelText('One-time code'),
    submit: () => fireEvent.click(screen.getByRole('button', { name: /Sign in/ })),
  };
}

describe('login page (§5, §8)', () => {
  it('trims the username and stores the token of a code-200 answer', async () => {
    const sent = serve([{ status: 200, body: { code: 200, accessToken: 'tok' } }]);
    const f = renderLogin();
    fireEvent.change(f.username(), { target: { value: '  admin ' } });
    fireEvent.change(f.secret(), { target: { value: 'demo123456' } });
    f.submit();
    await waitFor(() => expect(getSession().token).toBe('tok'));
    expect(sent).toEqual([{ username: 'admin', password: 'demo123456' }]);
  });

  it('on 60205 asks for the one-time code in the same field and resends with the password and code', async () => {
    const sent = serve([
      { status: 401, body: { code: 60205, message: 'One-time code required' } },
      { status: 200, body: { code: 200, accessToken: 'tok2' } },
    ]);
    const f = renderLogin();
    fireEvent.change(f.username(), { target: { value: 'secadmin' } });
    fireEvent.change(f.secret(), { target: { value: 'pw123456' } });
    f.submit();
    await screen.findByLabelText('One-time code');
    expect(screen.queryByText(/认证失败/)).toBeNull();
    fireEvent.change(f.secret(), { target: { value: '123456' } });
    f.submit();
    await waitFor(() => expect(getSession().token).toBe('tok2'));
    expect(sent[1]).toEqual({ username: 'secadmin', password: 'pw123456', code: '123456' });
  });

  it('shows the red "认证失败:" + code on a refused sign-in and keeps no token', async () => {
    serve([{ status: 401, body: { code: 60204, message: 'Account and password are incorrect.' } }]);
    const f = renderLogin();
    fireEvent.change(f.username(), { target: { value: 'admin' } });
    fireEvent.change(f.secret(), { target: { value: 'wrong' } });
    f.submit();
    const failure = await screen.findByTestId('login-failure');
    expect(failure.textContent).toContain('认证失败:60204');
    expect(failure.getAttribute('style')).toContain('color');
    expect(getSession().token).toBeUndefined();
  });

  it('a code-200 answer without a token is a failure', async () => {
    serve([{ status: 200, body: { code: 200 } }]);
    const f = renderLogin();
    fireEvent.change(f.username(), { target: { value: 'admin' } });
    fireEvent.change(f.secret(), { target: { value: 'x' } });
    f.submit();
    expect((await screen.findByTestId('login-failure')).textContent).toContain('认证失败:200');
    expect(getSession().token).toBeUndefined();
  });
});
