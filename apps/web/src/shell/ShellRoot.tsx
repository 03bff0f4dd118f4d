import { catalog, filterCatalog } from '@console/catalog';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, Suspense, use, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import NotAvailablePage from '../pages/NotAvailablePage';
import NotFoundPage from '../pages/NotFoundPage';
import { AntdConfig } from './AntdConfig';
import { ExpiryDialogBridge, TwoFactorBridge } from './Feedback';
import { ScreenBoundary } from './ScreenBoundary';
import { AppLayout } from './layout/AppLayout';
import { loadScreenSupport, PageSpin, screenSupportAskedFor } from './Guard';
import { queryClient } from './queryClient';
import { mountToasts } from './toast';
import { buildAccess, resolveTarget, SETTINGS_PATH, type Access, type Target } from './routes';
import { useLanguage } from './useLanguage';
import { useSession } from './useSession';

const SettingsPage = lazy(() => loadScreenSupport().then(() => import('../pages/settings/SettingsPage')));
// The player detail over any screen while the URL holds ?player=<uid> (own chunk, loaded on demand).
const PlayerDrawer = lazy(() => loadScreenSupport().then(() => import('../modules/usermanager/player/PlayerDrawer')));

/**
 * The signed-in part of the app (its own chunk): the routes the account may see come from
 * filterCatalog over its roles and partner (§4 "derive the routes allowed … add them");
 * anything else is a 404 and is never rendered.
 */
export default function ShellRoot() {
  const { user } = useSession();
  const location = useLocation();
  const lang = useLanguage();
  const { t } = useTranslation();
  const access = useMemo(() => buildAccess(filterCatalog(catalog, { roles: user?.roles ?? [], partner: user?.partner ?? 0 })), [user]);
  const target: Target = resolveTarget(location.pathname, access);
  const title =
    target.kind === 'screen'
      ? target.entry.node.title[lang]
      : target.kind === 'settings'
        ? (access.screens.get(SETTINGS_PATH)?.node.title[lang] ?? t('settings.title'))
        : target.kind === 'notFound'
          ? t('notFound.title')
          : '';

  // Leaving the signed-in shell (logout, expiry) drops every cached answer of that account.
  useEffect(() => () => queryClient.clear(), []);
  useEffect(() => mountToasts(), []);
  useEffect(() => {
    dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  }, [lang]);
  useEffect(() => {
    if (title) document.title = `${title} - ${t('app.title')}`;
  }, [title, t]);

  return (
    <AntdConfig>
      <QueryClientProvider client={queryClient}>
        <AntApp message={{ maxCount: 3 }}>
          <ExpiryDialogBridge />
          <TwoFactorBridge />
          {target.kind === 'redirect' ? (
            <Navigate to={target.to} replace />
          ) : target.kind === 'notFound' ? (
            <NotFoundPage />
          ) : (
            <ShellPage access={access} target={target} title={title} />
          )}
          {target.kind !== 'redirect' && target.kind !== 'notFound' && <PlayerDrawerHost />}
        </AntApp>
      </QueryClientProvider>
    </AntdConfig>
  );
}

function PlayerDrawerHost() {
  const [search] = useSearchParams();
  const uid = search.get('player');
  if (!uid) return null;
  return (
    <ScreenBoundary key={uid}>
      <Suspense fallback={null}>
        <PlayerDrawer />
      </Suspense>
    </ScreenBoundary>
  );
}

/**
 * The screen built for a catalogue path, or "not available yet". The screen registry and the
 * screens' strings are asked for once the layout around it (menu, breadcrumb, top bar) has
 * been painted: they are about as much code to evaluate as the layout, on the same thread, and
 * the first page after sign-in would otherwise show nothing until all of it had run. Until
 * then, and while they load, the layout's spinner.
 */
function ScreenOf({ path, title }: { path: string; title: string }) {
  const [support, setSupport] = useState(screenSupportAskedFor);
  useEffect(() => {
    if (support) return;
    // a frame, then a task: the layout's first paint comes in between
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setSupport(loadScreenSupport()), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [support]);
  if (!support) return <PageSpin />;
  const Screen = use(support).screens[path];
  return Screen ? <Screen /> : <NotAvailablePage title={title} />;
}

function ShellPage({ access, target, title }: { access: Access; target: Target; title: string }) {
  const location = useLocation();

  let content;
  if (target.kind === 'settings') content = <SettingsPage />;
  else if (target.kind === 'screen') content = <ScreenOf path={target.entry.fullPath} title={title} />;
  return (
    <AppLayout access={access}>
      <ScreenBoundary key={location.pathname}>
        <Suspense fallback={<PageSpin />}>{content}</Suspense>
      </ScreenBoundary>
    </AppLayout>
  );
}
