/** partners, cloud chips, coin dealers, bills and transfers (issue 9): staff operations and platform calls. Wired into app.ts; filled by this domain's work. */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';

export const partnerOperations: Operation[] = [];
export const partnerPlatformOperations: PlatformOperation[] = [];
