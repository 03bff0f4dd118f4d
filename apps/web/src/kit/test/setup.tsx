/**
 * Component-test harness for kit screens (jsdom): browser APIs antd needs, an English
 * i18next instance with the kit and module strings, and a render helper that wraps a
 * screen in a router (with a probe of the current URL) and a fresh QueryClient.
 */
import type { ReactElement } from 'react';
import { afterAll, afterEach, vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App, Modal, message, notification } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import kitLocales from '../locales';
import moduleLocales from '../../modules/locales';

if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  // jsdom does not implement pseudo-element styles (antd asks for them): ignore the argument.
  const original = window.getComputedStyle;
  window.getComputedStyle = (elt: Element) => original(elt);
}

void i18next.use(initReactI18next).init({
  lng: 'en',
  resources: {
    en: { translation: { ...kitLocales.en, ...moduleLocales.en } },
    zh: { translation: { ...kitLocales.zh, ...moduleLocales.zh } },
  },
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

/** The query clients of this test's screens: let settle after the test (below). */
const clients = new Set<QueryClient>();

/**
 * After each test (and its cleanup), every call still running is let settle while the DOM
 * exists: a call that settles after the test's last assertion (TanStack Query notifies on a
 * timer) would otherwise render after the file's environment is gone ("window is not defined").
 */
afterEach(async () => {
  const busy = () => [...clients].some((c) => c.isMutating() > 0 || c.isFetching() > 0);
  for (let i = 0; i < 200 && busy(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  clients.clear();
});
// and once more before the file's environment goes: antd's global toasts and dialogs (a screen
// rendered outside renderScreen uses them) live in roots of their own that cleanup does not
// unmount, and their close timers would render after the DOM is gone; close them, then let the
// renders they schedule (React's scheduler, antd's motion) finish while the DOM still exists
afterAll(async () => {
  if (typeof document === 'undefined') return; // a node-environment file: no DOM, no toasts
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
  // antd's motions end on timers of up to 0.3 s, which a loaded machine fires late: 150 ms was not
  // always enough (CI at 106563b: "window is not defined" after tablegames.test.tsx)
  await new Promise((resolve) => setTimeout(resolve, 600));
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
});

export const location = { search: '', pathname: '' };
function LocationProbe() {
  const l = useLocation();
  location.search = l.search;
  location.pathname = l.pathname;
  return null;
}

export function renderScreen(ui: ReactElement, route = '/screen') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 } } });
  clients.add(client);
  return render(
    <QueryClientProvider client={client}>
      {/* antd's <App> as in the shell: toasts and dialogs render inside this root, so cleanup
          unmounts them with the screen (their timers go too) */}
      <App>
        <MemoryRouter initialEntries={[route]}>
          <LocationProbe />
          {ui}
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

/** The URL query the screen last wrote, as an object. */
export function currentQuery(): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(location.search));
}

/**
 * Catches the CSV downloads a screen starts: `text()` decodes the n-th file (its BOM kept
 * off), `bytes()` gives it raw, `fileName()` the name the link offered; `restore()` after.
 */
export function captureDownloads() {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((b: Blob) => {
    blobs.push(b);
    return 'blob:csv';
  });
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const bytes = async (n = 0) => new Uint8Array(await blobs[n].arrayBuffer());
  return {
    bytes,
    async text(n = 0) {
      return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytes(n));
    },
    fileName: (n = 0) => (click.mock.contexts[n] as HTMLAnchorElement).download,
    restore: () => click.mockRestore(),
  };
}
