import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';

/** §9: below 992 px the layout is mobile; the sidebar is 210 px wide; its state lives in a cookie. */
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COOKIE = 'sidebarStatus';

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT;
}

const query = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

function subscribe(listener: () => void) {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', listener);
  return () => mql.removeEventListener('change', listener);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Opened unless the cookie says closed ('0'); the first visit opens it. */
export function readSidebarOpened(): boolean {
  return Cookies.get(SIDEBAR_COOKIE) !== '0';
}

export function saveSidebarOpened(opened: boolean) {
  Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0', { sameSite: 'strict', path: '/', expires: 365 });
}
