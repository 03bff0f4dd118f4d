// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE, clearSession, getSession, hasAnyRole, reloadTokenFromCookie, setToken, setUser, subscribeSession, toSessionUser } from './session';
import { request, setTransport } from './request';

afterEach(() => clearSession());

describe('session store (§3, §9)', () => {
  it('keeps the token in a cookie and the user only in memory', () => {
    setToken('abc');
    expect(Cookies.get(TOKEN_COOKIE)).toBe('abc');
    setUser(toSessionUser({ username: 'admin', roles: ['admin'], partner: 0 })!);
    expect(getSession().user?.roles).toEqual(['admin']);
    expect(document.cookie).not.toContain('admin"');
  });

  it('a new token drops the previous user (roles are fetched again)', () => {
    setToken('a');
    setUser(toSessionUser({ username: 'x', roles: ['sales'] })!);
    setToken('b');
    expect(getSession()).toEqual({ token: 'b', user: null });
  });

  it('clearSession removes token, roles and user data, and notifies subscribers', () => {
    let calls = 0;
    const off = subscribeSession(() => {
      calls++;
    });
    setToken('abc');
    setUser(toSessionUser({ username: 'a', roles: ['admin'] })!);
    clearSession();
    off();
    expect(calls).toBe(3);
    expect(getSession()).toEqual({ token: undefined, user: null });
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
  });

  it('picks up a token another tab wrote to the cookie', () => {
    Cookies.set(TOKEN_COOKIE, 'from-other-tab');
    reloadTokenFromCookie();
    expect(getSession().token).toBe('from-other-tab');
  });

  it('sends the token as X-Token with the app id', async () => {
    let seen: Headers | undefined;
    setTransport(async (_url, init) => {
      seen = new Headers(init.headers);
      return new Response('{"code":200}');
    });
    setToken('tok-1');
    await request('GET', '/admin/userinfo');
    expect(seen?.get('X-Token')).toBe('tok-1');
    expect(seen?.get('X-App-Id')).toBe('console-web');
    clearSession();
    await request('GET', '/x');
    expect(seen?.get('X-Token')).toBeNull();
  });

  it('normalises the server userinfo and refuses a missing one', () => {
    expect(toSessionUser(undefined)).toBeNull();
    expect(toSessionUser({ username: 'a' })).toBeNull();
    expect(toSessionUser({ username: 'p', roles: ['partner', 3], partner: '2', bind2fa: 1 })).toEqual({
      username: 'p',
      name: 'p',
      avatar: '',
      telephone: '',
      roles: ['partner'],
      bind2fa: true,
      partner: 2,
    });
  });

  it('hasAnyRole is any-of', () => {
    const u = toSessionUser({ username: 'a', roles: ['business', 'service'] });
    expect(hasAnyRole(u, ['service', 'admin'])).toBe(true);
    expect(hasAnyRole(u, ['admin'])).toBe(false);
    expect(hasAnyRole(null, ['admin'])).toBe(false);
  });
});
