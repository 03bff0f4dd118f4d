/**
 * Game rounds and bets of every game: the staff operations of each game's screens
 * (screens.ts, one generic set per game of @console/games), and the platform call by which
 * game servers read their settings back. The game.round event is applied by the events call
 * (domains/platform/events.ts → rounds.ts). docs/api/games.md.
 */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { gamePlatform } from './platform';
import { gameScreens } from './screens';

export const gameOperations: Operation[] = gameScreens;
export const gamePlatformOperations: PlatformOperation[] = gamePlatform;
