import type { ScreenMap } from '../registry';

/** Screens of Tongits and pusoy beyond the house shape: 1v1 tables, rooms and stakes, AI seats, cheat thresholds and flags, jackpot pools (issue 7). Being built. */
export const tablegamesScreens: ScreenMap = {};
