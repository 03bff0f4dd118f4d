/** Lost-player retrieval: campaigns to inactive players with a message and a reward, and their outcomes (issue 8). Being built. */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';

export const lostPlayerOperations: Operation[] = [];
export const lostPlayerPlatformOperations: PlatformOperation[] = [];
