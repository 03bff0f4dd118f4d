// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';

/*
 * The first page after sign-in (or any page opened with a token) boots as a relay: the account and
 * the shell's code, then the shell evaluated, then the screen's code, then its data. The first link
 * used to start only after React's first render and the guard's effect, CPU time with no request
 * on the wire; a cold first page on a busy machine then spent long enough on the boot spinner that
 * the screen walk (which judges a page when the network has been quiet for 500 ms) reported it as
 * crashed. main.tsx now starts that first link before it renders anything.
 */

// The roots main.tsx renders into, unmounted after each test: an app left mounted went on with
// its work (a lazy chunk arriving, a timer) after the file's jsdom was torn down, and React's
// scheduler then failed with `window is not defined` (five uncaught errors on a slow machine).
const roots: { unmount(): void }[] = [];
vi.mock('react-dom/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('react-dom/client')>();
  return {
    ...original,
    createRoot: (...args: Parameters<typeof original.createRoot>) => {
      const root = original.createRoot(...args);
      roots.push(root);
      return root;
    },
  };
});

// The signed-in shell itself is not under test here (and is large): a stand-in.
vi.mock('./ShellRoot', () => ({ default: () => <div data-testid="shell">shell</div> }));
vi.mock('../modules/locales', () => ({ default: { en: {}, zh: {} } }));

// Requests of this test's page.
const calls: string[] = [];
let answerUserinfo: ((body: unknown) => void) | null = null;

async function openPage(path: string, token: string | null) {
  vi.resetModules();
  document.cookie = token ? `Admin-Token=${token}; path=/` : 'Admin-Token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  window.history.replaceState({}, '', path);
  document.body.innerHTML = '<div id="root"></div>';
  const { setTransport } = await import('./request');
  setTransport((url) => {
    calls.push(url);
    if (url.includes('/admin/userinfo')) {
      return new Promise((resolve) => {
        answerUserinfo = (body) => resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
      });
    }
    return new Promise(() => {});
  });
  await import('../main');
}

beforeEach(() => {
  calls.length = 0;
  answerUserinfo = null;
});
afterEach(async () => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.innerHTML = '';
  // what React had already scheduled runs now, while the window is still there
  await new Promise((resolve) => setTimeout(resolve, 20));
});

describe('boot (main.tsx): a page opened with a token', () => {
  it('asks for the account before React renders anything, and the guard does not ask again', async () => {
    await openPage('/agentcash/agent_config', 'tok-1');
    // main.tsx has run: nothing is rendered yet, the account request is already on its way.
    expect(document.getElementById('root')!.innerHTML).toBe('');
    expect(calls).toEqual(['/api/admin/userinfo?token=tok-1']);

    // React renders the boot spinner; the guard's effect finds the request under way.
    await waitFor(() => expect(document.querySelector('.console-spin')).not.toBeNull());
    expect(calls.filter((u) => u.includes('/admin/userinfo'))).toHaveLength(1);

    // The account arrives: the shell is entered on the page that was asked for.
    answerUserinfo!({ code: 200, userinfo: { username: 'partner', roles: ['partner'], partner: 1 } });
    await waitFor(() => expect(document.querySelector('[data-testid="shell"]')).not.toBeNull());
    expect(window.location.pathname).toBe('/agentcash/agent_config');
    expect(
      calls.filter((u) => u.includes('/admin/userinfo')),
      JSON.stringify(calls),
    ).toHaveLength(1);
  });

  it('an account request refused before the first render still says why, and goes to sign-in', async () => {
    await openPage('/agentcash/agent_config', 'tok-3');
    answerUserinfo!({ code: 50008, message: 'Token refused for this test' });
    // The toast waits for antd's message, a chunk of its own loaded with the first toast (the
    // sign-in page carries no antd): a fresh import of antd in jsdom, seconds on a busy machine.
    await waitFor(() => expect(document.body.textContent).toContain('Token refused for this test'), { timeout: 30_000 });
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/agentcash/agent_config');
  });

  it('asks nothing on the sign-in page without a token', async () => {
    await openPage('/login', null);
    expect(calls).toEqual([]);
  });

  it('asks nothing before rendering /login with a token (the guard sends it on to the app first)', async () => {
    await openPage('/login?redirect=%2Fagentcash%2Fagent_config', 'tok-2');
    expect(calls).toEqual([]);
    // The guard redirects to the page asked for, then loads the account there (once).
    await waitFor(() => expect(window.location.pathname).toBe('/agentcash/agent_config'));
    await waitFor(() => expect(calls.filter((u) => u.includes('tok-2'))).toEqual(['/api/admin/userinfo?token=tok-2']));
  });
});
