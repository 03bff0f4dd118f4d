/** /groundpromoters: settings and records of ground promoters (issue 9): staff operations and platform calls. Wired into app.ts; filled by this domain's work. */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';

export const groundPromoterOperations: Operation[] = [];
export const groundPromoterPlatformOperations: PlatformOperation[] = [];
