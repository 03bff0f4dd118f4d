/** agents, rate history, T1/T2 rebates and the weekly settlement (issue 9): staff operations and platform calls. Wired into app.ts; filled by this domain's work. */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';

export const agentOperations: Operation[] = [];
export const agentPlatformOperations: PlatformOperation[] = [];
