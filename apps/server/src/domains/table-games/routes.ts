/** Tongits and pusoy beyond the house shape: 1v1 tables, rooms and stakes, AI seats, cheat thresholds and flags, jackpot pools (issue 7). Being built. */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';

export const tableGameOperations: Operation[] = [];
export const tableGamePlatformOperations: PlatformOperation[] = [];
