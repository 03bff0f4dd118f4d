/** room templates, tables, quick match, partner game store and game reports (issue 9): staff operations and platform calls. Wired into app.ts; filled by this domain's work. */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';

export const roomOperations: Operation[] = [];
export const roomPlatformOperations: PlatformOperation[] = [];
