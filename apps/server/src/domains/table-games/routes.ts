/**
 * Tongits and Pusoy beyond the house shape (docs/api/tablegames.md): the 1v1 and AI
 * dashboards with the jackpot pool, the settings screens (game settings, rooms, jackpot rules,
 * AI seats, cheat thresholds), permanent cheat flags and reported players; the platform call by
 * which table servers read their configuration back. The events game.reported and jackpot.won
 * are applied by the events call (domains/platform/events.ts → events.ts).
 */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { cheatOperations } from './cheat';
import { configOperations } from './config-routes';
import { dashboardOperations } from './dashboards';
import { tableGamePlatform } from './platform';

export const tableGameOperations: Operation[] = [...dashboardOperations, ...configOperations, ...cheatOperations];
export const tableGamePlatformOperations: PlatformOperation[] = tableGamePlatform;
