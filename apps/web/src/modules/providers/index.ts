import type { ScreenMap } from '../registry';

/** Screens of Third-party game providers (JILI and others): provider rounds, reports and transaction logs (issue 7). Being built. */
export const providersScreens: ScreenMap = {};
