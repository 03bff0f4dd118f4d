import { describe, expect, it } from 'vitest';
import { decideNavigation, loginUrl, safeRedirect } from './guard';

describe('navigation guard (§4)', () => {
  it('without a token only /login is allowed; anything else goes to login with the target', () => {
    expect(decideNavigation({ path: '/login', hasToken: false, userLoaded: false })).toEqual({ kind: 'login' });
    expect(decideNavigation({ path: '/usermanager/userlist', search: '?uid=7', hasToken: false, userLoaded: false })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fusermanager%2Fuserlist%3Fuid%3D7',
    });
    expect(decideNavigation({ path: '/', hasToken: false, userLoaded: false })).toEqual({ kind: 'redirect', to: '/login?redirect=%2F' });
    expect(decideNavigation({ path: '/404', hasToken: false, userLoaded: false }).kind).toBe('redirect');
  });

  it('with a token, /login goes to /', () => {
    expect(decideNavigation({ path: '/login', hasToken: true, userLoaded: false })).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation({ path: '/login/', hasToken: true, userLoaded: true })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('with a token, /login?redirect=… (a sign-in that just succeeded) goes to that page of the app', () => {
    expect(decideNavigation({ path: '/login', search: '?redirect=%2Fadminmanager%2Fediter', hasToken: true, userLoaded: false })).toEqual({
      kind: 'redirect',
      to: '/adminmanager/editer',
    });
    expect(decideNavigation({ path: '/login', search: '?redirect=https%3A%2F%2Fevil.example', hasToken: true, userLoaded: false })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('with a token but no roles loaded, the user is fetched first; then the target is entered', () => {
    expect(decideNavigation({ path: '/homepage', hasToken: true, userLoaded: false })).toEqual({ kind: 'loadUser' });
    expect(decideNavigation({ path: '/homepage', hasToken: true, userLoaded: true })).toEqual({ kind: 'enter' });
  });

  it('builds the login address with an encoded redirect', () => {
    expect(loginUrl()).toBe('/login');
    expect(loginUrl('/a b')).toBe('/login?redirect=%2Fa%20b');
  });

  it('follows only redirects inside the app', () => {
    expect(safeRedirect('/adminmanager/editer?x=1')).toBe('/adminmanager/editer?x=1');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
  });
});
