/** /agentcash: agent cash-out settings, review and figures (issue 9): staff operations and platform calls. Wired into app.ts; filled by this domain's work. */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';

export const agentCashOperations: Operation[] = [];
export const agentCashPlatformOperations: PlatformOperation[] = [];
