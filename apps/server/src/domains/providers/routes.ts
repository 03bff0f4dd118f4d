/** Third-party game providers (JILI and others): provider rounds, reports and transaction logs (issue 7). Being built. */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';

export const providerOperations: Operation[] = [];
export const providerPlatformOperations: PlatformOperation[] = [];
