/** Game rounds and bets of every house game (issue 7). Being built. */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';

export const gameOperations: Operation[] = [];
export const gamePlatformOperations: PlatformOperation[] = [];
