/** /gamehomepage (issue 7): the lobby configuration and the platform's lobby call. Being built. */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';

export const lobbyOperations: Operation[] = [];
export const lobbyPlatformOperations: PlatformOperation[] = [];
