import { LOGIN_PATH, normalizePath } from './routes';

/** The navigation guard of §4 as a pure decision; Guard.tsx carries it out. */
export type GuardDecision = { kind: 'login' } | { kind: 'redirect'; to: string } | { kind: 'loadUser' } | { kind: 'enter' };

export interface GuardInput {
  path: string;
  search?: string;
  hasToken: boolean;
  /** The user (roles) has been fetched for this token. */
  userLoaded: boolean;
}

export function loginUrl(target?: string): string {
  return target ? `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}` : LOGIN_PATH;
}

export function decideNavigation({ path, search = '', hasToken, userLoaded }: GuardInput): GuardDecision {
  const isLogin = normalizePath(path) === LOGIN_PATH;
  if (!hasToken) return isLogin ? { kind: 'login' } : { kind: 'redirect', to: loginUrl(path + search) };
  // Token and /login: go to / (§4), or to the page the sign-in was asked for (the login
  // form only stores the token; this rule then takes the account where it was going).
  if (isLogin) return { kind: 'redirect', to: safeRedirect(new URLSearchParams(search).get('redirect')) };
  if (!userLoaded) return { kind: 'loadUser' };
  return { kind: 'enter' };
}

/** The `redirect` query after sign-in: only a path of this app (no other origin, not /login). */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (normalizePath(raw.split(/[?#]/)[0]) === LOGIN_PATH) return '/';
  return raw;
}
