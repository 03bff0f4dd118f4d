import Cookies from 'js-cookie';
import { setTokenGetter } from './request';

/**
 * The session (§3 Session user, §9): the token lives in a cookie, the user (roles,
 * partner, name…) only in memory, so a reload re-fetches it through the guard (§4).
 * React reads it with useSession (useSyncExternalStore).
 */
export const TOKEN_COOKIE = 'Admin-Token';

export interface SessionUser {
  username: string;
  name: string;
  avatar: string;
  telephone: string;
  roles: string[];
  bind2fa: boolean;
  /** Partner id, 0 for none. */
  partner: number;
}

export interface SessionState {
  token: string | undefined;
  user: SessionUser | null;
}

let state: SessionState = { token: Cookies.get(TOKEN_COOKIE) || undefined, user: null };
const listeners = new Set<() => void>();

function update(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

export function getSession(): SessionState {
  return state;
}
export function getToken(): string | undefined {
  return state.token;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setToken(token: string) {
  // Secure over HTTPS: the token never travels in clear once the console is served over TLS
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'strict', path: '/', secure: window.location.protocol === 'https:' });
  update({ token, user: null });
}

export function setUser(user: SessionUser) {
  update({ ...state, user });
}

/** Logout and failed route setup (§4): token, roles and user data all go. */
export function clearSession() {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  update({ token: undefined, user: null });
}

/** Re-reads the cookie (another tab may have signed in or out). */
export function reloadTokenFromCookie() {
  const token = Cookies.get(TOKEN_COOKIE) || undefined;
  if (token !== state.token) update({ token, user: null });
}

/** Normalises a server userinfo; null when it is missing or has no usable roles list. */
export function toSessionUser(info: unknown): SessionUser | null {
  if (!info || typeof info !== 'object') return null;
  const u = info as Record<string, unknown>;
  if (!Array.isArray(u.roles)) return null;
  const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));
  return {
    username: str(u.username),
    name: str(u.name) || str(u.username),
    avatar: str(u.avatar),
    telephone: str(u.telephone),
    roles: u.roles.filter((r): r is string => typeof r === 'string'),
    bind2fa: Boolean(u.bind2fa),
    partner: typeof u.partner === 'number' ? u.partner : Number(u.partner) || 0,
  };
}

export function hasAnyRole(user: SessionUser | null, roles: readonly string[]): boolean {
  return !!user && roles.some((r) => user.roles.includes(r));
}

setTokenGetter(getToken);
