import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { fetchUserinfo } from './account-api';
import { decideNavigation } from './guard';
import { i18next, loadScreenLocales } from './i18n';
import { clearSession, getSession, setUser } from './session';
import { translateServerMessage } from './server-messages';
import { useSession } from './useSession';
import { toast } from './toast';

// Both are split out: the login page never loads the catalogue, the layout or a screen.
const LoginPage = lazy(() => import('../pages/LoginPage'));
let shellChunk: Promise<typeof import('./ShellRoot')> | null = null;
/** The shell's module once loaded: rendered as is, so the first shell render never suspends. */
let shellModule: typeof import('./ShellRoot') | null = null;
function loadShell() {
  // The layout only: what the screens need besides is asked for by ShellRoot once it is painted.
  shellChunk ??= import('./ShellRoot').then((m) => (shellModule = m));
  return shellChunk;
}
const ShellRoot = lazy(loadShell);

let screenSupport: Promise<typeof import('../modules/registry')> | null = null;
/**
 * The screen registry (every module's map of lazy screens, with the declarations some modules
 * read to build theirs: @console/activities, @console/games, @console/schemas, zod) and the
 * screens' strings (kit and modules locales): together about as much code as the layout, and
 * needed only once a screen renders. One promise, so React's `use` sees the same one.
 */
export function loadScreenSupport(): Promise<typeof import('../modules/registry')> {
  screenSupport ??= Promise.all([import('../modules/registry'), loadScreenLocales()]).then(
    ([registry]) => registry,
    (err: unknown) => {
      screenSupport = null;
      throw err;
    }, // the next screen asks again
  );
  return screenSupport;
}

/** The promise of loadScreenSupport if something asked for it already, else null. */
export function screenSupportAskedFor() {
  return screenSupport;
}

/** A plain spinner (no antd Spin, so the first chunk stays small). */
export function PageSpin() {
  return (
    <div style={{ display: 'flex', height: '100%', minHeight: 240, alignItems: 'center', justifyContent: 'center' }} aria-busy="true">
      <div className="console-spin" />
    </div>
  );
}

let loading: { token: string; promise: Promise<void> } | null = null;

/** The guard's loadUser step, once per token: the account (roles, partner) and, meanwhile, the shell's code. */
function loadUser(token: string) {
  if (loading?.token === token) return;
  // The guard's effect runs after its render's commit, with that render's decision: when the
  // account asked for by startBoot arrives between the two, the effect would ask again.
  const session = getSession();
  if (session.token === token && session.user) return;
  // The shell's code is fetched while the user info loads, and the account is set once both are
  // here: the guard then renders the shell at once. Had it rendered the lazy component, React
  // would show the Suspense fallback, render the shell in time slices once the module resolved,
  // and hold that back until 300 ms after the fallback appeared (its fallback throttle).
  const shell = loadShell().catch(() => {
    shellChunk = null;
  }); // a failed chunk: the lazy path asks again
  const promise = Promise.all([fetchUserinfo(token), shell])
    .then(
      ([u]) => {
        if (getSession().token === token) setUser(u);
      },
      (err: Error) => {
        // Failed route setup (§4, §8): clear the token, say why, and the guard goes to login with the redirect.
        clearSession();
        const text = err?.message && err.message !== 'Error' ? err.message : 'Has Error';
        toast.error(translateServerMessage(text, i18next.t));
      },
    )
    .finally(() => {
      if (loading?.token === token) loading = null;
    });
  loading = { token, promise };
}

/**
 * Called by main.tsx before the first render. A page opened with a token (a reload, a link, the
 * first page after sign-in) asks for the account and the shell's code at once instead of after
 * React's first render and the guard's effect: on a cold load that render is CPU time with no
 * request on the wire, and the first screen's requests are a relay (account and shell code →
 * shell evaluated → screen code → screen data) whose every link starts later by as much.
 * Same step and same dedupe as the guard's effect (it finds this request under way).
 */
export function startBoot(at: { pathname: string; search: string } = window.location) {
  const { token, user } = getSession();
  if (!token) return;
  if (decideNavigation({ path: at.pathname, search: at.search, hasToken: true, userLoaded: !!user }).kind === 'loadUser') loadUser(token);
}

/** The §4 guard on every navigation (see guard.ts for the decision itself). */
export function Guard() {
  const location = useLocation();
  const { token, user } = useSession();
  const decision = decideNavigation({ path: location.pathname, search: location.search, hasToken: !!token, userLoaded: !!user });

  useEffect(() => {
    if (decision.kind === 'loadUser' && token) loadUser(token);
  }, [decision.kind, token]);

  switch (decision.kind) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'loadUser':
      return <PageSpin />;
    case 'login':
      return (
        <Suspense fallback={<PageSpin />}>
          <LoginPage />
        </Suspense>
      );
    case 'enter':
      if (shellModule) return <shellModule.default />;
      return (
        <Suspense fallback={<PageSpin />}>
          <ShellRoot />
        </Suspense>
      );
  }
}
