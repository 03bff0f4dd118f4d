/** The platform API (contract "Platform API"): events and the wallet. docs/api/platform.md. */
import type { PlatformOperation } from '../../http/platform-operation';

export const platformOperations: PlatformOperation[] = [];
