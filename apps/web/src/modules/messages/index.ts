import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** Screens of /messages: personal messages with attachments, service-message templates, announcements. */
export const messagesScreens: ScreenMap = {
  '/messages/broadcast': lazy(() => import('./broadcast')),
  '/messages/prefabs': lazy(() => import('./prefabs')),
  '/messages/announcement': lazy(() => import('./announcement')),
};
