/** /gameserver (issue 7): game servers, their heartbeats and logs. Being built. */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';

export const gameServerOperations: Operation[] = [];
export const gameServerPlatformOperations: PlatformOperation[] = [];
