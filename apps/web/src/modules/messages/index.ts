import type { ScreenMap } from '../registry';

/** Screens of Messages to players: personal messages with attachments, service-message templates, announcements (issue 8). Being built. */
export const messagesScreens: ScreenMap = {};
