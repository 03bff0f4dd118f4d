import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/**
 * Screens built in this folder (README.md; docs/api/rooms.md): room templates and
 * tables, quick match, the mini-games' quick templates, the partner game reports and the
 * partner game store.
 */
export const roomsScreens: ScreenMap = {
  '/platmanager/template': lazy(() => import('./configs').then((m) => ({ default: m.Templates }))),
  '/platmanager/table': lazy(() => import('./tables').then((m) => ({ default: m.Tables }))),
  '/platmanager/quicktemplate': lazy(() => import('./configs').then((m) => ({ default: m.QuickTemplates }))),
  '/platmanager/quicktable': lazy(() => import('./tables').then((m) => ({ default: m.QuickTables }))),
  '/platmanager/tinygamequicktemplate': lazy(() => import('./configs').then((m) => ({ default: m.TinyQuickTemplates }))),
  '/platmanager/partnergamesum': lazy(() => import('./reports').then((m) => ({ default: m.PartnerGameSum }))),
  '/platmanager/partnergamelogs': lazy(() => import('./reports').then((m) => ({ default: m.PartnerGameLogs }))),
  '/partnermanager/gamestoreV1': lazy(() => import('./configs').then((m) => ({ default: m.GameStore }))),
};
