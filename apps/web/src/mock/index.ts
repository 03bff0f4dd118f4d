import { addSuccessCode, API_BASE, setTransport } from '../shell/request';
import { MockServer } from './handlers';

/**
 * Development mock mode (§7): main.tsx imports this only when VITE_MOCK is set, so the
 * production bundle never contains it. Requests never leave the browser.
 */
export function mockFetch(server: MockServer, base = API_BASE) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const u = new URL(url, 'http://mock.local');
    const path = u.pathname.startsWith(base) ? u.pathname.slice(base.length) || '/' : u.pathname;
    const headers = new Headers(init.headers);
    let body: unknown;
    try {
      body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    } catch {
      body = undefined;
    }
    await new Promise((r) => setTimeout(r, 80));
    const res = server.handle({ method: init.method ?? 'GET', path, query: u.searchParams, body, token: headers.get('X-Token') ?? undefined });
    return new Response(JSON.stringify(res.body), { status: res.status, headers: { 'Content-Type': 'application/json' } });
  };
}

export function installMock() {
  const server = new MockServer();
  setTransport(mockFetch(server));
  // From the browser console: __consoleMock.expireAll() makes the next call answer code -1.
  (globalThis as { __consoleMock?: MockServer }).__consoleMock = server;
  addSuccessCode(20000);
  console.info('[mock] development mock mode: requests are answered in the browser');
}
