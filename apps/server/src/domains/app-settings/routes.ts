/** SMS routing and logs, game store, award tables, regional blocking and allow lists; the platform remote configuration (issue 8). Being built. */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';

export const appSettingOperations: Operation[] = [];
export const appSettingPlatformOperations: PlatformOperation[] = [];
